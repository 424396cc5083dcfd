/** `embedkit start`: the server, as `npm start` runs it. */
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../../serve/start.js';
import { createLogger } from '../../logger.js';
import { isLoopbackHost } from '../../http/guards/loopback.js';
import type { AllowedHosts } from '../../http/guards/host-check.js';
import { allowedHostsOf, describeAllowedHosts } from '../options/allowed-hosts.js';
import { adminTokenLine, adminTokenPlan } from '../options/admin-token.js';
import { applyConfig, findConfig, readConfig, scenarioFileOf, type EmbedkitConfig } from '../options/config.js';
import { CliError } from '../remote/http.js';
import { headerPrefixOption } from '../options/header-prefix.js';
import { WorldStore, type ChannelRow } from '../../world/world-store.js';
import { IapStore } from '../../interfaces/mini-apps/index.js';
import { demoBotMounts, demoBotsOffReason, loadDemoBots, pointDemoBotWebhooks, type DemoBotsModule } from './demo-bots.js';
import { logDeliveries } from './delivery-log.js';
import { stopWithLauncher } from '../launcher.js';
import { lanAddresses } from '../../lan/addresses.js';
import { lanLines } from './lan.js';
import { DataFolderInUseError } from '../../db/data-folder-lock.js';
import { folderInUse, folderInUseMessage } from './folder-in-use.js';
import { collectStartupGarbage } from '../../runtime/heap.js';

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

/** Ends a start refused for a user mistake: one line, exit code 1, no stack trace. */
function fail(message: string): never {
  process.stderr.write(`embedkit: ${message}\n`);
  process.exit(1);
}

/** How long requests in flight get to finish on SIGTERM/SIGINT, in ms. */
const DRAIN_MS = 5000;

/** The options of `embedkit start` as commander parses them (program.ts); ports are TCP ports, `replyTokenTtl` seconds. */
export interface StartOptions {
  port: number;
  deprecatedPort?: number;
  trialbotPort?: number;
  blockchainPort?: number;
  linepayPort?: number;
  host?: string;
  /** `--allowed-hosts a,b` (parsed), or `all`; default the config file's, else none. */
  allowedHosts?: AllowedHosts;
  /** `--admin-token <t>` (checked); default `EMBEDKIT_ADMIN_TOKEN`, else generated beyond loopback. */
  adminToken?: string;
  data: string;
  scenario?: string;
  inMemory: boolean;
  replyTokenTtl: number;
  databaseUrl?: string;
  databaseSchema?: string;
  /** `--config <file>`; default `embedkit.config.json(c)` in the current directory when there is one. */
  config?: string;
  /** `--import <file>`: a scenario for a new data directory (refused when it already holds a world). */
  import?: string;
  /** Whether `--port` was given (it wins over the config file's `port`). */
  portGiven?: boolean;
  /** `--header-prefix <prefix>` (it wins over the config file's `headerPrefix`). */
  headerPrefix?: string;
  /** False with `--no-demo-bot`: the demo bots do not run in this process (cli/start/demo-bots.ts). */
  demoBot?: boolean;
  /** `--quiet`: no line per failed webhook delivery attempt. */
  quiet?: boolean;
  /** `--lan`: also HTTPS on the network addresses (default the config file's `lan`). */
  lan?: boolean;
  /** `--lan-addresses a,b`: the addresses `--lan` listens on. */
  lanAddresses?: string;
}

/** What a start resolves from its options, the environment and the config file. */
interface StartPlan {
  databaseUrl: string | undefined;
  config: EmbedkitConfig | null;
  configFile: string | null;
  port: number;
  /** The scenario file: `--import`, else `--scenario`, else the config file's; undefined for the default world. */
  scenario: string | undefined;
  /** Host names served besides the built-in ones: `--allowed-hosts`, else the config file's. */
  allowedHosts: AllowedHosts;
}

/**
 * Resolves the options, the environment (DATABASE_URL) and the config file into a plan; a user
 * mistake ends the process (one line, exit code 1), and so does a data folder another embedkit
 * holds (lines saying which and what to do instead: `folder-in-use.ts`).
 */
function planStart(opts: StartOptions): StartPlan {
  const databaseUrl = opts.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    process.stderr.write('error: --database-url (or DATABASE_URL) must be a postgres:// URL\n');
    process.exit(1);
  }
  let config: EmbedkitConfig | null;
  let configFile: string | null;
  try {
    configFile = findConfig(process.cwd(), opts.config);
    config = configFile ? readConfig(configFile) : null;
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    return fail(e.message);
  }
  // Before anything else reads the folder: its holder is what the person needs to hear of.
  if (!opts.inMemory && databaseUrl === undefined) {
    const inUse = folderInUse(opts.data);
    if (inUse !== undefined) return fail(inUse);
  }
  if (opts.import !== undefined) {
    if (opts.scenario !== undefined) return fail('--import and --scenario both name a scenario: give one');
    if (!existsSync(opts.import)) return fail(`--import ${opts.import}: no such file`);
    // A scenario loads into an empty database only: importing over a world would silently keep the old one.
    if (!opts.inMemory && databaseUrl === undefined && existsSync(join(opts.data, 'embedkit.sqlite')))
      return fail(
        `the data directory ${resolve(opts.data)} already holds a world: import into a new one with --data <dir>, or remove it first`,
      );
  }
  const port = !opts.portGiven && config?.port !== undefined ? config.port : opts.port;
  const scenario =
    opts.import !== undefined
      ? resolve(opts.import)
      : opts.scenario !== undefined
        ? resolve(opts.scenario)
        : config && configFile
          ? scenarioFileOf(config, configFile)
          : undefined;
  if (scenario !== undefined && opts.import === undefined) {
    const named = opts.scenario !== undefined ? `--scenario ${opts.scenario}` : `${configFile}: scenario`;
    if (!existsSync(scenario)) return fail(`${named}: no such file (${scenario})`);
    // A scenario loads into an empty database only: say so rather than start silently on the old world.
    if (!opts.inMemory && databaseUrl === undefined && existsSync(join(opts.data, 'embedkit.sqlite')))
      process.stderr.write(
        `embedkit: warning: ${named} is not loaded: the data directory ${resolve(opts.data)} already holds a world ` +
          `(load it into a new one with --data <dir> or --in-memory, or remove that one)\n`,
      );
  }
  let allowedHosts: AllowedHosts;
  try {
    allowedHosts = allowedHostsOf(opts.allowedHosts, config);
  } catch (e) {
    return fail(`${configFile}: ${(e as Error).message}`);
  }
  return { databaseUrl, config, configFile, port, scenario, allowedHosts };
}

/**
 * The ready lines (the first starts with "embedkit ready"): the URLs, the data location, where it
 * listens, the first messaging channel's credentials and up to five v1 bots' (with the interface
 * each speaks), the blockchain services' and the LINE Pay sandbox merchants'.
 */
async function readyLines(
  server: RunningServer,
  opts: StartOptions,
  plan: Pick<StartPlan, 'databaseUrl' | 'allowedHosts'>,
  all: ChannelRow[],
): Promise<string[]> {
  const { databaseUrl } = plan;
  const channels = [
    ...all.filter((c) => c.bot_interface === 'messaging').slice(0, 1),
    ...all.filter((c) => c.bot_interface !== 'messaging').slice(0, 5),
  ];
  const data =
    databaseUrl !== undefined
      ? `PostgreSQL ${redactPassword(databaseUrl)}${opts.databaseSchema ? ` schema ${opts.databaseSchema}` : ''}`
      : opts.inMemory
        ? 'in memory'
        : resolve(opts.data);
  const lines = [
    `embedkit ready: ${server.baseUrl}/`,
    `  host shell      ${server.baseUrl}/`,
    `  demo app        ${server.demoOrigin}/demo/app/`,
    `  demo login      ${server.demoOrigin}/demo/login/`,
    `  SDK             ${server.baseUrl}/sdk/v1/sdk.js`,
    `  deprecated      ${server.urls.deprecated}/`,
    `  trial bots      ${server.urls.trialbot}/`,
    `  blockchain      ${server.urls.blockchain}/`,
    `  LINE Pay        ${server.urls.linepay}/`,
    `  data            ${data}`,
    `  header prefix   ${server.embedkit.headers.prefix}`,
    opts.host === undefined || isLoopbackHost(opts.host)
      ? `  listening       ${opts.host ?? '127.0.0.1 and ::1'} (loopback only)`
      : `  listening       ${opts.host} (NOT loopback: reachable from other machines)`,
  ];
  // Beyond loopback the team reaches it by a name: say which names are served.
  if ((opts.host !== undefined && !isLoopbackHost(opts.host)) || plan.allowedHosts === 'all' || plan.allowedHosts.length > 0)
    lines.push(`  allowed hosts   ${describeAllowedHosts(plan.allowedHosts)}`);
  for (const c of channels)
    lines.push(
      c.bot_interface === 'messaging'
        ? `  channel         ${c.name}: id ${c.channel_id}, secret ${c.secret}`
        : `  ${`${c.bot_interface} bot`.padEnd(16)}${c.name}: id ${c.channel_id}, secret ${c.secret}, MID ${c.channel_mid}`,
    );
  for (const b of await server.embedkit.services.blockchain.store.services())
    lines.push(`  blockchain      ${b.name}: service-api-key ${b.api_key}, secret ${b.api_secret}${b.activated ? '' : ' (not activated)'}`);
  for (const m of await server.embedkit.services.linePay.store.merchants())
    lines.push(
      `  LINE Pay        ${m.name} (${m.region}): channel id ${m.channel_id}, secret key ${m.channel_secret}${m.active ? '' : ' (not active)'}`,
    );
  return lines;
}

/**
 * SIGTERM/SIGINT: drain (requests in flight get {@link DRAIN_MS}), close the database, exit 0, so
 * that a supervisor's restart loses no request. A second signal while draining stops at once.
 */
function stopOnSignals(server: RunningServer): void {
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close(DRAIN_MS).then(
      () => process.exit(0),
      (e: unknown) => fail(`could not stop cleanly: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Killing npx kills npm and its shell only: stop with them.
  stopWithLauncher(() => {
    if (!stopping) stop();
  });
}

/**
 * Removes what a failed start wrote into a data directory that held no world before (the database
 * file and its journals, the directory when it was made for it), so that a corrected retry starts
 * afresh instead of being refused.
 */
function forgetFailedStart(dataDir: string, dirExisted: boolean): void {
  if (!dirExisted) return void rmSync(dataDir, { recursive: true, force: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(join(dataDir, `embedkit.sqlite${suffix}`), { force: true });
}

/**
 * `embedkit start` (and `npm start`): runs embedkit until SIGTERM/SIGINT. Prints the ready lines
 * ({@link readyLines}), then the config file's apps and webhooks once applied.
 */
export async function runStart(opts: StartOptions): Promise<void> {
  const { databaseUrl, config, configFile, port, scenario, allowedHosts } = planStart(opts);
  const logger = createLogger();
  let lan: string[] | undefined;
  try {
    lan = opts.lan || (opts.lan === undefined && config?.lan) ? lanAddresses(opts.lanAddresses) : undefined;
  } catch (e) {
    return fail((e as Error).message);
  }
  let admin: ReturnType<typeof adminTokenPlan>;
  try {
    // The network reaches a --lan server: it gets a token as a server bound beyond loopback does.
    admin = adminTokenPlan(opts.host ?? (lan ? '0.0.0.0' : undefined), opts.adminToken);
  } catch (e) {
    return fail(`EMBEDKIT_ADMIN_TOKEN: ${(e as Error).message}`);
  }

  if (opts.host !== undefined && !isLoopbackHost(opts.host)) {
    logger.warn(`binding to ${opts.host}: embedkit is reachable from other machines, and it has no real users' security`);
  }

  let demoBots: DemoBotsModule | null = null;
  let offReason = demoBotsOffReason(opts.demoBot, config, databaseUrl) ?? undefined;
  if (offReason === undefined)
    demoBots = await loadDemoBots().catch((e: unknown) => {
      logger.warn(`the demo bots are not built (npm run build): ${(e as Error).message}`);
      offReason = 'not built: npm run build';
      return null;
    });

  const dataDir = resolve(opts.data);
  const dirExisted = existsSync(dataDir);
  const fresh = !opts.inMemory && databaseUrl === undefined && !existsSync(join(dataDir, 'embedkit.sqlite'));
  try {
    const server = await startServer({
      port,
      ports: {
        ...(opts.deprecatedPort !== undefined ? { deprecated: opts.deprecatedPort } : {}),
        ...(opts.trialbotPort !== undefined ? { trialbot: opts.trialbotPort } : {}),
        ...(opts.blockchainPort !== undefined ? { blockchain: opts.blockchainPort } : {}),
        ...(opts.linepayPort !== undefined ? { linepay: opts.linepayPort } : {}),
      },
      ...(opts.host !== undefined ? { host: opts.host } : {}),
      allowedHosts,
      ...(admin ? { adminToken: admin.token } : {}),
      ...(lan ? { lan: { addresses: lan } } : {}),
      dataDir,
      inMemory: opts.inMemory,
      ...(databaseUrl !== undefined ? { databaseUrl } : {}),
      ...(opts.databaseSchema !== undefined ? { databaseSchema: opts.databaseSchema } : {}),
      bots: { replyTokenLifeMs: opts.replyTokenTtl * 1000 },
      ...(scenario !== undefined ? { scenarioFile: scenario } : {}),
      ...headerPrefixOption(opts.headerPrefix, config),
      ...(demoBots ? { mounts: demoBotMounts(demoBots, opts.host, logger) } : {}),
      logger,
    });
    const channels = await new WorldStore(server.embedkit.db).channels();
    const lines = await readyLines(server, opts, { databaseUrl, allowedHosts }, channels);
    if (admin) lines.push(adminTokenLine(admin, opts.host, server.port));
    if (server.lan && admin) lines.push(...(await lanLines(server, admin)));
    if (config && configFile) {
      lines.push(`  config          ${configFile}`);
      try {
        lines.push(...(await applyConfig(config, server.baseUrl, channels, admin?.token)));
      } catch (e) {
        if (!(e instanceof CliError)) throw e;
        process.stderr.write(`embedkit: ${configFile}: ${e.message}\n`);
        await server.close();
        process.exit(1);
      }
    }
    try {
      const iap = new IapStore(server.embedkit.db);
      const iapWebhookOf = async (embedId: string) => (await iap.settings(embedId))?.webhookUrl;
      lines.push(...(await pointDemoBotWebhooks(demoBots, server, opts.host, channels, config, admin?.token, offReason, iapWebhookOf)));
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      logger.warn(e.message);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!opts.quiet) {
      const { live, deliveries } = server.embedkit.services.bots;
      logDeliveries(
        { subscribe: (l) => live.subscribe(l), list: (c, n) => deliveries.list(c, n), now: () => server.embedkit.clock.now() },
        (line) => process.stderr.write(`embedkit: ${line}\n`),
      );
    }
    // Apps registered after the start get their proxy within a few seconds.
    if (server.lan) setInterval(() => void server.lan?.syncApps().catch((e: unknown) => logger.warn((e as Error).message)), 3000).unref();
    collectStartupGarbage();
    stopOnSignals(server);
  } catch (e) {
    // Taken between the look and the start: the folder is the other one's, left as it is.
    if (e instanceof DataFolderInUseError) return fail(folderInUseMessage(e));
    if (fresh) forgetFailedStart(dataDir, dirExisted);
    // Plain text like every other refusal of the CLI, with or without a terminal.
    return fail(e instanceof Error ? e.message : String(e));
  }
}
