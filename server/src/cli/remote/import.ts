/**
 * `embedkit import <file>` and `embedkit reset`: the world of a running embedkit replaced by a
 * scenario file (one `embedkit export` wrote, or one written by hand), or by the scenario it
 * started with (simulator route `resetWorld`, docs/guide/scenarios.md "Resetting and importing at run time").
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { WorldReset } from '#contract/wire.js';
import { CliError, guarded, simCall, targetOf } from './http.js';

const URL_HELP = 'the running embedkit (default: EMBEDKIT_URL, else http://localhost:8080)';

/** One line of what a reset loaded. */
const loadedLine = (r: WorldReset) => `${r.channels} channels, ${r.users} users, ${r.chats} chats, ${r.apps} apps`;

/**
 * The scenario of a file, checked here as the server would check it, so its problems are listed
 * before the running world is touched.
 * @throws CliError naming the file and every problem
 */
async function scenarioFile(file: string): Promise<Record<string, unknown>> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliError(`could not read ${file}: ${(e as Error).message}`);
  }
  // The checks load the server's validator: only this command needs it.
  const { scenarioProblems } = await import('../../scenario/load.js');
  const problems = scenarioProblems(data);
  if (problems.length) throw new CliError(`${file} is not a valid scenario (the world is unchanged):\n  ${problems.join('\n  ')}`);
  return data as Record<string, unknown>;
}

export function importCommand(): Command {
  return new Command('import')
    .description('replace the world of a running embedkit with a scenario file (everything that happened in it is gone)')
    .argument('<file>', 'the scenario file to load (written by embedkit export, or by hand)')
    .option('--url <url>', URL_HELP)
    .addHelpText(
      'after',
      `
The simulated clock is kept. A scenario with problems is refused with each of them, and the world stays as it was.

Examples:
  $ npx embedkit export before.json
  $ npx embedkit import before.json`,
    )
    .action(
      guarded('import', async (file: string, opts: { url?: string }) => {
        const scenario = await scenarioFile(file);
        const r = await simCall(targetOf(opts), 'the world was not replaced', 'resetWorld', {
          body: { scenario, name: resolve(file) },
        });
        process.stdout.write(`loaded ${file}: ${loadedLine(r)}\n`);
      }),
    );
}

export function resetCommand(): Command {
  return new Command('reset')
    .description('empty the world of a running embedkit and load again the scenario it started with')
    .option('--url <url>', URL_HELP)
    .addHelpText(
      'after',
      `
Messages, tokens, deliveries, rich menus and every change since the start are gone; the simulated clock is kept.

Example:
  $ npx embedkit reset`,
    )
    .action(
      guarded('reset', async (opts: { url?: string }) => {
        const r = await simCall(targetOf(opts), 'the world was not reset', 'resetWorld', { body: {} });
        process.stdout.write(`reset the world to ${r.scenario}: ${loadedLine(r)}\n`);
      }),
    );
}
