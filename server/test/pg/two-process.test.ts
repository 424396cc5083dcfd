// Team sandbox: two embedkit processes on one PostgreSQL schema behave as one server.
// Needs DATABASE_URL (`npm run test:pg`) and a build (`node scripts/build.mjs`); skipped otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, startReceiver, TRIAL, type Receiver } from '../bot/helpers.js';
import { TEST_DATABASE_URL } from '../helpers.js';

const CLI = fileURLToPath(new URL('../../dist/bin/embedkit.js', import.meta.url));

interface Child {
  process: ChildProcess;
  baseUrl: string;
}

/** Starts `embedkit --port 0` on the shared schema; resolves with its URL at the ready line. */
function startChild(url: string, schema: string): Promise<Child> {
  const child = spawn(
    process.execPath,
    [CLI, '--port', '0', '--database-url', url, '--database-schema', schema, '--scenario', BOTS_SCENARIO],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '' },
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready line within 20 s:\n${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const ready = /embedkit ready: (http:\/\/localhost:\d+)\//.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve({ process: child, baseUrl: ready[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedkit exited with ${code}:\n${out}`));
    });
  });
}

function stopChild(c: Child | undefined): Promise<void> {
  if (!c || c.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    c.process.once('exit', () => resolve());
    c.process.kill('SIGTERM');
  });
}

async function channelToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v2/oauth/accessToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: TRIAL.id, client_secret: TRIAL.secret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Reads server-sent events until one matches, or fails after `timeoutMs`. */
async function waitForEvent(body: ReadableStream<Uint8Array>, match: (e: Record<string, unknown>) => boolean, timeoutMs = 5_000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('no matching event before the stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = /^data: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (data && match(JSON.parse(data))) return JSON.parse(data) as Record<string, unknown>;
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
}

describe.skipIf(!TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  const schema = `two_${randomBytes(5).toString('hex')}`;
  let a: Child;
  let b: Child;
  let receiver: Receiver;

  beforeAll(async () => {
    // One after the other: the first loads the scenario, the second finds it loaded.
    a = await startChild(TEST_DATABASE_URL!, schema);
    b = await startChild(TEST_DATABASE_URL!, schema);
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([stopChild(a), stopChild(b)]);
    await receiver?.close();
    await dropSchema(TEST_DATABASE_URL!, schema);
  });

  it('lists through one server an app registered through the other', async () => {
    const tokenA = await channelToken(a.baseUrl);
    const reg = await fetch(`${a.baseUrl}/embed/v1/apps`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokenA}` },
      body: JSON.stringify({ view: { type: 'full', url: 'https://example.com/shared' } }),
    });
    expect(reg.status).toBe(200);
    const { embedId } = (await reg.json()) as { embedId: string };
    // A token issued by one server works on the other.
    const list = await fetch(`${b.baseUrl}/embed/v1/apps`, { headers: { Authorization: `Bearer ${tokenA}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { apps: unknown[] }).apps).toContainEqual({
      embedId,
      view: { type: 'full', url: 'https://example.com/shared' },
    });
  });

  it('runs one clock: moving it on one server moves it on the other', async () => {
    const before = (await (await fetch(`${b.baseUrl}/embedkit/v1/clock`)).json()) as { offsetMs: number };
    const moved = await fetch(`${a.baseUrl}/embedkit/v1/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance: '1d' }),
    });
    expect(moved.status).toBe(200);
    const expected = before.offsetMs + 24 * 3600 * 1000;
    await expect
      .poll(async () => ((await (await fetch(`${b.baseUrl}/embedkit/v1/clock`)).json()) as { offsetMs: number }).offsetMs, {
        timeout: 5_000,
      })
      .toBe(expected);
  });

  it('ends 60 concurrent registrations split across both servers at exactly 30 apps', async () => {
    const token = await channelToken(a.baseUrl);
    const auth = { Authorization: `Bearer ${token}` };
    // The first test registered one app (a channel without apps answers 404).
    const listed = await fetch(`${a.baseUrl}/embed/v1/apps`, { headers: auth });
    const before = listed.status === 404 ? 0 : ((await listed.json()) as { apps: unknown[] }).apps.length;
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${i % 2 ? b.baseUrl : a.baseUrl}/embed/v1/apps`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...auth },
          body: JSON.stringify({ view: { type: 'tall', url: `https://example.com/app/${i}` } }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30 - before);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 400)).toBe(true);
    for (const server of [a, b]) {
      const list = (await (await fetch(`${server.baseUrl}/embed/v1/apps`, { headers: auth })).json()) as { apps: unknown[] };
      expect(list.apps).toHaveLength(30);
    }
  });

  it('brings a push sent through one server to a host connected to the other', async () => {
    const stream = await fetch(`${b.baseUrl}/embedkit/v1/events/stream`);
    expect(stream.status).toBe(200);
    const seen = waitForEvent(stream.body!, (e) => e.type === 'chat' && e.chatId === ALICE_BOT);
    const token = await channelToken(a.baseUrl);
    const push = await fetch(`${a.baseUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ to: ALICE, messages: [{ type: 'text', text: 'across processes' }] }),
    });
    expect(push.status).toBe(200);
    expect(await seen).toEqual({ type: 'chat', chatId: ALICE_BOT });
    // And the other server shows the message.
    const chat = await fetch(`${b.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/messages`);
    expect(JSON.stringify(await chat.json())).toContain('across processes');
  });

  it('sends each webhook delivery once, whichever server queued it', async () => {
    const set = await fetch(`${a.baseUrl}/embedkit/v1/channels/${TRIAL.id}/webhook`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(set.status).toBe(200);
    const texts = Array.from({ length: 10 }, (_, i) => `hello ${i}`);
    await Promise.all(
      texts.map((text, i) =>
        fetch(`${i % 2 ? b.baseUrl : a.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: ALICE, message: { type: 'text', text } }),
        }).then((r) => expect(r.status).toBe(200)),
      ),
    );
    await receiver.waitFor(10, 10_000);
    // Both dispatchers look every second: give a duplicate the time to show up.
    await new Promise((r) => setTimeout(r, 2_500));
    const sent = receiver.received.flatMap((r) =>
      (r.body as { events: { message?: { text?: string } }[] }).events.map((e) => e.message?.text),
    );
    expect(sent.sort()).toEqual([...texts].sort());
  });
});
