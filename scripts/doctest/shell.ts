/**
 * Runs the shell blocks of the docs with bash against the started embedkit.
 *
 * A block is a script (`set -e -o pipefail`: the first failing command fails the block), or a
 * session when it has prompt lines: each `$ ` line is a command (a line ending in `\` continues
 * it), the lines after it up to the next prompt are its shown output, compared with what it
 * printed (stdout and stderr, as a terminal shows them; `...` matches any text). A command that
 * exits non-zero prints `[exit N]` after its output, so a session shows a failure as it shows the
 * rest. A script's whole output is compared with a ```` ```text output ```` block right after it.
 *
 * Before running, the documented origins (`localhost:8080`, ...) become the started server's and
 * `npx embedkit` becomes `embedkit`, a command on `PATH` that runs the project's built CLI;
 * `EMBEDKIT_URL` is the server's URL. All blocks run in one temp folder, in document order, so a
 * block may use a file an earlier block wrote.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DocServer } from './server.js';
import { normaliseOutput, outputMatches } from './output.js';

/** A command of a session and the output shown after it. */
export interface SessionStep {
  command: string;
  expected: string;
}

/** The steps of a block with prompt lines; undefined for a script. */
export function sessionSteps(code: string): SessionStep[] | undefined {
  const lines = code.split('\n');
  if (!lines.some((l) => l.startsWith('$ '))) return undefined;
  const steps: SessionStep[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('$ ')) {
      if (steps.length === 0) {
        if (line.trim() === '' || line.startsWith('#')) continue;
        throw new Error(`a line before the first "$ " prompt: ${line}`);
      }
      const last = steps.at(-1)!;
      last.expected += `${line}\n`;
      continue;
    }
    let command = line.slice(2);
    while (command.endsWith('\\') && i + 1 < lines.length) command += `\n${lines[++i]}`;
    steps.push({ command, expected: '' });
  }
  return steps;
}

/** Where the blocks run: a work folder and an `embedkit` command on PATH. */
export interface ShellContext {
  server: DocServer;
  workDir: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Makes the work folder and the `embedkit` command that runs `<projectRoot>/server/dist/bin/embedkit.js`; the
 * folder is a project that installed embedkit (`node_modules/embedkit`, the checkout), so
 * `node --import embedkit/register` resolves there as in a user's project.
 */
export function shellContext(projectRoot: string, server: DocServer, workDir: string): ShellContext {
  const bin = join(workDir, '.bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'embedkit');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(projectRoot, 'server/dist/bin/embedkit.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  mkdirSync(join(workDir, 'node_modules'), { recursive: true });
  symlinkSync(projectRoot, join(workDir, 'node_modules', 'embedkit'), 'dir');
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, EMBEDKIT_URL: server.url };
  delete env.DATABASE_URL;
  delete env.EMBEDKIT_ADMIN_TOKEN;
  return { server, workDir, env };
}

function prepare(ctx: ShellContext, code: string): string {
  return ctx.server.toActual(code).replace(/\bnpx embedkit\b/g, 'embedkit');
}

function bash(ctx: ShellContext, script: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // A process group of its own, so that a timeout also stops what the block started.
    const child = spawn('bash', ['-c', script], { cwd: ctx.workDir, env: ctx.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      killGroup();
    }, timeoutMs);
    // What the block left running in the background ends with it (and so closes the pipes).
    child.on('exit', killGroup);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Runs one block; answers the problems found (empty when it passed). `shownOutput` is the text of
 * a ```` ```text output ```` block right after a script.
 */
export async function runShellBlock(ctx: ShellContext, code: string, shownOutput?: string, timeoutMs = 30_000): Promise<string[]> {
  let steps: SessionStep[] | undefined;
  try {
    steps = sessionSteps(code);
  } catch (e) {
    return [(e as Error).message];
  }
  if (!steps) {
    const { code: exit, output } = await bash(ctx, `set -e -o pipefail\n${prepare(ctx, code)}`, timeoutMs);
    const documented = ctx.server.toDocumented(output);
    if (exit !== 0) return [`exited with ${exit}; output:\n${documented}`];
    if (shownOutput !== undefined && !outputMatches(shownOutput, documented))
      return [`output differs.\n--- shown:\n${normaliseOutput(shownOutput)}\n--- printed:\n${normaliseOutput(documented)}`];
    return [];
  }
  const mark = `__doctest_${randomBytes(6).toString('hex')}__`;
  const script = ['set -o pipefail', 'exec 2>&1']
    .concat(steps.map((s) => `printf '\\n${mark}\\n'\n{\n${prepare(ctx, s.command)}\n}\n__rc=$?; [ $__rc -ne 0 ] && echo "[exit $__rc]"`))
    .concat(`printf '\\n${mark}\\n'`)
    .join('\n');
  const { output } = await bash(ctx, script, timeoutMs);
  const parts = output.split(`\n${mark}\n`).slice(1);
  const problems: string[] = [];
  steps.forEach((s, i) => {
    const printed = ctx.server.toDocumented(parts[i] ?? '[no output: the block stopped before this command]');
    if (!outputMatches(s.expected, printed))
      problems.push(`$ ${s.command}\n--- shown:\n${normaliseOutput(s.expected)}\n--- printed:\n${normaliseOutput(printed)}`);
  });
  return problems;
}
