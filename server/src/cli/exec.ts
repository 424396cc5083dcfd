/**
 * `embedkit exec -- <command...>`: starts an in-memory embedkit on free ports, runs the command
 * with `EMBEDKIT_URL`, `EMBEDKIT_CHANNEL_ID`, `EMBEDKIT_CHANNEL_SECRET` (and
 * `EMBEDKIT_BLOCKCHAIN_URL`, `EMBEDKIT_HEADER_PREFIX`, and `EMBEDKIT_ADMIN_TOKEN` when a token is in force) in its environment, stops the server and exits with the command's
 * code, as `firebase emulators:exec` does for CI.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { pino } from 'pino';
import { startServer } from '../serve/start.js';
import type { AllowedHosts } from '../http/host-check.js';
import { allowedHostsOf } from './allowed-hosts.js';
import { adminTokenPlan } from './admin-token.js';
import { applyConfig, findConfig, readConfig, scenarioFileOf, type EmbedkitConfig } from './config.js';
import { CliError } from './http.js';
import { WorldStore } from '../world/world-store.js';
import { headerPrefixOption } from './header-prefix.js';
import { withServerOptions } from './server-options.js';

/** Exit code when the command could not be started at all (the shell's "command not found"). */
const NOT_FOUND = 127;

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
      .action(
        async (
          command: string[],
          opts: { scenario?: string; config?: string; allowedHosts?: AllowedHosts; headerPrefix?: string; adminToken?: string },
        ) => {
          let server;
          let config: EmbedkitConfig | null = null;
          let admin: ReturnType<typeof adminTokenPlan>;
          try {
            // exec binds loopback: a token is in force only when one is given.
            admin = adminTokenPlan(undefined, opts.adminToken);
            const file = findConfig(process.cwd(), opts.config);
            config = file ? readConfig(file) : null;
            const scenario = opts.scenario ? resolve(opts.scenario) : config && file ? scenarioFileOf(config, file) : undefined;
            if (scenario !== undefined && !existsSync(scenario))
              throw new CliError(`${opts.scenario ? `--scenario ${opts.scenario}` : `${file}: scenario`}: no such file (${scenario})`);
            server = await startServer({
              port: 0,
              inMemory: true,
              logger: pino({ level: 'warn' }),
              allowedHosts: allowedHostsOf(opts.allowedHosts, config),
              ...(admin ? { adminToken: admin.token } : {}),
              ...(scenario ? { scenarioFile: scenario } : {}),
              ...headerPrefixOption(opts.headerPrefix, config),
            });
          } catch (e) {
            process.stderr.write(
              `embedkit exec: ${e instanceof CliError ? e.message : `could not start embedkit: ${e instanceof Error ? e.message : String(e)}`}\n`,
            );
            process.exit(1);
          }
          // Ordered by id: the first is the one the command gets.
          const channels = await new WorldStore(server.embedkit.db).channels();
          if (config) {
            try {
              await applyConfig(config, server.baseUrl, channels, admin?.token);
            } catch (e) {
              process.stderr.write(`embedkit exec: ${e instanceof Error ? e.message : String(e)}\n`);
              await server.close();
              process.exit(1);
            }
          }
          const [channel] = channels;
          const env = {
            ...process.env,
            EMBEDKIT_URL: server.baseUrl,
            EMBEDKIT_BLOCKCHAIN_URL: server.urls.blockchain,
            EMBEDKIT_HEADER_PREFIX: server.embedkit.headers.prefix,
            ...(admin ? { EMBEDKIT_ADMIN_TOKEN: admin.token } : {}),
            ...(channel ? { EMBEDKIT_CHANNEL_ID: channel.channel_id, EMBEDKIT_CHANNEL_SECRET: channel.secret } : {}),
          };
          const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
          const code = await new Promise<number>((done) => {
            child.once('error', (e: NodeJS.ErrnoException) => {
              process.stderr.write(
                `embedkit exec: could not run ${command[0]}: ${e.code === 'ENOENT' ? 'command not found' : e.message}\n`,
              );
              done(NOT_FOUND);
            });
            child.once('exit', (c, signal) => done(c ?? (signal ? 128 + 15 : 1)));
          });
          await server.close();
          process.exit(code);
        },
      )
  );
}
