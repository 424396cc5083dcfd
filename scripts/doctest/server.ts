/**
 * The one embedkit every shell block of the docs runs against: the project's built CLI
 * (`server/dist/bin/embedkit.js`) started on free loopback ports with a data directory in a temp folder.
 * The docs write the default ports (`localhost:8080`, and 8081 to 8084 for the side origins);
 * {@link DocServer.toActual} and {@link DocServer.toDocumented} translate between the two.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SimulatorClient } from '#contract/client.js';

/** A started embedkit. */
export interface DocServer {
  /** `{base_url}` of the started server, e.g. `http://localhost:41234`. */
  url: string;
  /** The ready lines it printed, as printed. */
  readyLines: string;
  /** Rewrites documented origins (`localhost:8080`, `127.0.0.1:8083`, ...) to the started server's. */
  toActual(text: string): string;
  /** Rewrites the started server's origins back to the documented ones (for comparing output). */
  toDocumented(text: string): string;
  stop(): Promise<void>;
}

/** The default port of each address placeholder, as the docs write them. */
const DOCUMENTED_PORTS = { base: 8080, deprecated: 8081, trialbot: 8082, blockchain: 8083, linepay: 8084 } as const;
const HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Starts `node server/dist/bin/embedkit.js --port 0 --data <dataDir>` and waits for its ready lines.
 * @throws Error naming the output when it does not start within `timeoutMs`
 */
export async function startDocServer(projectRoot: string, dataDir: string, timeoutMs = 60_000): Promise<DocServer> {
  mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env };
  // The docs' server is a plain local one: no PostgreSQL, no admin token from the caller's shell.
  delete env.DATABASE_URL;
  delete env.EMBEDKIT_ADMIN_TOKEN;
  const child = spawn(process.execPath, [join(projectRoot, 'server/dist/bin/embedkit.js'), '--port', '0', '--data', dataDir], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  while (!/^embedkit ready: /m.test(out)) {
    if (child.exitCode !== null) throw new Error(`embedkit exited with ${child.exitCode} before it was ready:\n${out}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`embedkit was not ready after ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /^embedkit ready: (\S+?)\/?$/m.exec(out)![1]!;
  const world = await new SimulatorClient({ baseUrl: url }).call('world');
  // The ready lines are written at once: the first line and the indented ones after it.
  const readyLines = out
    .slice(out.search(/^embedkit ready: /m))
    .split('\n')
    .filter((l, i) => i === 0 || l.startsWith('  '))
    .join('\n');
  const pairs = (Object.keys(DOCUMENTED_PORTS) as Array<keyof typeof DOCUMENTED_PORTS>).map((k) => ({
    documented: DOCUMENTED_PORTS[k],
    actual: Number(new URL(world.urls[k]).port),
  }));
  const swap = (text: string, from: 'documented' | 'actual', to: 'documented' | 'actual') =>
    text.replace(
      new RegExp(`(${HOSTS.map((h) => h.replace(/[.[\]]/g, '\\$&')).join('|')}):(\\d+)\\b`, 'g'),
      (m, host: string, port: string) => {
        const pair = pairs.find((p) => String(p[from]) === port);
        return pair ? `${host}:${pair[to]}` : m;
      },
    );
  return {
    url,
    readyLines,
    toActual: (t) => swap(t, 'documented', 'actual'),
    toDocumented: (t) => swap(t, 'actual', 'documented'),
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}
