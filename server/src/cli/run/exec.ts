/**
 * `embedkit exec -- <command...>`: starts an in-memory embedkit on free ports, runs the command
 * with `EMBEDKIT_URL`, `EMBEDKIT_CHANNEL_ID`, `EMBEDKIT_CHANNEL_SECRET` (and
 * `EMBEDKIT_BLOCKCHAIN_URL`, `EMBEDKIT_HEADER_PREFIX`, and `EMBEDKIT_ADMIN_TOKEN` when a token is in force) in its environment, stops the server and exits with the command's
 * code, as `firebase emulators:exec` does for CI.
 */
import { Command } from 'commander';
import { commandEnv, startCommandServer, type CommandServerOptions } from './command-server.js';
import { runChild } from './child-command.js';
import { withServerOptions } from '../options/server-options.js';

/** The `exec` command (see the module's comment); the process exits with the command's code, 127 when it cannot be started. */
export function execCommand(): Command {
  return (
    withServerOptions(
      new Command('exec')
        .description('start embedkit in memory, run a command against it, stop, and exit with the command’s code')
        .argument('<command...>', 'the command and its arguments (after --)')
        .option('--scenario <file>', 'scenario file (default: the config file’s, else the packaged default world)')
        .option(
          '--config <file>',
          'config file (default: embedkit.config.json or .jsonc here, when there is one): scenario, apps, webhooks',
        ),
    )
      // A command's own options before -- are taken for exec's: say where they go.
      .showHelpAfterError('(the command and its own options go after --: npx embedkit exec -- npx vitest run --reporter=dot)')
      .addHelpText(
        'after',
        `
The command gets EMBEDKIT_URL, EMBEDKIT_CHANNEL_ID, EMBEDKIT_CHANNEL_SECRET, EMBEDKIT_BLOCKCHAIN_URL and
EMBEDKIT_HEADER_PREFIX (and EMBEDKIT_ADMIN_TOKEN when --admin-token or the environment gives one).

Examples:
  $ npx embedkit exec -- npm test
  $ npx embedkit exec --scenario test/world.json -- node check.mjs
  $ npx embedkit exec --config ci.embedkit.jsonc -- npm run e2e`,
      )
      .action(async (command: string[], opts: CommandServerOptions) => {
        const started = await startCommandServer('exec', opts, { port: 0 });
        const code = await runChild('exec', command, commandEnv(started));
        await started.server.close();
        process.exit(code);
      })
  );
}
