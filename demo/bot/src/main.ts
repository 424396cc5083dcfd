#!/usr/bin/env node
/**
 * The demo bot: a small bot server that embedkit's webhook calls, written with the official Node
 * bot SDK (@line/bot-sdk) pointed at embedkit. It verifies the signature of every request, echoes
 * text, answers "menu" with a flex message and a buttons template, answers postbacks, and says
 * what it got for the other events. It also answers the default scenario's v1 bots (Enterprise Bot
 * and Trial Bot) at `/v1/enterprise` and `/v1/trial` (v1.ts).
 *
 *   npm run demo:bot        (then chat with "Demo Bot" in the host)
 *
 * Environment: EMBEDKIT_URL (default http://localhost:8080), CHANNEL_ID and CHANNEL_SECRET
 * (default: the default scenario's channel), PORT (default 3000; 0 picks a free one), HOST
 * (default 127.0.0.1), EMBEDKIT_HEADER_PREFIX (the platform header prefix embedkit runs with,
 * default X-Service-; `embedkit exec` sets it). The ready line: "demo bot ready: http://127.0.0.1:3000/webhook".
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelAccessToken, HTTPFetchError, messagingApi, validateSignature, type webhook } from '@line/bot-sdk';
import { menuMessages } from './menu.js';
import { handleV1, V1_CHANNELS, validV1Signature } from './v1.js';

const EMBEDKIT_URL = process.env.EMBEDKIT_URL ?? 'http://localhost:8080';
const CHANNEL_ID = process.env.CHANNEL_ID ?? '1650000001';
const CHANNEL_SECRET = process.env.CHANNEL_SECRET ?? '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? '127.0.0.1';
/** The platform header prefix embedkit runs with (`--header-prefix`); the spec's placeholder by default. */
const HEADER_PREFIX = process.env.EMBEDKIT_HEADER_PREFIX || 'X-Service-';
/** The platform's signature header (spec "Authentication" B); Node lowercases received header names. */
const SIGNATURE_HEADER = `${HEADER_PREFIX}Signature`.toLowerCase();
const MAX_BODY_BYTES = 1024 * 1024;

/** `{trialbot_url}`: the trial interface's origin, from `EMBEDKIT_TRIALBOT_URL` or asked of embedkit once. */
let trialbotUrl: string | undefined = process.env.EMBEDKIT_TRIALBOT_URL;
async function trialbot(): Promise<string> {
  trialbotUrl ??= ((await (await fetch(`${EMBEDKIT_URL}/embedkit/v1/world`)).json()) as { urls: { trialbot: string } }).urls.trialbot;
  return trialbotUrl;
}

const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: EMBEDKIT_URL });
let client: messagingApi.MessagingApiClient | undefined;
let blob: messagingApi.MessagingApiBlobClient | undefined;

/** A channel access token (issued once, again after a 401). */
async function clients(renew = false): Promise<{ client: messagingApi.MessagingApiClient; blob: messagingApi.MessagingApiBlobClient }> {
  if (!client || !blob || renew) {
    const { access_token } = await tokens.issueChannelToken('client_credentials', CHANNEL_ID, CHANNEL_SECRET);
    client = new messagingApi.MessagingApiClient({ channelAccessToken: access_token, baseURL: EMBEDKIT_URL });
    blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: access_token, baseURL: EMBEDKIT_URL });
  }
  return { client, blob };
}

/** Runs a call with the bot's clients, issuing a new token once when the old one is refused. */
async function withClients<T>(
  call: (c: { client: messagingApi.MessagingApiClient; blob: messagingApi.MessagingApiBlobClient }) => Promise<T>,
): Promise<T> {
  try {
    return await call(await clients());
  } catch (err) {
    if (err instanceof HTTPFetchError && err.status === 401) return call(await clients(true));
    throw err;
  }
}

function reply(replyToken: string | undefined, messages: messagingApi.Message[]): Promise<unknown> {
  if (!replyToken) return Promise.resolve();
  return withClients(({ client }) => client.replyMessage({ replyToken, messages }));
}

const text = (t: string): messagingApi.TextMessage => ({ type: 'text', text: t.slice(0, 2000) });

/** The bot's answer to one event. Unknown event types and unknown properties are ignored. */
async function handle(event: webhook.Event): Promise<void> {
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
        address?: string;
        latitude?: number;
        longitude?: number;
        fileName?: string;
      };
      if (m.type === 'text') {
        if (m.text?.trim().toLowerCase() === 'menu') return void (await reply(replyToken, menuMessages()));
        return void (await reply(replyToken, [text(m.text ?? '')]));
      }
      if (m.type === 'sticker') return void (await reply(replyToken, [text(`Nice sticker (${m.packageId}/${m.stickerId})!`)]));
      if (m.type === 'location')
        return void (await reply(replyToken, [text(`You are at ${m.title ?? 'a place'} (${m.latitude}, ${m.longitude}).`)]));
      if (['image', 'video', 'audio', 'file'].includes(m.type)) {
        const size = await withClients(async ({ blob }) => {
          let n = 0;
          for await (const chunk of await blob.getMessageContent(m.id)) n += (chunk as Buffer).length;
          return n;
        }).catch(() => null);
        const what = m.type === 'file' ? `the file ${m.fileName ?? ''}` : `an ${m.type === 'image' ? 'image' : m.type}`;
        return void (await reply(replyToken, [
          text(size === null ? `Got ${what}, but could not fetch it.` : `Got ${what} of ${size} bytes.`),
        ]));
      }
      return void (await reply(replyToken, [text(`Got a ${m.type} message.`)]));
    }
    case 'postback': {
      const { data, params } = event.postback as { data: string; params?: Record<string, string> };
      const picked = params
        ? ` (${Object.entries(params)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')})`
        : '';
      return void (await reply(replyToken, [text(`Postback received: ${data}${picked}`)]));
    }
    case 'follow':
      return void (await reply(replyToken, [text('Thanks for adding me! Send "menu" to see what I can do.')]));
    case 'join':
      return void (await reply(replyToken, [text('Hello everyone! Send "menu" to see what I can do.')]));
    case 'beacon': {
      const b = event.beacon as { hwid: string; type: string; dm?: string };
      return void (await reply(replyToken, [text(`Beacon ${b.type}: ${b.hwid}${b.dm ? ` (dm ${b.dm})` : ''}`)]));
    }
    case 'accountLink': {
      const link = event.link as { result: string; nonce: string };
      return void (await reply(replyToken, [text(`Account link ${link.result} (nonce ${link.nonce})`)]));
    }
    default:
      // unfollow, leave, and event types this bot does not know: nothing to answer.
      return;
  }
}

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

let enterpriseToken: string | undefined;

/** A channel access token of the enterprise channel (issued once). */
async function v1Token(): Promise<string> {
  enterpriseToken ??= (await tokens.issueChannelToken('client_credentials', V1_CHANNELS.enterprise.id, V1_CHANNELS.enterprise.secret))
    .access_token;
  return enterpriseToken;
}

/** `POST /v1/enterprise` and `POST /v1/trial`: the v1 bots' callbacks (demo/bot/src/v1.ts). */
async function onV1Request(kind: 'enterprise' | 'trial', req: IncomingMessage, res: ServerResponse): Promise<void> {
  const channel = V1_CHANNELS[kind];
  const raw = await readBody(req);
  if (!raw || !validV1Signature(raw, channel.secret, req.headers[`${HEADER_PREFIX}ChannelSignature`.toLowerCase()])) {
    console.warn(`rejected a ${kind} callback: bad or missing signature`);
    res.writeHead(403, { 'Content-Type': 'text/plain' }).end('invalid signature\n');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
  await handleV1(channel, raw, { base: EMBEDKIT_URL, trialbot }, v1Token, HEADER_PREFIX).catch((err: unknown) =>
    console.error(`could not answer a ${kind} callback: ${String(err)}`),
  );
}

async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = req.url?.split('?')[0];
  if (req.method === 'POST' && (path === '/v1/enterprise' || path === '/v1/trial'))
    return onV1Request(path === '/v1/enterprise' ? 'enterprise' : 'trial', req, res);
  if (req.method !== 'POST' || path !== '/webhook') {
    res
      .writeHead(404, { 'Content-Type': 'text/plain' })
      .end('Not found: the webhook is POST /webhook (v1 callbacks: POST /v1/enterprise, POST /v1/trial)\n');
    return;
  }
  const raw = await readBody(req);
  const signature = req.headers[SIGNATURE_HEADER];
  // The signature is computed over the raw bytes: verify before parsing.
  if (!raw || typeof signature !== 'string' || !validateSignature(raw, CHANNEL_SECRET, signature)) {
    console.warn('rejected a webhook request: bad or missing signature');
    res.writeHead(403, { 'Content-Type': 'text/plain' }).end('invalid signature\n');
    return;
  }
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
    console.log(`event ${event.type}`);
    await handle(event).catch((err: unknown) => {
      const detail = err instanceof HTTPFetchError ? `${err.status} ${err.body}` : String(err);
      console.error(`could not answer a ${event.type} event: ${detail}`);
    });
  }
}

const server = createServer((req, res) => {
  onRequest(req, res).catch((err: unknown) => {
    console.error(err);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
server.listen(PORT, HOST, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`demo bot ready: http://${HOST}:${port}/webhook (embedkit ${EMBEDKIT_URL}, channel ${CHANNEL_ID})`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
