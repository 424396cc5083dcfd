/**
 * The command `exec` and `dev` run: a child process with the terminal's input, whose exit code
 * becomes theirs. Ctrl-C, `kill` and a closed terminal (SIGINT, SIGTERM, SIGHUP) reach the child
 * and this process waits for it to end, as `npm run` does, so embedkit stops after the command and
 * never before it.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** Exit code when the command could not be started at all (the shell's "command not found"). */
export const NOT_FOUND = 127;

/** The signals passed on to the child. */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `command` (its program and arguments) with `env` to its end.
 * @param name the embedkit command, for the line when the program cannot be started
 * @param onOutput given: the child's stdout and stderr pass through this process (unchanged, to
 *   the same streams) and each chunk is handed to it as text; absent: the child writes to the
 *   terminal itself
 * @returns the child's exit code; 128 + the signal's number when a signal ended it (the shell's
 *   rule); {@link NOT_FOUND} when it could not be started
 */
export function runChild(
  name: string,
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  onOutput?: (text: string) => void,
): Promise<number> {
  const child = spawn(command[0]!, command.slice(1), {
    stdio: onOutput ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  if (onOutput) {
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      onOutput(chunk.toString());
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      onOutput(chunk.toString());
    });
  }
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const s of FORWARDED) process.on(s, forward);
  return new Promise<number>((done) => {
    child.once('error', (e: NodeJS.ErrnoException) => {
      process.stderr.write(`embedkit ${name}: could not run ${command[0]}: ${e.code === 'ENOENT' ? 'command not found' : e.message}\n`);
      done(NOT_FOUND);
    });
    // `close`, not `exit`: the piped output has been passed on by then.
    child.once('close', (code, signal) => done(code ?? (signal ? 128 + (constants.signals[signal] ?? 15) : 1)));
  }).finally(() => {
    for (const s of FORWARDED) process.off(s, forward);
  });
}
