/**
 * Starts embedkit the way a user does (`node server/dist/bin/embedkit.js`) as a child process on a free
 * port, and waits for its ready line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerHandle {
  /** Host origin, e.g. http://localhost:41234 */
  baseUrl: string;
  /** Demo app origin, e.g. http://127.0.0.1:41234 */
  demoOrigin: string;
  dataDir: string;
  /** What the process printed so far (the ready line and what follows). */
  output(): string;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * @param dataDir reuse a data directory (to test persistence); a new temporary one by default
 * @param args more options of `embedkit start` (e.g. `--host 0.0.0.0`)
 * @param options.demoBots run the demo bots inside the server as `npm start` does; off by default, so
 *   that a test meets the default world as a bot developer does (nothing listens at the webhook URL
 *   until the test starts its own bot)
 * @throws Error when the server does not print its ready line within 20 s
 */
export async function startServer(
  dataDir = mkdtempSync(join(tmpdir(), 'embedkit-e2e-')),
  args: string[] = [],
  options: { demoBots?: boolean } = {},
): Promise<ServerHandle> {
  const own = options.demoBots ? [] : ['--no-demo-bot'];
  const child = spawn(process.execPath, ['server/dist/bin/embedkit.js', '--port', '0', '--data', dataDir, ...own, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`embedkit did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /embedkit ready: (http:\/\/localhost:\d+)\//.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedkit exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl,
    demoOrigin: baseUrl.replace('localhost', '127.0.0.1'),
    dataDir,
    output: () => output,
    stop: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Removes a temporary data directory. */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
