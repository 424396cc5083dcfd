/**
 * An embedkit in this process for a command it runs (`exec`, `dev`): started on loopback with the
 * scenario and config file the options name, and the environment that tells the command where it
 * is. A failure to start ends the process with code 1 and a line naming the command.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../serve/start.js';
import type { AllowedHosts } from '../../http/guards/host-check.js';
import { allowedHostsOf } from '../options/allowed-hosts.js';
import { adminTokenPlan } from '../options/admin-token.js';
import { applyConfig, findConfig, readConfig, scenarioFileOf, type EmbedkitConfig } from '../options/config.js';
import { CliError } from '../remote/http.js';
import { WorldStore } from '../../world/world-store.js';
import { headerPrefixOption } from '../options/header-prefix.js';

/** The options `exec` and `dev` share (`withServerOptions` and `--scenario`, `--config`). */
export interface CommandServerOptions {
  scenario?: string;
  config?: string;
  allowedHosts?: AllowedHosts;
  headerPrefix?: string;
  adminToken?: string;
}

/** A started embedkit for a command: the server, its channels (ordered by ID), the admin token in force, the config's lines. */
export interface CommandServer {
  server: RunningServer;
  channels: { channel_id: string; secret: string }[];
  adminToken?: string;
  /** One line per app and webhook the config file set (config.ts `applyConfig`). */
  configLines: string[];
}

/**
 * Starts embedkit for a command and applies the config file (the given one, else
 * `embedkit.config.json[c]` in the current directory).
 * @param name the command, for the error line (`embedkit <name>: ...`)
 * @param where `port` (0: a free one) and `dataDir` (absent: in memory)
 * @returns the server, or never: a failure writes its reason and exits 1
 */
export async function startCommandServer(
  name: string,
  opts: CommandServerOptions,
  where: { port: number; dataDir?: string },
): Promise<CommandServer> {
  const fail = (message: string): never => {
    process.stderr.write(`embedkit ${name}: ${message}\n`);
    process.exit(1);
  };
  let server: RunningServer;
  let config: EmbedkitConfig | null;
  let admin: ReturnType<typeof adminTokenPlan>;
  try {
    // Bound to loopback: a token is in force only when one is given.
    admin = adminTokenPlan(undefined, opts.adminToken);
    const file = findConfig(process.cwd(), opts.config);
    config = file ? readConfig(file) : null;
    const scenario = opts.scenario ? resolve(opts.scenario) : config && file ? scenarioFileOf(config, file) : undefined;
    if (scenario !== undefined && !existsSync(scenario))
      throw new CliError(`${opts.scenario ? `--scenario ${opts.scenario}` : `${file}: scenario`}: no such file (${scenario})`);
    server = await startServer({
      port: where.port,
      ...(where.dataDir === undefined ? { inMemory: true } : { dataDir: resolve(where.dataDir) }),
      logger: pino({ level: 'warn' }),
      allowedHosts: allowedHostsOf(opts.allowedHosts, config),
      ...(admin ? { adminToken: admin.token } : {}),
      ...(scenario ? { scenarioFile: scenario } : {}),
      ...headerPrefixOption(opts.headerPrefix, config),
    });
  } catch (e) {
    return fail(e instanceof CliError ? e.message : `could not start embedkit: ${e instanceof Error ? e.message : String(e)}`);
  }
  // Ordered by ID: the first is the one the command gets.
  const channels = await new WorldStore(server.embedkit.db).channels();
  let configLines: string[] = [];
  if (config) {
    try {
      configLines = await applyConfig(config, server.baseUrl, channels, admin?.token);
    } catch (e) {
      await server.close();
      return fail(e instanceof Error ? e.message : String(e));
    }
  }
  return { server, channels, configLines, ...(admin ? { adminToken: admin.token } : {}) };
}

/**
 * What the command gets in its environment: `EMBEDKIT_URL`, `EMBEDKIT_BLOCKCHAIN_URL`, `EMBEDKIT_LINEPAY_URL`,
 * `EMBEDKIT_HEADER_PREFIX`, the first channel's `EMBEDKIT_CHANNEL_ID` and `EMBEDKIT_CHANNEL_SECRET`,
 * and `EMBEDKIT_ADMIN_TOKEN` when a token is in force; added to this process's environment.
 */
export function commandEnv(started: CommandServer): NodeJS.ProcessEnv {
  const { server, adminToken } = started;
  const [channel] = started.channels;
  return {
    ...process.env,
    EMBEDKIT_URL: server.baseUrl,
    EMBEDKIT_BLOCKCHAIN_URL: server.urls.blockchain,
    EMBEDKIT_LINEPAY_URL: server.urls.linepay,
    EMBEDKIT_HEADER_PREFIX: server.embedkit.headers.prefix,
    ...(adminToken ? { EMBEDKIT_ADMIN_TOKEN: adminToken } : {}),
    ...(channel ? { EMBEDKIT_CHANNEL_ID: channel.channel_id, EMBEDKIT_CHANNEL_SECRET: channel.secret } : {}),
  };
}
