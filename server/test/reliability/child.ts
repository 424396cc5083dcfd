/** Runs the built CLI (`server/dist/bin/embedkit.js`) as a child process, as a user does; for crash and bind tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/bin/embedkit.js', import.meta.url));

/** A running CLI child. */
export interface Child {
  child: ChildProcess;
  /** `http://localhost:<port>` from the ready line. */
  baseUrl: string;
  port: number;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts `node server/dist/bin/embedkit.js <args>` and waits for its ready line (and the channel lines after it).
 * @throws Error when the CLI is not built, exits, or is not ready within 20 s
 */
export async function startCli(args: string[]): Promise<Child> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run node scripts/build.mjs`);
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  }); // the embedded database, also in `npm run test:pg`
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`embedkit did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /embedkit ready: (http:\/\/localhost:\d+)\/[\s\S]*listening[^\n]*\n/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`embedkit exited with ${String(code)}:\n${output}`));
    });
  });
  return { child, baseUrl, port: Number(new URL(baseUrl).port), output: () => output, exited };
}

/** Stops a child with `signal` and waits for it to be gone. */
export async function stopCli(c: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill(signal);
  await c.exited;
}
