// One process, one port per address placeholder of the spec: each side origin
// answers on its own port, the world lists every origin, and a taken port names its flag.
import { createServer, type Server } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/serve/start.js';
import { PortInUseError } from '../src/serve/port-errors.js';
import { freePort, onTestDatabase, TWO_CHANNELS } from './helpers.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

function start(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  return startServer(onTestDatabase({ inMemory: true, scenarioFile: TWO_CHANNELS, logger: pino({ level: 'silent' }), ...options })).then(
    (s) => {
      running.push(s);
      return s;
    },
  );
}

/** Holds a port until closed. */
async function hold(port: number): Promise<Server> {
  const s = createServer();
  await new Promise<void>((r, j) => s.once('error', j).listen(port, '127.0.0.1', r));
  return s;
}

describe('side origins', () => {
  it('serves each placeholder on its own free port when the main port is 0, and lists them in the world', async () => {
    const server = await start({ port: 0 });
    const ports = new Set([server.port, server.ports.deprecated, server.ports.trialbot, server.ports.blockchain, server.ports.linepay]);
    expect(ports.size).toBe(5);
    expect(server.urls).toEqual({
      base: server.baseUrl,
      deprecated: `http://localhost:${server.ports.deprecated}`,
      trialbot: `http://localhost:${server.ports.trialbot}`,
      blockchain: `http://localhost:${server.ports.blockchain}`,
      linepay: `http://localhost:${server.ports.linepay}`,
    });
    const world = (await (await fetch(`${server.baseUrl}/embedkit/v1/world`)).json()) as { urls: unknown };
    expect(world.urls).toEqual(server.urls);
    // Each side origin is its own app: the host shell is not there.
    for (const name of ['deprecated', 'trialbot', 'blockchain', 'linepay'] as const) {
      const res = await fetch(`http://127.0.0.1:${server.ports[name]}/`);
      expect(res.status).toBe(404);
    }
  });

  it('defaults to the main port + 1, + 2, + 3, + 4', async () => {
    let base = await freePort();
    // Look for five free ports in a row (bounded: 20 tries).
    for (let i = 0; i < 20; i++) {
      const holds = await Promise.all([1, 2, 3, 4].map((d) => hold(base + d).catch(() => null)));
      await Promise.all(holds.map((h) => h && new Promise<void>((r) => h.close(() => r()))));
      if (holds.every(Boolean)) break;
      base = await freePort();
    }
    const server = await start({ port: base });
    expect(server.ports).toEqual({ deprecated: base + 1, trialbot: base + 2, blockchain: base + 3, linepay: base + 4 });
  });

  it('refuses a taken side port with an error naming the flag to change, and frees what it took', async () => {
    const taken = await freePort();
    const blocker = await hold(taken);
    try {
      const error = await start({ port: 0, ports: { blockchain: taken } }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toBe(
        `port ${taken} ({blockchain_url}) is already in use: choose another with --blockchain-port <port> (or move the main --port: the side ports default to it + 1, + 2, + 3, + 4)`,
      );
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
    // Nothing half-started: the same port works for the next server.
    const server = await start({ port: 0, ports: { blockchain: taken } });
    expect(server.ports.blockchain).toBe(taken);
  });
});
