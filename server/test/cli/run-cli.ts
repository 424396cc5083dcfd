/**
 * Runs the built CLI (`server/dist/bin/embedkit.js`, as `npx embedkit` does) for the CLI suites: a command
 * to its end, or `start` in the background until its ready line.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The built CLI. */
export const CLI = fileURLToPath(new URL('../../dist/bin/embedkit.js', import.meta.url));

/** A command's end: exit code, stdout, stderr. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `embedkit <args>` to its end (never rejects on a non-zero exit code). */
export function cli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: opts.cwd, env: { ...process.env, ...opts.env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A started `embedkit start`: its URL, what it printed so far, and a way to wait for a line. */
export interface StartedCli {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves when the output matches; rejects after `timeoutMs` (default 10 s) with the output. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `embedkit start <args>` (add `--port 0 --in-memory` yourself) and waits for its ready line. */
export async function startCli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<StartedCli> {
  const child = spawn(process.execPath, [CLI, 'start', ...args], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers = new Set<() => void>();
  const read = (c: Buffer) => {
    out += c.toString();
    for (const w of [...watchers]) w();
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const waitFor = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out);
        if (m) {
          watchers.delete(check);
          clearTimeout(timer);
          resolve(m);
        }
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`no ${pattern} in the output:\n${out}`));
      }, timeoutMs);
      watchers.add(check);
      check();
    });
  const exited = once(child, 'exit');
  const ready = await Promise.race([
    waitFor(/embedkit ready: (http:\/\/localhost:\d+)\//, 30_000),
    exited.then(() => {
      throw new Error(`embedkit start exited before its ready line:\n${out}`);
    }),
  ]);
  return {
    child,
    url: ready[1]!,
    output: () => out,
    waitFor,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
