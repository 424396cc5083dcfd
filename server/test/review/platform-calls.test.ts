// The log of platform calls made for a MINI App: fed by the handler before the routes, which
// records what each call named (as hashes) and answered without changing the answer, bounded per channel.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Clock } from '../../src/clock/clock.js';
import { PlatformCallRecorder, watchPlatformCalls } from '../../src/platform-calls/index.js';
import { MAX_CALLS_PER_CHANNEL } from '../../src/platform-calls/recorder.js';
import { hashToken } from '../../src/tokens/secrets.js';
import { platform } from './session-records.js';

function app(recorder: PlatformCallRecorder) {
  const clock = new Clock();
  clock.advance(3_600_000);
  const a = express();
  a.use(express.json());
  a.use(
    watchPlatformCalls(recorder, clock, async (hash) =>
      hash === hashToken('liff-token') ? { userId: 'Ualice', channelId: '1650000001' } : undefined,
    ),
  );
  a.get('/oauth2/v2.1/verify', (_req, res) => void res.json({ client_id: '1650000001', expires_in: 100 }));
  a.post('/message/v3/notifier/send', (_req, res) => {
    res.locals.channel = { channel_id: '1650000001' };
    res.status(403).json({ message: 'The template nope cannot be found in channel 1650000001' });
  });
  a.get('/v2/profile', (_req, res) => void res.json({}));
  return { a, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the platform calls log', () => {
  it('records a verify with the hash of the token it named and whose token it is, on both clocks', async () => {
    const recorder = new PlatformCallRecorder();
    const { a } = app(recorder);
    const res = await request(a).get('/oauth2/v2.1/verify?access_token=liff-token');
    expect(res.body).toEqual({ client_id: '1650000001', expires_in: 100 });
    await settle();
    const [call] = recorder.calls('1650000001');
    expect(call).toMatchObject({ operation: 'verify', status: 200, userId: 'Ualice', tokenHash: hashToken('liff-token') });
    expect(call!.at - call!.wallAt).toBe(3_600_000);
    expect(JSON.stringify(call)).not.toContain('liff-token');
  });

  it("records a refused send with its template and the refusal's text, under the channel authentication named", async () => {
    const recorder = new PlatformCallRecorder();
    await request(app(recorder).a)
      .post('/message/v3/notifier/send')
      .send({ templateName: 'nope', notificationToken: 'n-token', params: {} })
      .expect(403);
    await settle();
    expect(recorder.calls('1650000001')).toEqual([
      expect.objectContaining({
        operation: 'notifier.send',
        status: 403,
        templateName: 'nope',
        sentTokenHash: hashToken('n-token'),
        error: expect.stringContaining('cannot be found'),
      }),
    ]);
  });

  it('records nothing of other calls, and keeps the newest calls of a channel', async () => {
    const recorder = new PlatformCallRecorder();
    await request(app(recorder).a).get('/v2/profile').expect(200);
    await settle();
    expect(recorder.calls('1650000001')).toEqual([]);
    for (let i = 0; i < MAX_CALLS_PER_CHANNEL + 5; i++) recorder.add(platform(i, 'verify'));
    expect(recorder.calls('1650000001')).toHaveLength(MAX_CALLS_PER_CHANNEL);
    expect(recorder.calls('1650000001')[0]!.wallAt).toBe(platform(5, 'verify').wallAt);
  });
});
