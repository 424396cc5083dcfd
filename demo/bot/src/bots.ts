/**
 * The demo bots as one request handler: the default scenario's messaging bot (`POST /webhook`)
 * and its v1 bots (`POST /v1/enterprise`, `POST /v1/trial`, see v1.ts), the LIFF demo's shop
 * (`/mini-app/...`, see mini-app.ts) and the Tea House's LINE Pay merchant server (`/tea-shop/...`, see tea-shop.ts). Each checks the
 * signature of every request against its channel's secret before reading it, answers 200 at once
 * (the platform retries anything else), then answers through the platform's public APIs over
 * HTTP, as any bot does. `npm run demo:bot` serves it on its own port (main.ts); `embedkit start`
 * mounts it at `/demo/bot` of its own origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { messagingApi, webhook } from '@line/bot-sdk';
import { menuMessages } from './menu.js';
import { createMiniAppShop } from './mini-app.js';
import { createTeaShop } from './tea-shop.js';
import { BotClient, issueToken, PlatformError, validSignature } from './platform.js';
import { handleV1, V1_CHANNELS } from './v1.js';

/** The default scenario's messaging channel (Demo Bot). */
export const MESSAGING_CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' } as const;

/** The default scenario's LIFF demo, a verified LINE MINI App of the messaging channel that sells coins. */
export const LIFF_DEMO_ID = '1650000001-liffapp1';

/** The bots the handler answers, each with its channel and its path (below where the handler is served). */
export const DEMO_BOTS = [
  { kind: 'messaging', name: 'Demo Bot', channelId: MESSAGING_CHANNEL.id, secret: MESSAGING_CHANNEL.secret, path: '/webhook' },
  {
    kind: 'enterprise',
    name: 'Enterprise Bot',
    channelId: V1_CHANNELS.enterprise.id,
    secret: V1_CHANNELS.enterprise.secret,
    path: '/v1/enterprise',
  },
  { kind: 'trial', name: 'Trial Bot', channelId: V1_CHANNELS.trial.id, secret: V1_CHANNELS.trial.secret, path: '/v1/trial' },
  // The LIFF demo's shop (mini-app.ts): its in-app purchase webhook, on the messaging bot's channel.
  {
    kind: 'mini-app',
    name: 'LIFF demo shop',
    channelId: MESSAGING_CHANNEL.id,
    secret: MESSAGING_CHANNEL.secret,
    path: '/mini-app/iap',
    embedId: LIFF_DEMO_ID,
  },
] as const;

/** Where the bots say what they did: a line each. */
export interface BotLog {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** What the demo bots need to know of the embedkit they answer. */
export interface DemoBotsConfig {
  /** `{base_url}`, e.g. `http://localhost:8080`. */
  embedkitUrl: string;
  /** `{trialbot_url}`; default: asked of embedkit once (simulator route `world`). */
  trialbotUrl?: string;
  /** The platform header prefix embedkit runs with (`--header-prefix`); default `X-Service-`. */
  headerPrefix?: string;
  /** The messaging bot's channel; default the default scenario's ({@link MESSAGING_CHANNEL}). */
  channel?: { id: string; secret: string };
  log?: BotLog;
}

/** A request handler of Node's HTTP server (Express mounts it as middleware too). */
export type DemoBotsHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const MAX_BODY_BYTES = 1024 * 1024;
const text = (t: string): messagingApi.TextMessage => ({ type: 'text', text: t.slice(0, 2000) });

/** Builds the handler of the three demo bots. */
export function createDemoBots(config: DemoBotsConfig): DemoBotsHandler {
  const prefix = config.headerPrefix || 'X-Service-';
  const channel = config.channel ?? MESSAGING_CHANNEL;
  const log = config.log ?? console;
  const base = config.embedkitUrl;
  const client = new BotClient({ baseUrl: base, channelId: channel.id, channelSecret: channel.secret });
  let trialbotUrl = config.trialbotUrl;
  const trialbot = async (): Promise<string> => {
    // The path as written, not simulatorPath(): the demo bot is a program of its own (compiled with
    // rootDir src, shipped as demo/bot/dist without server/src) that knows embedkit only over HTTP.
    trialbotUrl ??= ((await (await fetch(`${base}/embedkit/v1/world`)).json()) as { urls: { trialbot: string } }).urls.trialbot;
    return trialbotUrl;
  };
  let enterpriseToken: Promise<string> | undefined;
  const v1Token = (): Promise<string> =>
    (enterpriseToken ??= issueToken({ baseUrl: base, channelId: V1_CHANNELS.enterprise.id, channelSecret: V1_CHANNELS.enterprise.secret }));

  const reply = (replyToken: string | undefined, messages: messagingApi.Message[]): Promise<void> =>
    replyToken ? client.reply(replyToken, messages) : Promise.resolve();

  /** `POST /webhook`: the messaging bot. */
  const onWebhook = async (raw: Buffer | null, signature: unknown, res: ServerResponse): Promise<void> => {
    // The signature is computed over the raw bytes: verify before parsing.
    if (!raw || !validSignature(raw, channel.secret, signature)) return refuse(res, log, 'webhook request');
    let body: webhook.CallbackRequest;
    try {
      body = JSON.parse(raw.toString('utf8')) as webhook.CallbackRequest;
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('not JSON\n');
      return;
    }
    // Answer 200 at once; the platform retries requests that are not answered 200.
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    for (const event of body.events ?? []) {
      log.info(`demo bot: event ${event.type}`);
      await answer(event, reply, client).catch((err: unknown) => {
        const detail = err instanceof PlatformError ? `${err.status} ${err.body}` : String(err);
        log.error(`demo bot: could not answer a ${event.type} event: ${detail}`);
      });
    }
  };

  /** `POST /v1/enterprise` and `POST /v1/trial`: the v1 bots' callbacks. */
  const onV1 = async (kind: 'enterprise' | 'trial', raw: Buffer | null, signature: unknown, res: ServerResponse): Promise<void> => {
    const v1 = V1_CHANNELS[kind];
    if (!raw || !validSignature(raw, v1.secret, signature)) return refuse(res, log, `${kind} callback`);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
    await handleV1(v1, raw, { base, trialbot }, v1Token, prefix).catch((err: unknown) =>
      log.error(`demo bot: could not answer a ${kind} callback: ${String(err)}`),
    );
  };

  const shop = createMiniAppShop({
    baseUrl: base,
    channel,
    signatureHeader: `${prefix}Signature`.toLowerCase(),
    appUrl: `https://liff.line.me/${LIFF_DEMO_ID}`,
    log,
  });

  let linePayUrl: string | undefined;
  const teaShop = createTeaShop({
    linePayUrl: async () =>
      (linePayUrl ??= ((await (await fetch(`${base}/embedkit/v1/world`)).json()) as { urls: { linepay: string } }).urls.linepay),
    log,
  });

  return async (req, res) => {
    const path = req.url?.split('?')[0];
    if (path?.startsWith('/mini-app/')) return shop(req, req.method === 'POST' ? await readBody(req) : null, res);
    if (path?.startsWith('/tea-shop/')) return teaShop(req, req.method === 'POST' ? await readBody(req) : null, res);
    const v1 = path === '/v1/enterprise' ? 'enterprise' : path === '/v1/trial' ? 'trial' : undefined;
    if (req.method !== 'POST' || (path !== '/webhook' && !v1)) {
      res
        .writeHead(404, { 'Content-Type': 'text/plain' })
        .end('Not found: the webhook is POST /webhook (v1 callbacks: POST /v1/enterprise, POST /v1/trial; the shop: /mini-app/)\n');
      return;
    }
    const raw = await readBody(req);
    if (v1) return onV1(v1, raw, req.headers[`${prefix}ChannelSignature`.toLowerCase()], res);
    return onWebhook(raw, req.headers[`${prefix}Signature`.toLowerCase()], res);
  };
}

function refuse(res: ServerResponse, log: BotLog, what: string): void {
  log.warn(`demo bot: rejected a ${what}: bad or missing signature`);
  res.writeHead(403, { 'Content-Type': 'text/plain' }).end('invalid signature\n');
}

/** The messaging bot's answer to one event. Unknown event types and unknown properties are ignored. */
async function answer(
  event: webhook.Event,
  reply: (token: string | undefined, messages: messagingApi.Message[]) => Promise<void>,
  client: BotClient,
): Promise<void> {
  const replyToken = 'replyToken' in event ? (event.replyToken as string | undefined) : undefined;
  switch (event.type) {
    case 'message': {
      const m = event.message as {
        type: string;
        id: string;
        text?: string;
        packageId?: string;
        stickerId?: string;
        title?: string;
        latitude?: number;
        longitude?: number;
        fileName?: string;
      };
      if (m.type === 'text') {
        if (m.text?.trim().toLowerCase() === 'menu') return reply(replyToken, menuMessages());
        return reply(replyToken, [text(m.text ?? '')]);
      }
      if (m.type === 'sticker') return reply(replyToken, [text(`Nice sticker (${m.packageId}/${m.stickerId})!`)]);
      if (m.type === 'location') return reply(replyToken, [text(`You are at ${m.title ?? 'a place'} (${m.latitude}, ${m.longitude}).`)]);
      if (['image', 'video', 'audio', 'file'].includes(m.type)) {
        const size = await client.contentSize(m.id).catch(() => null);
        const what = m.type === 'file' ? `the file ${m.fileName ?? ''}` : `an ${m.type === 'image' ? 'image' : m.type}`;
        return reply(replyToken, [text(size === null ? `Got ${what}, but could not fetch it.` : `Got ${what} of ${size} bytes.`)]);
      }
      return reply(replyToken, [text(`Got a ${m.type} message.`)]);
    }
    case 'postback': {
      const { data, params } = event.postback as { data: string; params?: Record<string, string> };
      const picked = params
        ? ` (${Object.entries(params)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')})`
        : '';
      return reply(replyToken, [text(`Postback received: ${data}${picked}`)]);
    }
    case 'follow':
      return reply(replyToken, [text('Thanks for adding me! Send "menu" to see what I can do.')]);
    case 'join':
      return reply(replyToken, [text('Hello everyone! Send "menu" to see what I can do.')]);
    case 'beacon': {
      const b = event.beacon as { hwid: string; type: string; dm?: string };
      return reply(replyToken, [text(`Beacon ${b.type}: ${b.hwid}${b.dm ? ` (dm ${b.dm})` : ''}`)]);
    }
    case 'accountLink': {
      const link = event.link as { result: string; nonce: string };
      return reply(replyToken, [text(`Account link ${link.result} (nonce ${link.nonce})`)]);
    }
    default:
      // unfollow, leave, and event types this bot does not know: nothing to answer.
      return;
  }
}

/** The request body, or null past {@link MAX_BODY_BYTES}. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
