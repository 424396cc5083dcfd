#!/usr/bin/env node
/**
 * `npm start`: runs embedkit on this machine. Prints the URLs and the default channel's
 * credentials when ready; the line starting with "embedkit ready" is the ready line.
 */
import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { startServer } from './app.js';
import { createLogger } from './logger.js';
import { isLoopbackHost } from './schemas/registry.js';
import { compileAll } from './schemas/validate.js';

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

/** The URL without its password, for the ready lines. */
function redactPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** How long requests in flight get to finish on SIGTERM/SIGINT, in ms. */
const DRAIN_MS = 5000;

const program = new Command()
  .name('embedkit')
  .description('Local platform, host shell and SDK for embedded web apps')
  .option('-p, --port <port>', 'TCP port (0 picks a free one)', parsePort, 8080)
  .option('--deprecated-port <port>', '{deprecated_url} port (default: --port + 1; free one when --port is 0)', parsePort)
  .option('--trialbot-port <port>', '{trialbot_url} port (default: --port + 2; free one when --port is 0)', parsePort)
  .option('--blockchain-port <port>', '{blockchain_url} port (default: --port + 3; free one when --port is 0)', parsePort)
  .option('--host <address>', 'address to bind (default: loopback only)')
  .option('--data <dir>', 'data directory', '.embedkit')
  .option('--scenario <file>', 'scenario file loaded on first start (default: server/scenarios/default.json)')
  .option('--in-memory', 'keep all state in memory (nothing written to disk)', false)
  .option('--reply-token-ttl <seconds>', 'life of a webhook reply token in seconds', parseSeconds, 60)
  .option('--database-url <url>', 'PostgreSQL to keep the state in, shared by every server on it (default: env DATABASE_URL, else the embedded database)')
  .option('--database-schema <name>', 'PostgreSQL schema (created when missing; default: public)')
  .parse();

const opts = program.opts<{
  port: number;
  deprecatedPort?: number;
  trialbotPort?: number;
  blockchainPort?: number;
  host?: string;
  data: string;
  scenario?: string;
  inMemory: boolean;
  replyTokenTtl: number;
  databaseUrl?: string;
  databaseSchema?: string;
}>();
const databaseUrl = opts.databaseUrl ?? (process.env.DATABASE_URL || undefined);
if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  process.stderr.write('error: --database-url (or DATABASE_URL) must be a postgres:// URL\n');
  process.exit(1);
}
const logger = createLogger();

if (opts.host !== undefined && !isLoopbackHost(opts.host)) {
  logger.warn(`binding to ${opts.host}: embedkit is reachable from other machines, and it has no real users' security`);
}

try {
  const server = await startServer({
    port: opts.port,
    ports: {
      ...(opts.deprecatedPort !== undefined ? { deprecated: opts.deprecatedPort } : {}),
      ...(opts.trialbotPort !== undefined ? { trialbot: opts.trialbotPort } : {}),
      ...(opts.blockchainPort !== undefined ? { blockchain: opts.blockchainPort } : {}),
    },
    ...(opts.host !== undefined ? { host: opts.host } : {}),
    dataDir: resolve(opts.data),
    inMemory: opts.inMemory,
    ...(databaseUrl !== undefined ? { databaseUrl } : {}),
    ...(opts.databaseSchema !== undefined ? { databaseSchema: opts.databaseSchema } : {}),
    bots: { replyTokenLifeMs: opts.replyTokenTtl * 1000 },
    ...(opts.scenario !== undefined ? { scenarioFile: resolve(opts.scenario) } : {}),
    logger,
  });
  const channels = await server.embedkit.db.selectFrom('channels').select(['channel_id', 'secret', 'name']).limit(1).execute();
  const lines = [
    `embedkit ready: ${server.baseUrl}/`,
    `  host shell      ${server.baseUrl}/`,
    `  demo app        ${server.demoOrigin}/demo/app/`,
    `  demo login      ${server.demoOrigin}/demo/login/`,
    `  SDK             ${server.baseUrl}/sdk/v1/sdk.js`,
    `  deprecated      ${server.urls.deprecated}/`,
    `  trial bots      ${server.urls.trialbot}/`,
    `  blockchain      ${server.urls.blockchain}/`,
    `  data            ${databaseUrl !== undefined ? `PostgreSQL ${redactPassword(databaseUrl)}${opts.databaseSchema ? ` schema ${opts.databaseSchema}` : ''}` : opts.inMemory ? 'in memory' : resolve(opts.data)}`,
    opts.host === undefined || isLoopbackHost(opts.host)
      ? `  listening       ${opts.host ?? '127.0.0.1 and ::1'} (loopback only)`
      : `  listening       ${opts.host} (NOT loopback: reachable from other machines)`,
  ];
  for (const c of channels) lines.push(`  channel         ${c.name}: id ${c.channel_id}, secret ${c.secret}`);
  for (const b of await server.embedkit.services.blockchain.store.services())
    lines.push(`  blockchain      ${b.name}: service-api-key ${b.api_key}, secret ${b.api_secret}${b.activated ? '' : ' (not activated)'}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  // Ready first, then compile the validators in the background: the first request finds them done.
  setTimeout(compileAll, 200).unref();
  // SIGTERM/SIGINT: drain (requests in flight get DRAIN_MS), close the database, exit 0 (issue 18).
  // A second signal while draining stops at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close(DRAIN_MS).then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error(e instanceof Error ? e.message : String(e));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  logger.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
