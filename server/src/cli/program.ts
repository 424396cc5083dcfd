/**
 * `embedkit` (`npx embedkit`, `npm start`): the server and the commands a project runs beside it.
 * Each command lives in a folder of `cli/` named for what it does: `start/` (the server and what
 * its terminal shows), `run/` (`exec` and `dev`: a program run under embedkit), `remote/` (the
 * commands that act on a running embedkit), `options/` (the options and the config file the
 * commands share); `validate.ts` checks a file alone. With no command, `start` runs. User mistakes end with a message
 * saying what to do, never a stack trace: exit code 2 for a wrong command line (an unknown option,
 * a missing argument, a value a parser refuses: the usage errors of POSIX utilities), 1 for a
 * refusal (a file that is invalid, a server that says no). Loaded by `../cli.ts`, which sets up
 * the heap first; importing this module runs the command line.
 */
import { Command, type CommanderError, InvalidArgumentError } from 'commander';
import { appsCommand } from './remote/apps.js';
import { devCommand } from './run/dev.js';
import { execCommand } from './run/exec.js';
import { sendCommand } from './remote/send.js';
import { runStart, type StartOptions } from './start/start.js';
import { validateCommand } from './validate.js';
import { triggerCommand } from './remote/trigger.js';
import { exportCommand } from './remote/export.js';
import { importCommand, resetCommand } from './remote/import.js';
import { sayCommand } from './remote/say.js';
import { webhookCommand } from './remote/webhook.js';
import { iapCommand } from './remote/iap.js';
import { consentCommand } from './remote/consent.js';
import { payCommand } from './remote/pay.js';
import { mcpCommand } from './remote/mcp.js';
import { faultCommand } from './remote/fault.js';
import { reviewCommand } from './remote/review.js';
import { withServerOptions } from './options/server-options.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return port;
}

function parseSeconds(value: string): number {
  const s = Number(value);
  if (!Number.isFinite(s) || s <= 0) throw new InvalidArgumentError('a positive number of seconds');
  return s;
}

const program = new Command()
  .name('embedkit')
  .description('Local platform, host shell and SDK for embedded web apps')
  .showHelpAfterError('(add --help for the options and examples)');

const start = withServerOptions(
  program
    .command('start', { isDefault: true })
    .description('run embedkit: the host shell, the SDK and every interface of the platform (the default command)')
    .option('-p, --port <port>', 'TCP port (0 picks a free one)', parsePort, 8080)
    .option('--deprecated-port <port>', '{deprecated_url} port (default: --port + 1; free one when --port is 0)', parsePort)
    .option('--trialbot-port <port>', '{trialbot_url} port (default: --port + 2; free one when --port is 0)', parsePort)
    .option('--blockchain-port <port>', '{blockchain_url} port (default: --port + 3; free one when --port is 0)', parsePort)
    .option(
      '--linepay-port <port>',
      '{linepay_base_url} port, the LINE Pay sandbox (default: --port + 4; free one when --port is 0)',
      parsePort,
    )
    .option('--host <address>', 'address to bind (default: loopback only)')
    .option(
      '--lan',
      "also serve the host over HTTPS on this machine's network addresses, for phones (prints a QR code; see docs/guide/phones.md)",
    )
    .option(
      '--lan-addresses <list>',
      `addresses --lan listens on, comma-separated IPv4 (default: env EMBEDKIT_LAN_ADDRESSES, else this machine's)`,
    ),
)
  .option('--data <dir>', 'data directory', '.embedkit')
  .option('--scenario <file>', 'scenario file loaded on first start (default: the packaged default world)')
  .option('--in-memory', 'keep all state in memory (nothing written to disk)', false)
  .option('--reply-token-ttl <seconds>', 'life of a webhook reply token in seconds', parseSeconds, 60)
  .option(
    '--database-url <url>',
    'PostgreSQL to keep the state in, shared by every server on it (default: env DATABASE_URL, else the embedded database)',
  )
  .option('--database-schema <name>', 'PostgreSQL schema (created when missing; default: public)')
  .option('--config <file>', 'config file (default: embedkit.config.json or .jsonc in this directory, when there is one)')
  .option('--import <file>', 'start a new data directory with this scenario (a file written by embedkit export)')
  .option('--no-demo-bot', "do not run the default world's demo bots in this process (run npm run demo:bot, or your own bots)")
  .option('-q, --quiet', 'no line per failed webhook delivery attempt (nor when a channel’s deliveries recover)', false)
  .addHelpText(
    'after',
    `
Examples:
  $ npx embedkit                      # http://localhost:8080, data in ./.embedkit
  $ npx embedkit --port 9000 --in-memory
  $ npx embedkit --header-prefix X-Line-          # x-line-signature etc., as the official SDKs read them
  $ npx embedkit start --scenario my-world.json --data .embedkit-mine
  $ npx embedkit --config embedkit.config.jsonc     # port, scenario, apps and webhooks from the file
  $ npx embedkit start --import world.json --data .embedkit-copy
  $ npx embedkit --host 0.0.0.0 --allowed-hosts dev.example.test   # team sandbox: open the admin-token link it prints`,
  )
  .action((opts: StartOptions, cmd: Command) => runStart({ ...opts, portGiven: cmd.getOptionValueSource('port') === 'cli' }));

program.addCommand(execCommand());
program.addCommand(devCommand());
program.addCommand(validateCommand());
program.addCommand(appsCommand());
program.addCommand(sendCommand());
program.addCommand(triggerCommand());
program.addCommand(exportCommand());
program.addCommand(importCommand());
program.addCommand(resetCommand());
program.addCommand(webhookCommand());
program.addCommand(iapCommand());
program.addCommand(consentCommand());
program.addCommand(payCommand());
program.addCommand(sayCommand());
program.addCommand(mcpCommand());
program.addCommand(faultCommand());
program.addCommand(reviewCommand());

// The default command's options work without its name (`npx embedkit --port 9000`): list them in the top-level help.
program.addHelpText('after', () => {
  const help = start.createHelp();
  const width = help.longestOptionTermLength(start, help);
  return `\nOptions of start (the default command: \`embedkit [options]\`):\n${help
    .visibleOptions(start)
    .map((o) => `  ${help.optionTerm(o).padEnd(width)}  ${help.optionDescription(o)}`)
    .join(
      '\n',
    )}\n\nExit codes: 0 done; 1 refused (an invalid file, a server that says no); 2 a wrong command line (unknown option, missing argument).`;
});

/** Usage errors exit 2, help and version 0; set on every command (addCommand does not pass it on). */
function usageExitCodes(c: Command): void {
  c.exitOverride((err: CommanderError) => process.exit(err.exitCode === 0 ? 0 : 2));
  for (const sub of c.commands) usageExitCodes(sub);
}
usageExitCodes(program);

await program.parseAsync();
