/**
 * The demo bots inside `embedkit start`: the default world's Demo Bot, Enterprise Bot and Trial
 * Bot answer at once, without a second command. They are the package's own demo bot
 * (`demo/bot/dist/bots.js`, the code `npm run demo:bot` runs) mounted at {@link DEMO_BOT_MOUNT}
 * of `{base_url}`: embedkit delivers to them over HTTP, signed, and they answer through the
 * platform's public APIs, as any bot. A channel's webhook is taken over only while it still
 * points where the default world points it (the separate demo bot's address) or at an earlier
 * start's in-process bot; a URL the person set (in the Webhooks panel, the config file's
 * `webhooks`, or the scenario) is left alone. See docs/platform/demo-bots.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { InterfaceUrls } from '../../interface-urls.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import type { EmbedkitConfig } from '../options/config.js';
import { isLoopbackHost } from '../../http/guards/loopback.js';
import { CliError, simSend } from '../remote/http.js';
import { PACKAGE_ROOT } from '../../runtime/package-root.js';

/** Where the in-process demo bots are mounted on `{base_url}`. */
export const DEMO_BOT_MOUNT = '/demo/bot';

/** Where `npm run demo:bot` listens by default: the default world's webhook URLs point there. */
export const STANDALONE_ORIGIN = 'http://127.0.0.1:3000';

/**
 * One demo bot as `demo/bot` describes it: its channel and its path below the handler. The LIFF
 * demo's shop (`mini-app`) is the in-app purchase webhook of its MINI App `embedId`, not the
 * channel's webhook.
 */
export interface DemoBot {
  kind: 'messaging' | 'enterprise' | 'trial' | 'mini-app';
  name: string;
  channelId: string;
  secret: string;
  /** e.g. `/webhook`, `/v1/enterprise`, `/mini-app/iap`. */
  path: string;
  embedId?: string;
}

/** What `demo/bot/dist/bots.js` exports (typed here: the server build does not compile `demo/`). */
export interface DemoBotsModule {
  DEMO_BOTS: readonly DemoBot[];
  createDemoBots(config: {
    embedkitUrl: string;
    trialbotUrl?: string;
    headerPrefix?: string;
    log?: { info(line: string): void; warn(line: string): void; error(line: string): void };
  }): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/**
 * Loads the demo bots shipped in the package (`demo/bot/dist`, built by `npm run build`).
 * @throws Error when they are not built
 */
export async function loadDemoBots(): Promise<DemoBotsModule> {
  return (await import(new URL('demo/bot/dist/bots.js', PACKAGE_ROOT).href)) as DemoBotsModule;
}

/**
 * Why `start` does not run the demo bots, or null when it does: `--no-demo-bot` (commander's
 * `demoBot: false`), the config file's `demoBot: false`, or a PostgreSQL database. Servers on one
 * database share the channels' webhooks, and `127.0.0.1` is each machine's own, so no server
 * may point a shared webhook at itself.
 */
export function demoBotsOffReason(
  demoBotOption: boolean | undefined,
  config: Pick<EmbedkitConfig, 'demoBot'> | null,
  databaseUrl: string | undefined,
): string | null {
  if (demoBotOption === false) return '--no-demo-bot';
  if (config?.demoBot === false) return '"demoBot": false in the config file';
  if (databaseUrl !== undefined) return 'PostgreSQL: the servers on it share the webhooks';
  return null;
}

/** A channel as the plan reads it (`channels` rows). */
export interface PlanChannel {
  channel_id: string;
  secret: string;
  webhook_url: string | null;
}

/** One webhook to set: the channel, its bot's name, and the URL; with `embedId`, that MINI App's in-app purchase webhook. */
export interface WebhookChange {
  channelId: string;
  name: string;
  url: string;
  embedId?: string;
}

/** True when `url` is an in-process demo bot's URL of some earlier start: a loopback host, the path under {@link DEMO_BOT_MOUNT}. */
function isInProcessUrl(url: string, bot: DemoBot): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && isLoopbackHost(u.hostname) && u.pathname === `${DEMO_BOT_MOUNT}${bot.path}`;
  } catch {
    return false;
  }
}

/**
 * Which webhooks a start sets, for each demo bot whose channel the world has with the bot's secret
 * (the default world's channels) and whose webhook the config file does not set (a `mini-app` bot:
 * whose MINI App is in `iapWebhooks`, the in-app purchase webhook URL of each MINI App by embed ID):
 * - `run` (the bots run in this process): the webhook becomes `<baseUrl>/demo/bot<path>` when it
 *   points at the separate demo bot's default address or at an earlier start's in-process bot; any
 *   other URL, or none, is the person's choice and is kept (the bot is then listed in `elsewhere`).
 * - not `run`: a webhook left pointing at an earlier start's in-process bot goes back to the
 *   separate demo bot's default address, where `npm run demo:bot` listens.
 * @param baseUrl where the in-process bots are reached, e.g. `http://127.0.0.1:8080`
 */
export function demoBotWebhooks(
  bots: readonly DemoBot[],
  channels: readonly PlanChannel[],
  opts: { run: boolean; baseUrl: string; configured?: readonly string[]; iapWebhooks?: Readonly<Record<string, string | null>> },
): { set: WebhookChange[]; answering: WebhookChange[]; elsewhere: WebhookChange[] } {
  const set: WebhookChange[] = [];
  const answering: WebhookChange[] = [];
  const elsewhere: WebhookChange[] = [];
  for (const bot of bots) {
    const channel = channels.find((c) => c.channel_id === bot.channelId && c.secret === bot.secret);
    if (!channel || (bot.embedId !== undefined && !(bot.embedId in (opts.iapWebhooks ?? {})))) continue;
    const current = bot.embedId === undefined ? channel.webhook_url : (opts.iapWebhooks?.[bot.embedId] ?? null);
    const ours = current !== null && isInProcessUrl(current, bot);
    const standalone = `${STANDALONE_ORIGIN}${bot.path}`;
    const change = (url: string): WebhookChange => ({
      channelId: bot.channelId,
      name: bot.name,
      url,
      ...(bot.embedId !== undefined ? { embedId: bot.embedId } : {}),
    });
    if (!opts.run) {
      if (ours) set.push(change(standalone));
      continue;
    }
    const own = change(`${opts.baseUrl}${DEMO_BOT_MOUNT}${bot.path}`);
    const configured = bot.embedId === undefined && opts.configured?.includes(bot.channelId);
    if (!configured && (ours || current === standalone)) {
      if (current !== own.url) set.push(own);
      answering.push(own);
    } else elsewhere.push(change(current ?? '(no webhook URL)'));
  }
  return { set, answering, elsewhere };
}

/**
 * The ready lines about the demo bots: which answer where, which were left to the person's URL,
 * or that they are off.
 */
export function demoBotLines(
  plan: { answering: WebhookChange[]; elsewhere: WebhookChange[] } | null,
  offReason = '--no-demo-bot',
): string[] {
  if (plan === null) return [`  demo bots       off (${offReason}): run npm run demo:bot, or your own bots`];
  return [
    ...plan.answering.map((b) => `  demo bot        ${b.name}: answers at ${b.url}`),
    ...plan.elsewhere.map((b) => `  demo bot        ${b.name}: not run here, its webhook is ${b.url}`),
  ];
}

/** The in-process bots as an Express handler (their answers are sent after the 200, so errors are logged, never thrown). */
export function demoBotsMiddleware(handle: ReturnType<DemoBotsModule['createDemoBots']>, log: (err: unknown) => void): RequestHandler {
  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(err);
      if (!res.headersSent) res.status(500).end();
    });
  };
}

/**
 * The origin at which this process reaches its own port `port` when bound to `host`: `127.0.0.1`
 * for loopback (the default binds it) and the wildcard addresses, else the bound address itself.
 * A name such as `localhost` may resolve to `::1` first, which a `--host 0.0.0.0` start does not bind.
 */
export function ownOrigin(host: string | undefined, port: number | string): string {
  if (host === undefined || host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host.toLowerCase() === 'localhost')
    return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host.replace(/^\[|\]$/g, '')}]:${port}` : `http://${host}:${port}`;
}

/**
 * The `mounts` option of `startServer` that serves the demo bots at {@link DEMO_BOT_MOUNT}: they
 * call the kit at its own origins, with its header prefix, and log through the kit's logger.
 */
export function demoBotMounts(
  mod: DemoBotsModule,
  host: string | undefined,
  logger: Logger,
): (kit: { urls: InterfaceUrls; headers: PlatformHeaders }) => Record<string, RequestHandler> {
  return ({ urls, headers }) => {
    const handle = mod.createDemoBots({
      embedkitUrl: ownOrigin(host, new URL(urls.base).port),
      trialbotUrl: ownOrigin(host, new URL(urls.trialbot).port),
      headerPrefix: headers.prefix,
      log: { info: (l) => logger.debug(l), warn: (l) => logger.warn(l), error: (l) => logger.error(l) },
    });
    return { [DEMO_BOT_MOUNT]: demoBotsMiddleware(handle, (err) => logger.error({ err }, 'demo bot failed')) };
  };
}

/**
 * After the server started (and after the config file's webhooks): points the demo channels'
 * webhooks at the in-process bots, or back at the separate demo bot's address when the bots do not
 * run here ({@link demoBotWebhooks}), through embedkit's own API as any client.
 * @param mod the loaded demo bots, or null when they do not run in this process
 * @param offReason why they do not run, for the ready line ({@link demoBotsOffReason})
 * @param iapWebhookOf a MINI App's in-app purchase webhook URL (null: none; undefined: no such MINI App with in-app purchase)
 * @returns the ready lines ({@link demoBotLines})
 * @throws CliError when embedkit refuses a webhook setting
 */
export async function pointDemoBotWebhooks(
  mod: DemoBotsModule | null,
  server: { port: number },
  host: string | undefined,
  channels: readonly PlanChannel[],
  config: Pick<EmbedkitConfig, 'webhooks'> | null,
  adminToken: string | undefined,
  offReason?: string,
  iapWebhookOf: (embedId: string) => Promise<string | null | undefined> = async () => undefined,
): Promise<string[]> {
  const origin = ownOrigin(host, server.port);
  const bots = mod?.DEMO_BOTS ?? (await loadDemoBots().catch(() => null))?.DEMO_BOTS ?? [];
  const iapWebhooks: Record<string, string | null> = {};
  for (const bot of bots)
    if (bot.embedId !== undefined) {
      const url = await iapWebhookOf(bot.embedId);
      if (url !== undefined) iapWebhooks[bot.embedId] = url;
    }
  const plan = demoBotWebhooks(bots, channels, {
    run: mod !== null,
    baseUrl: origin,
    configured: Object.keys(config?.webhooks ?? {}),
    iapWebhooks,
  });
  const target = { url: origin, channelId: '', channelSecret: '', adminToken };
  for (const change of plan.set) {
    const res =
      change.embedId === undefined
        ? await simSend(target, 'setWebhook', { params: { channelId: change.channelId }, body: { url: change.url } })
        : await simSend(target, 'setIapWebhook', { params: { embedId: change.embedId }, body: { webhookUrl: change.url } });
    const whose = change.embedId === undefined ? `channel ${change.channelId}` : `MINI App ${change.embedId}`;
    if (res.status !== 200) throw new CliError(`demo bot webhook of ${whose}: ${res.status} ${res.body?.message ?? ''}`);
  }
  return demoBotLines(mod ? plan : null, offReason);
}
