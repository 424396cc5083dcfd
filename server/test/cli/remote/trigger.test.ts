/**
 * `embedkit trigger`: one signed webhook event of each type of the spec, posted to a
 * bot without the host, with a reply token the running embedkit accepts. Runs the built CLI.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { TRIGGER_TABLE } from '../../../src/webhooks/triggers.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, chatMessages, GROUP, startReceiver, TRIAL, type Receiver } from '../../bot/helpers.js';
import { onTestDatabase } from '../../helpers.js';

const run = promisify(execFile);
let server: RunningServer;
let bot: Receiver;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  bot = await startReceiver();
});
afterAll(async () => {
  await bot?.close();
  await server?.close();
});

/** Runs `embedkit trigger` against the server; resolves with its exit code and output. */
async function trigger(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [
      'server/dist/bin/embedkit.js',
      'trigger',
      ...args,
      '--url',
      server.baseUrl,
      '--channel-id',
      TRIAL.id,
      '--channel-secret',
      TRIAL.secret,
    ]);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

// Each case runs the CLI as its own process (about half a second each).
describe('embedkit trigger', { timeout: 60_000 }, () => {
  const CASES: [string[], Record<string, unknown>][] = [
    [
      ['message', '--text', 'hi bot'],
      { type: 'message', message: expect.objectContaining({ type: 'text', text: 'hi bot' }), source: { type: 'user', userId: ALICE } },
    ],
    [['follow'], { type: 'follow', source: { type: 'user', userId: ALICE } }],
    [['unfollow'], { type: 'unfollow', source: { type: 'user', userId: ALICE } }],
    [['join', '--group', GROUP], { type: 'join', source: { type: 'group', groupId: GROUP } }],
    [['leave', '--group', GROUP], { type: 'leave', source: { type: 'group', groupId: GROUP } }],
    [['postback', '--data', 'a=1'], { type: 'postback', postback: { data: 'a=1' } }],
    [['beacon', '--hwid', 'abc', '--beacon-type', 'banner'], { type: 'beacon', beacon: { hwid: 'abc', type: 'banner' } }],
    [['accountLink', '--result', 'failed', '--nonce', 'n1'], { type: 'accountLink', link: { result: 'failed', nonce: 'n1' } }],
    [['unsend', '--message-id', '77'], { type: 'unsend', unsend: { messageId: '77' }, source: { type: 'user', userId: ALICE } }],
    [
      ['memberJoined', '--group', GROUP],
      { type: 'memberJoined', joined: { members: [{ type: 'user', userId: ALICE }] }, source: { type: 'group', groupId: GROUP } },
    ],
    [
      ['memberLeft', '--group', GROUP],
      { type: 'memberLeft', left: { members: [{ type: 'user', userId: ALICE }] }, source: { type: 'group', groupId: GROUP } },
    ],
  ];
  // One test per type: each runs the CLI as its own process, slow on a loaded machine.
  it.each(CASES.map(([args, event]) => [args[0]!, args, event] as const))(
    '%s: posted signed with the channel secret, in the body embedkit’s deliveries have',
    async (type, args, event) => {
      const before = bot.received.length;
      const r = await trigger(...args, '--to', bot.url);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${type} → ${bot.url}: 200`);
      const got = (await bot.waitFor(before + 1))[before]!;
      expect(got.headers['x-service-signature']).toBe(createHmac('sha256', TRIAL.secret).update(got.raw).digest('base64'));
      expect(got.body.events).toEqual([expect.objectContaining({ ...event, timestamp: expect.any(Number) })]);
      const repliable = !['unfollow', 'leave', 'unsend', 'memberLeft', 'accountLink'].includes(type);
      expect(typeof got.body.events[0]!.replyToken === 'string', type).toBe(repliable);
    },
  );

  it('membership: its type and plan ID from --membership-type and --membership-id, with a reply token', async () => {
    const before = bot.received.length;
    const r = await trigger('membership', '--membership-type', 'renewed', '--membership-id', '3213', '--to', bot.url);
    expect(r.code, r.stderr).toBe(0);
    const event = (await bot.waitFor(before + 1))[before]!.body.events[0]!;
    expect(event).toMatchObject({
      type: 'membership',
      membership: { type: 'renewed', membershipId: 3213 },
      source: { type: 'user', userId: ALICE },
    });
    expect(event.replyToken).toEqual(expect.any(String));
    expect((await trigger('membership', '--membership-type', 'paid', '--to', bot.url)).code).not.toBe(0);
  });

  it('signs in <prefix>Signature: --header-prefix, else the running embedkit’s prefix', async () => {
    const before = bot.received.length;
    expect((await trigger('follow', '--to', bot.url, '--header-prefix', 'X-Line-')).code).toBe(0);
    const got = (await bot.waitFor(before + 1))[before]!;
    expect(got.headers['x-line-signature']).toBe(createHmac('sha256', TRIAL.secret).update(got.raw).digest('base64'));
    expect(got.headers['x-service-signature']).toBeUndefined();
    const lined = await startServer(
      onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }), headerPrefix: 'X-Line-' }),
    );
    try {
      const { stdout } = await run(process.execPath, [
        'server/dist/bin/embedkit.js',
        'trigger',
        'follow',
        '--to',
        bot.url,
        '--url',
        lined.baseUrl,
        '--channel-id',
        TRIAL.id,
        '--channel-secret',
        TRIAL.secret,
      ]);
      expect(stdout).toContain('200');
      const again = (await bot.waitFor(before + 2))[before + 1]!;
      expect(again.headers['x-line-signature']).toBe(createHmac('sha256', TRIAL.secret).update(again.raw).digest('base64'));
    } finally {
      await lined.close();
    }
  });

  it('gives a reply token the running embedkit accepts: the bot’s reply shows in the chat', async () => {
    const before = bot.received.length;
    expect((await trigger('message', '--text', 'reply to me', '--to', bot.url)).code).toBe(0);
    const event = (await bot.waitFor(before + 1))[before]!.body.events[0]!;
    const token = (
      await request(server.baseUrl)
        .post('/v2/oauth/accessToken')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: TRIAL.id, client_secret: TRIAL.secret })
    ).body.access_token;
    const reply = await request(server.baseUrl)
      .post('/v2/bot/message/reply')
      .set('Authorization', `Bearer ${token}`)
      .send({ replyToken: event.replyToken, messages: [{ type: 'text', text: 'replied' }] });
    expect(reply.status).toBe(200);
    expect((await chatMessages(server.embedkit, ALICE_BOT)).at(-1)!.message.text).toBe('replied');
  });

  it('says what to do: an unknown event, a join without a group, a bot that is down or answers 500', async () => {
    const unknown = await trigger('poke', '--to', bot.url);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      1,
      `embedkit trigger: unknown event poke: use one of ${Object.keys(TRIGGER_TABLE).join(', ')}`,
    ]);
    expect((await trigger('join', '--to', bot.url)).stderr).toContain('add --group <groupId> or --room <roomId>');
    const down = await trigger('follow', '--to', 'http://127.0.0.1:9/webhook');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('did not answer');
    bot.answers.push(500);
    const failing = await trigger('follow', '--to', bot.url);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('the bot answered 500');
    expect(failing.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('embedkit trigger message', { timeout: 60_000 }, () => {
  it('stores the user’s message in the chat first, as the host would: the event carries its ID', async () => {
    const before = bot.received.length;
    const r = await trigger('message', '--text', 'stored first', '--to', bot.url);
    expect(r.code, r.stderr).toBe(0);
    const event = (await bot.waitFor(before + 1))[before]!.body.events[0]!;
    const last = (await chatMessages(server.embedkit, ALICE_BOT)).at(-1)!;
    expect(last).toMatchObject({ sender: { type: 'user', id: ALICE }, message: { type: 'text', text: 'stored first' } });
    expect(event.message.id).toBe(last.id);
  });
});
