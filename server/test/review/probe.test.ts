// The probe of a MINI App's in-app purchase webhook: a careful receiver (refuses a wrong signature,
// grants an order once, ignores an order never reserved) passes; a careless one, which grants
// whatever comes and sends a service message for it, fails; one that answers 200 and does nothing
// visible is a warn that says what could not be seen.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeMiniApp, type IapProbeTarget } from '../../src/review/probe/index.js';
import { PlatformCallRecorder } from '../../src/platform-calls/index.js';
import { signBody } from '../../src/webhooks/signature.js';
import { platform } from './session-records.js';

const SECRET = '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
const CHANNEL = '1650000001';
const PAID = { orderId: 'order-1', productId: 'coins_100', userId: 'U0000000000000000000000000000a11c', paidAt: Date.UTC(2026, 0, 1) };

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/**
 * A webhook receiver: `grant(orderId, signed, seen)` says whether it grants (`seen`: the orders it granted
 * before); a grant sends a service message (recorded). `refuseBad`: a wrong signature or an order never reserved is refused.
 */
async function receiver(
  recorder: PlatformCallRecorder,
  grant: (orderId: string, signed: boolean, seen: Set<string>) => boolean,
  refuseBad: boolean,
  seen = new Set<string>(),
) {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const signed = req.headers['x-service-signature'] === signBody(SECRET, body);
      if (!signed && refuseBad) return res.writeHead(401).end();
      const { orderId } = JSON.parse(body) as { orderId: string };
      // A careful receiver knows its reservations: an order it never reserved is refused.
      if (refuseBad && orderId !== PAID.orderId) return res.writeHead(400).end();
      if (grant(orderId, signed, seen)) recorder.add(platform(0, 'notifier.send', { wallAt: Date.now(), status: 200 }));
      seen.add(orderId);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/webhook`;
}

async function probe(recorder: PlatformCallRecorder, target: IapProbeTarget) {
  const findings = await probeMiniApp(
    {
      iapTarget: async () => target,
      platformCalls: recorder,
      headers: { signature: 'X-Service-Signature', channelSignature: 'X-Service-ChannelSignature' },
      clock: { now: () => Date.UTC(2026, 0, 2) },
    },
    { liffId: '1650000001-liffapp1', settleMs: 50, timeoutMs: 2000 },
  );
  return Object.fromEntries(findings.map((f) => [f.check, f]));
}

describe('probing the in-app purchase webhook', () => {
  it('passes what a careful receiver refuses, and warns of the repeat it answers 200', async () => {
    const recorder = new PlatformCallRecorder();
    // The platform's own delivery of the paid order came before the probe: the receiver granted it then.
    const granted = new Set([PAID.orderId]);
    const url = await receiver(recorder, (orderId, signed, seen) => signed && !seen.has(orderId), true, granted);
    const f = await probe(recorder, { channelId: CHANNEL, channelSecret: SECRET, webhookUrl: url, paidOrder: PAID });
    expect(f['probe.signature']).toMatchObject({ status: 'pass', area: 'probe' });
    expect(f['probe.signature']!.seen).toContain('answered 401');
    // A repeat answered 200 with nothing after it: what the receiver did inside cannot be seen.
    expect(f['probe.duplicate']!.status).toBe('warn');
    expect(f['probe.unknown-order']).toMatchObject({ status: 'pass', seen: expect.stringContaining('answered 400') });
  });

  it('fails a receiver that grants whatever arrives, naming the platform call it made', async () => {
    const recorder = new PlatformCallRecorder();
    const url = await receiver(recorder, () => true, false);
    const f = await probe(recorder, { channelId: CHANNEL, channelSecret: SECRET, webhookUrl: url, paidOrder: PAID });
    expect(f['probe.signature']!.status).toBe('fail');
    expect(f['probe.signature']!.seen).toContain('POST /message/v3/notifier/send');
    expect(f['probe.duplicate']!.status).toBe('fail');
    expect(f['probe.unknown-order']!.status).toBe('fail');
  });

  it('warns of a 200 with nothing visible after it, saying what could not be seen', async () => {
    const recorder = new PlatformCallRecorder();
    const url = await receiver(recorder, () => false, false);
    const f = await probe(recorder, { channelId: CHANNEL, channelSecret: SECRET, webhookUrl: url, paidOrder: null });
    expect(f['probe.signature']).toMatchObject({ status: 'warn' });
    expect(f['probe.signature']!.seen).toContain('could not be seen');
    expect(f['probe.duplicate']!.seen).toContain('No paid order');
  });

  it('sends nothing without a registered webhook URL', async () => {
    const f = await probe(new PlatformCallRecorder(), { channelId: CHANNEL, channelSecret: SECRET, webhookUrl: null, paidOrder: PAID });
    expect(Object.keys(f)).toEqual(['probe.webhook']);
    expect(f['probe.webhook']!.status).toBe('warn');
  });
});
