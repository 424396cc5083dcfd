/**
 * `embedkit validate <file.json>`: checks a message file with the platform's validator (the one
 * every endpoint uses): one message object, an array of up to 5, or a request body with
 * `messages`. Prints each error with its path; exit code 1 when invalid, 2 when the file cannot be
 * read, 0 when valid (for CI and editors).
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { checkShareBody } from '../messages/bodies.js';
import type { ErrorDetail } from '../http/validate.js';

/**
 * The request body a message file stands for: `{messages}` as it is, an array as the messages,
 * one object as a message.
 */
export function asMessagesBody(data: unknown): unknown {
  if (Array.isArray(data)) return { messages: data };
  if (data !== null && typeof data === 'object' && 'messages' in data) return data;
  return { messages: [data] };
}

/** The validator's details for a message file's content, or null when it is valid. */
export function validateMessages(data: unknown): ErrorDetail[] | null {
  return checkShareBody(asMessagesBody(data)) ?? null;
}

/** Reads and parses a JSON file. @throws Error saying what is wrong with the file */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`, {
      cause: e,
    });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not JSON: ${(e as Error).message}`, { cause: e });
  }
}

export function validateCommand(): Command {
  return new Command('validate')
    .description('validate a message file (a message, an array of up to 5, or a body with messages) as the platform would')
    .argument('<file>', 'JSON file')
    .addHelpText(
      'after',
      `
Exit code 0 when valid, 1 when invalid (each error printed with its path), 2 when the file cannot be read
or the command line is wrong (an unknown option, no file).

Examples:
  $ npx embedkit validate messages/welcome.json
  $ npx embedkit validate flex.json && echo ok`,
    )
    .action((file: string) => {
      let data: unknown;
      try {
        data = readJsonFile(file);
      } catch (e) {
        process.stderr.write(`embedkit validate: ${(e as Error).message}\n`);
        process.exit(2);
      }
      const details = validateMessages(data);
      if (!details) {
        process.stdout.write(`${file}: valid\n`);
        return;
      }
      process.stdout.write(`${file}: The request body has ${details.length} error(s)\n`);
      for (const d of details) process.stdout.write(`  ${d.property ?? '(body)'}: ${d.message}\n`);
      process.exitCode = 1;
    });
}
