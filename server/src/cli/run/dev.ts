/**
 * `embedkit dev -- <the app's dev command>`: runs an app's dev server under embedkit. Starts
 * embedkit (in memory unless `--data`), runs the command with embedkit's environment, registers
 * the app at the URL its dev server prints (or `--app-url`) under the LIFF ID the app already
 * carries (its `.env`: `VITE_LIFF_ID`, `NEXT_PUBLIC_LIFF_ID`, `LIFF_ID`), prints the host link that
 * opens it, and ends with the command: its exit code becomes embedkit's.
 *
 * With no LIFF ID in the project, the app gets a new one in those variables (the environment wins
 * over `.env` files in Vite, Next.js and Nuxt). The page's own `@line/liff` talks to embedkit
 * through `embedkit/vite` in a Vite app, through the two plugin lines elsewhere
 * (docs/guide/liff.md); this command sets `EMBEDKIT_URL` (and `VITE_EMBEDKIT_URL`,
 * `NEXT_PUBLIC_EMBEDKIT_URL` for the page) so either finds the server.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { LIFF_ID } from '../../interfaces/embedded-apps/index.js';
import { randomAlnum } from '../../tokens/secrets.js';
import { appLiffId, LIFF_ID_VARIABLES } from './app-liff-id.js';
import { runChild } from './child-command.js';
import { commandEnv, startCommandServer, type CommandServerOptions } from './command-server.js';
import { watchDevServerUrl } from './dev-server-url.js';
import { withServerOptions } from '../options/server-options.js';

/** The options of `dev`. */
interface DevOptions extends CommandServerOptions {
  port: number;
  data?: string;
  appUrl?: string;
  liffId?: string;
  view: 'compact' | 'tall' | 'full';
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return port;
}

function parseLiffId(value: string): string {
  if (!LIFF_ID.test(value)) throw new InvalidArgumentError('a LIFF ID is <channel ID>-<letters and digits>, e.g. 1650000001-AbCd1234');
  return value;
}

function parseAppUrl(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    throw new InvalidArgumentError('an absolute URL, e.g. http://localhost:3000/');
  }
}

/** The `dev` command (see the module's comment). */
export function devCommand(): Command {
  return withServerOptions(
    new Command('dev')
      .description('run your app’s dev server with embedkit: registers the app under its own LIFF ID and prints the host link')
      .argument('<command...>', 'the dev server’s command and its arguments (after --), e.g. npm run dev')
      .option('-p, --port <port>', 'embedkit’s TCP port (0 picks a free one)', parsePort, 8080)
      .option('--data <dir>', 'keep embedkit’s state in this folder (default: in memory, fresh each run)')
      .option('--app-url <url>', 'the app’s URL (default: the first http://localhost:<port> URL the command prints)', parseAppUrl)
      .option(
        '--liff-id <id>',
        'the app’s LIFF ID (default: VITE_LIFF_ID, NEXT_PUBLIC_LIFF_ID or LIFF_ID of the environment or .env files)',
        parseLiffId,
      )
      .addOption(
        new Option('--view <type>', 'view height: compact (50%), tall (80%), full (100%)')
          .choices(['compact', 'tall', 'full'])
          .default('full'),
      )
      .option('--scenario <file>', 'scenario file (default: the config file’s, else the packaged default world)')
      .option('--config <file>', 'config file (default: embedkit.config.json or .jsonc here, when there is one): scenario, apps, webhooks'),
  )
    .showHelpAfterError('(the dev server’s command and its own options go after --: npx embedkit dev -- npm run dev)')
    .addHelpText(
      'after',
      `
The command gets EMBEDKIT_URL, VITE_EMBEDKIT_URL, NEXT_PUBLIC_EMBEDKIT_URL, EMBEDKIT_CHANNEL_ID,
EMBEDKIT_CHANNEL_SECRET, EMBEDKIT_BLOCKCHAIN_URL and EMBEDKIT_HEADER_PREFIX; VITE_LIFF_ID,
NEXT_PUBLIC_LIFF_ID and LIFF_ID too when the project has no LIFF ID of its own. Ctrl-C stops the
command, then embedkit; the exit code is the command's.

Examples:
  $ npx embedkit dev -- npm run dev                  # Vite (with embedkit/vite), Next.js, Nuxt
  $ npx embedkit dev --port 9000 -- npx vite --port 5174
  $ npx embedkit dev --app-url http://localhost:3000/app -- node server.js`,
    )
    .action(async (command: string[], opts: DevOptions) => {
      const found = opts.liffId ? null : appLiffId(process.cwd());
      const started = await startCommandServer('dev', opts, { port: opts.port, ...(opts.data ? { dataDir: opts.data } : {}) });
      const { server, channels } = started;
      const liffId = opts.liffId ?? found?.liffId ?? `${channels[0]?.channel_id ?? '1650000001'}-${randomAlnum(8)}`;
      // The LIFF ID names its channel; an ID from the platform's console names one this world
      // does not have, and the app joins the first channel.
      const channel = channels.find((c) => liffId.startsWith(`${c.channel_id}-`)) ?? channels[0];
      const given = opts.liffId || found;
      const env = {
        ...commandEnv(started),
        VITE_EMBEDKIT_URL: server.baseUrl,
        NEXT_PUBLIC_EMBEDKIT_URL: server.baseUrl,
        ...(given ? {} : Object.fromEntries(LIFF_ID_VARIABLES.map((v) => [v, liffId]))),
        // Piped output loses the terminal: keep the dev server's colours when there is one.
        ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}),
      };
      const say = (line: string) => void process.stdout.write(`\n  embedkit dev: ${line}\n`);
      say(
        `embedkit at ${server.baseUrl}; the app's LIFF ID ${liffId} (${found ? `${found.variable}${found.file ? ` in ${found.file}` : ''}` : opts.liffId ? '--liff-id' : `new, in ${LIFF_ID_VARIABLES.join(', ')}`})`,
      );
      const watch = watchDevServerUrl([server.baseUrl, server.demoOrigin, ...Object.values(server.urls)].map((u) => new URL(u).origin));
      const register = async (url: string): Promise<void> => {
        if (!channel) return say('the world has no channel to hold the app');
        try {
          await server.embedkit.services.registry.keep(channel.channel_id, liffId, { type: opts.view, url });
          say(`${url} is app ${liffId}: open ${server.baseUrl}/?app=${encodeURIComponent(liffId)}`);
        } catch (e) {
          say(`could not register ${url}: ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      // A given URL is registered before the command starts; else once the dev server prints it.
      let registered: Promise<void> | undefined;
      if (opts.appUrl) await register(opts.appUrl);
      else void watch.url.then((url) => (registered = register(url)));
      const code = await runChild('dev', command, env, opts.appUrl ? undefined : watch.read);
      // A registration under way finishes before the database closes.
      await registered;
      await server.close();
      process.exit(code);
    });
}
