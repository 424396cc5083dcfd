/**
 * `embedkit export <file>`: today's world of a running embedkit as a scenario file
 * (simulator route `scenario`), to load elsewhere with `embedkit start --import <file>`.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { CliError, guarded, simCall, targetOf } from './http.js';

export function exportCommand(): Command {
  return new Command('export')
    .description('write the world of a running embedkit (channels, users, chats, apps, blockchain) as a scenario file')
    .argument('<file>', 'the scenario file to write')
    .option('--url <url>', 'the running embedkit (default: EMBEDKIT_URL, else http://localhost:8080)')
    .addHelpText(
      'after',
      `
Messages, tokens, deliveries and rich menus are not part of a scenario and are left out.

Examples:
  $ npx embedkit export world.json
  $ npx embedkit start --import world.json --data .embedkit-copy`,
    )
    .action(
      guarded('export', async (file: string, opts: { url?: string }) => {
        const t = targetOf(opts);
        const scenario = await simCall(t, 'the world could not be read', 'scenario');
        try {
          writeFileSync(file, `${JSON.stringify(scenario, null, 2)}\n`);
        } catch (e) {
          throw new CliError(`could not write ${file}: ${(e as Error).message}`);
        }
        const s = scenario as { channels: unknown[]; users: unknown[]; chats: unknown[]; apps: unknown[] };
        process.stdout.write(
          `wrote ${file}: ${s.channels.length} channels, ${s.users.length} users, ${s.chats.length} chats, ${s.apps.length} apps\n`,
        );
      }),
    );
}
