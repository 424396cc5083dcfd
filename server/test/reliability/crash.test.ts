// Durability: the server, run as a child process, is killed with SIGKILL in the middle of
// a stream of writes; after a restart on the same data directory every acknowledged write (apps,
// messages, webhook deliveries) is there and the database is intact. CRASH_RUNS sets the number
// of kill-restart rounds (CI: 3; `npm run test:soak`: 20).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, stopCli } from './child.js';

const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };
const ALICE = 'U0a11ce0000000000000000000000a11c';
const ALICE_BOB = 'UU0a11ce00000000000000000000000b0';
const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** What the server acknowledged with a 2xx before it was killed. */
interface Acked {
  apps: string[];
  shared: string[];
  userMessages: Array<{ id: string; text: string }>;
}

async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const form = headers['content-type'] === 'application/x-www-form-urlencoded';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function tokens(base: string): Promise<{ channel: string; user: string }> {
  const c = await api(
    base,
    'POST',
    '/v2/oauth/accessToken',
    { grant_type: 'client_credentials', client_id: CHANNEL.id, client_secret: CHANNEL.secret },
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  const u = await api(base, 'POST', '/embedkit/v1/sessions', {
    userId: ALICE,
    channelId: CHANNEL.id,
    scopes: ['profile', 'chat_message.write'],
    context: { type: 'utou', chatId: ALICE_BOB },
  });
  if (c.status !== 200 || u.status !== 200) throw new Error(`tokens: ${c.status} ${u.status}`);
  return { channel: c.body.access_token, user: u.body.access_token };
}

/**
 * Sends writes from `workers` parallel loops until the process dies; records each acknowledged one.
 * Resolves once every loop has seen the connection fail.
 */
async function writeUntilDeath(
  base: string,
  t: { channel: string; user: string },
  round: number,
  acked: Acked,
  workers = 6,
): Promise<number> {
  let sent = 0;
  const loop = async (w: number) => {
    for (let i = 0; ; i++) {
      const tag = `r${round}-w${w}-${i}`;
      try {
        const kind = i % 3;
        if (kind === 0 && acked.apps.length < 29) {
          const r = await api(
            base,
            'POST',
            '/embed/v1/apps',
            { view: { type: 'tall', url: `https://example.com/${tag}` } },
            { authorization: `Bearer ${t.channel}` },
          );
          sent++;
          if (r.status === 200) acked.apps.push(r.body.embedId);
        } else if (kind === 1) {
          const r = await api(
            base,
            'POST',
            '/message/v3/share',
            { messages: [{ type: 'text', text: `share ${tag}` }] },
            { authorization: `Bearer ${t.user}` },
          );
          sent++;
          if (r.status === 200) acked.shared.push(`share ${tag}`);
        } else {
          const text = `bot ${tag}`;
          const r = await api(base, 'POST', `/embedkit/v1/chats/${ALICE_BOT}/messages`, { userId: ALICE, message: { type: 'text', text } });
          sent++;
          if (r.status === 200) acked.userMessages.push({ id: r.body.id, text });
        }
      } catch (e) {
        if (process.env.CRASH_DEBUG) console.log(tag, e);
        return; // The server is gone.
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return sent;
}

describe('SIGKILL in the middle of writes', () => {
  it(
    `loses no acknowledged write over ${RUNS} kill-restart rounds, and the database stays intact`,
    { timeout: 60_000 + RUNS * 20_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'embedkit-crash-'));
      dirs.push(dataDir);
      const acked: Acked = { apps: [], shared: [], userMessages: [] };
      let sentTotal = 0;
      for (let round = 0; round < RUNS; round++) {
        const server = await startCli(['--port', '0', '--data', dataDir]);
        if (round === 0) {
          // Deliveries fail (nothing listens on port 9) and stay queued for retry: they must survive too.
          const r = await api(server.baseUrl, 'PUT', `/embedkit/v1/channels/${CHANNEL.id}/webhook`, { url: 'http://127.0.0.1:9/webhook' });
          expect(r.status).toBe(200);
        }
        const t = await tokens(server.baseUrl);
        const writing = writeUntilDeath(server.baseUrl, t, round, acked);
        // Kill once the stream is well under way, at a random moment.
        const before = acked.shared.length + acked.userMessages.length;
        for (let waited = 0; acked.shared.length + acked.userMessages.length < before + 20 && waited < 10_000; waited += 20)
          await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 300)));
        server.child.kill('SIGKILL');
        expect(await server.exited).toBe('SIGKILL');
        sentTotal += await writing;

        // The file, as the dead process left it.
        const db = new Database(join(dataDir, 'embedkit.sqlite'), { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          db.close();
        }
      }
      expect(acked.shared.length + acked.userMessages.length).toBeGreaterThan(RUNS * 10);

      // Restart and read everything back through the API and the file.
      const server = await startCli(['--port', '0', '--data', dataDir]);
      try {
        const t = await tokens(server.baseUrl);
        const apps = await api(server.baseUrl, 'GET', '/embed/v1/apps', undefined, { authorization: `Bearer ${t.channel}` });
        const listed = new Set(apps.body.apps.map((a: { embedId: string }) => a.embedId));
        const lostApps = acked.apps.filter((id) => !listed.has(id));
        const db = new Database(join(dataDir, 'embedkit.sqlite'), { readonly: true });
        let lostShared: string[], lostMessages: string[], lostDeliveries: string[];
        try {
          const bodies = new Set(
            (db.prepare('SELECT body FROM messages').all() as { body: string }[]).map((r) => JSON.parse(r.body).text as string),
          );
          const ids = new Set((db.prepare('SELECT id FROM messages').all() as { id: number }[]).map((r) => String(r.id)));
          const delivered = (db.prepare('SELECT body FROM deliveries WHERE channel_id = ?').all(CHANNEL.id) as { body: string }[])
            .map((r) => r.body)
            .join('\n');
          lostShared = acked.shared.filter((text) => !bodies.has(text));
          lostMessages = acked.userMessages.filter((m) => !ids.has(m.id) || !bodies.has(m.text)).map((m) => m.text);
          lostDeliveries = acked.userMessages.filter((m) => !delivered.includes(`"text":"${m.text}"`)).map((m) => m.text);
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          db.close();
        }
        console.log(
          `crash: ${RUNS} SIGKILLs survived, ${sentTotal} writes sent, acknowledged: ${acked.apps.length} apps, ${acked.shared.length} shared messages, ${acked.userMessages.length} user messages with deliveries; lost: ${lostApps.length + lostShared.length + lostMessages.length + lostDeliveries.length}`,
        );
        expect({ lostApps, lostShared, lostMessages, lostDeliveries }).toEqual({
          lostApps: [],
          lostShared: [],
          lostMessages: [],
          lostDeliveries: [],
        });
      } finally {
        await stopCli(server);
      }
    },
  );
});
