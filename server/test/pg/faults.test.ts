// Team sandbox under faults, on PostgreSQL: servers starting together on a new schema,
// requests that arrive while they start, and the database going away mid-load. Needs
// DATABASE_URL (`npm run test:pg`) and a build; skipped otherwise. The outage test runs its own
// throwaway cluster (scripts/start-postgres.sh on another port), so stopping it harms nobody.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, startReceiver, TRIAL, type Receiver } from '../bot/helpers.js';
import { freePort, TEST_DATABASE_URL } from '../helpers.js';
import { startCli, stopCli, type Child } from '../reliability/child.js';

const SCRIPT = fileURLToPath(new URL('../../../scripts/start-postgres.sh', import.meta.url));
const children: Child[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
// Stopping a cluster and removing its data takes seconds on a busy machine.
afterAll(async () => {
  await Promise.all(children.map((c) => stopCli(c, 'SIGKILL')));
  for (const c of cleanups.reverse()) await c();
}, 60_000);

/** What one request fired at a starting server got. */
interface Probe {
  status: number;
  ms: number;
}

/**
 * Fires `GET /embed/v1/apps` (no token: 401 once ready) at a port every 20 ms until stopped; a
 * refused connection (not listening yet) is not a probe. Each fetch is bounded (30 s).
 */
function fireAt(port: number): { stop(): Promise<Probe[]> } {
  const probes: Probe[] = [];
  let running = true;
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    for (let i = 0; running && i < 5_000; i++) {
      const t0 = Date.now();
      const p = fetch(`http://127.0.0.1:${port}/embed/v1/apps`, { signal: AbortSignal.timeout(30_000) }).then(
        async (res) => {
          await res.arrayBuffer();
          probes.push({ status: res.status, ms: Date.now() - t0 });
        },
        (e: unknown) => {
          const cause = (e as { cause?: { code?: string } }).cause;
          if (cause?.code !== 'ECONNREFUSED') probes.push({ status: 0, ms: Date.now() - t0 });
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await Promise.all([...inFlight]);
      return probes;
    },
  };
}

describe.skipIf(!TEST_DATABASE_URL)('team sandbox under faults (PostgreSQL)', () => {
  it('four servers started at the same moment on one new schema load one scenario, and every request fired while they start is answered', async () => {
    const schema = `f_${randomBytes(5).toString('hex')}`;
    cleanups.push(() => dropSchema(TEST_DATABASE_URL!, schema));
    const ports = await Promise.all([0, 1, 2, 3].map(() => freePort()));
    const fire = ports.map((p) => fireAt(p));
    const t0 = Date.now();
    const servers = await Promise.all(
      ports.map((p) =>
        startCli([
          '--port',
          String(p),
          '--deprecated-port',
          '0',
          '--trialbot-port',
          '0',
          '--blockchain-port',
          '0',
          '--database-url',
          TEST_DATABASE_URL!,
          '--database-schema',
          schema,
          '--scenario',
          BOTS_SCENARIO,
        ]).then((c) => (children.push(c), c)),
      ),
    );
    const startMs = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 200));
    const probes = (await Promise.all(fire.map((f) => f.stop()))).flat();
    // Never left hanging, never a 5xx but the documented 503; once ready, the registry's 401.
    expect(probes.length).toBeGreaterThan(0);
    for (const p of probes) {
      expect([401, 503]).toContain(p.status);
      expect(p.ms).toBeLessThanOrEqual(startMs + 1_000);
    }
    // One scenario: each server sees the same world, and the apps are there once.
    const worlds = await Promise.all(
      servers.map(async (s) => (await (await fetch(`${s.baseUrl}/embedkit/v1/world`)).json()) as { apps: unknown[]; channels: unknown[] }),
    );
    for (const w of worlds) expect(w).toMatchObject({ apps: worlds[0]!.apps, channels: worlds[0]!.channels });
    for (const s of servers) expect((await fetch(`${s.baseUrl}/embedkit/v1/ready`)).status).toBe(200);
    await Promise.all(servers.map((s) => stopCli(s)));
    for (const s of servers) expect(await s.exited).toBe(0);
  }, 60_000);

  it('while the database is down calls answer 503 with Retry-After; after it returns nothing acknowledged is lost and nothing is delivered twice', async () => {
    const port = String(56_000 + Math.floor(Math.random() * 2_000));
    const data = join(tmpdir(), `embedkit-pg-outage-${randomBytes(4).toString('hex')}`);
    const env = { ...process.env, PGPORT_EMBEDKIT: port, PGDATA_EMBEDKIT: data };
    const cluster = (...args: string[]) => execFileSync('bash', [SCRIPT, ...args], { env, encoding: 'utf8' }).trim();
    const url = cluster();
    cleanups.push(() => {
      try {
        cluster('stop');
      } catch {
        // Already stopped.
      }
      rmSync(data, { recursive: true, force: true });
    });
    const receiver: Receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const server = await startCli(['--port', '0', '--database-url', url, '--database-schema', 'outage', '--scenario', BOTS_SCENARIO]);
    children.push(server);
    const put = await fetch(`${server.baseUrl}/embedkit/v1/channels/${TRIAL.id}/webhook`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(put.status).toBe(200);

    const acked: string[] = [];
    const refused: Array<{ status: number; retryAfter: string | null; body: unknown }> = [];
    /** Alice writes to the bot until `until()` is true (bounded: 2,000 writes). */
    const write = async (until: () => boolean) => {
      for (let i = 0; !until() && i < 2_000; i++) {
        const text = `m${acked.length + refused.length}`;
        const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: ALICE, message: { type: 'text', text } }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 200) acked.push(text);
        else refused.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() });
        await res.arrayBuffer().catch(() => undefined);
      }
    };
    await write(() => acked.length >= 20);
    cluster('stop');
    const downAt = Date.now();
    await write(() => Date.now() - downAt > 1_500);
    cluster();
    await write(() => acked.length >= 40);

    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.retryAfter).toBe('1');
      expect(r.body).toEqual({ message: 'The database is temporarily unavailable; retry later' });
    }
    // Every acknowledged message reaches the bot once, in the order it was written.
    const until = Date.now() + 30_000;
    const texts = () =>
      receiver.received.flatMap((r) =>
        (r.body as { events: Array<{ message?: { text?: string } }> }).events.map((e) => e.message?.text ?? ''),
      );
    while (!acked.every((t) => texts().includes(t)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const delivered = texts();
    expect(delivered.filter((t) => acked.includes(t))).toEqual(acked);
    expect(new Set(delivered).size).toBe(delivered.length);
    // One line when the database went, one when it came back: no stack trace per request.
    // The "back" line is written when the outage watcher next looks: give it a moment under load.
    await vi.waitFor(() => expect(server.output().match(/database is back/g)?.length).toBe(1), { timeout: 10_000 });
    const log = server.output();
    expect(log.match(/database unreachable/g)?.length).toBe(1);
    expect(log.match(/database is back/g)?.length).toBe(1);
    expect(log).not.toContain('unhandled error');
    await stopCli(server);
    expect(await server.exited).toBe(0);
  }, 120_000);
});
