/** Shared setup of the bot messaging tests: the bots scenario, a webhook receiver, small calls. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import type { Embedkit, EmbedkitOptions } from '../../src/kit/embedkit.js';
import { BASE_URL, CHANNEL_1, CHANNEL_2, channelToken, makeKit, UTOU } from '../helpers.js';

// In the bots scenario GROUP is Alice, Bob and Carol (Carol has not agreed) with both bots, and
// ROOM is Alice and Carol, no bot.
export { ALICE, BOB, CAROL, GROUP, ROOM } from '../helpers.js';
export const BOTS_SCENARIO = fileURLToPath(new URL('../fixtures/bots.json', import.meta.url));
/** The trial channel: the bots scenario gives the two-channel scenario's channels a bot each. */
export const TRIAL = CHANNEL_1;
/** The verified channel. */
export const VERIFIED = CHANNEL_2;
/** Alice's 1:1 chat with Bob (no bot). */
export const ALICE_BOB = UTOU;
/** Alice's 1:1 chat with the trial channel's bot. */
export const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';
/** Alice's 1:1 chat with the verified channel's bot. */
export const ALICE_VERIFIED_BOT = 'UBa11ce000000000000000000000002a1';
export const BOB_BOT = 'UB00000000000000000000000000000b0';
/** Group of Alice alone, no bot. */
export const GROUP_NO_BOT = 'C0000000000000000000000000000000b';

/** An embedkit on the bots scenario, in memory, silent. */
export function makeBotKit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  return makeKit({ scenarioFile: BOTS_SCENARIO, baseUrl: BASE_URL, ...options });
}

/** A fresh bots kit and a token of its trial channel: the start of most bot tests. */
export async function openBotKit(): Promise<{ kit: Embedkit; token: string }> {
  const kit = await makeBotKit();
  return { kit, token: await botToken(kit) };
}

/** Issues a channel access token through the HTTP API. */
export function botToken(kit: Embedkit, channel = TRIAL): Promise<string> {
  return channelToken(kit, channel);
}

export const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

/** A user sends a message from the host. */
export async function say(
  kit: Embedkit,
  chatId: string,
  userId: string,
  message: Record<string, unknown> | string,
): Promise<{ id: string }> {
  const body = typeof message === 'string' ? { type: 'text', text: message } : message;
  const res = await request(kit.app).post(`/embedkit/v1/chats/${chatId}/messages`).send({ userId, message: body });
  if (res.status !== 200) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

/** A delivery as `GET /embedkit/v1/deliveries` lists it, with its body parsed. */
export interface ListedDelivery {
  id: number;
  channelId: string;
  status: string;
  eventTypes: string[];
  body: string;
  headers: Record<string, string>;
  attempts: { url: string; statusCode: number | null; error: string | null; latencyMs: number }[];
  events: Record<string, any>[];
}

/** The deliveries of a channel, oldest first. */
export async function deliveries(kit: Embedkit, channelId = TRIAL.id): Promise<ListedDelivery[]> {
  const res = await request(kit.app).get(`/embedkit/v1/deliveries?channelId=${channelId}&limit=200`);
  return (res.body.deliveries as ListedDelivery[]).map((d) => ({ ...d, events: JSON.parse(d.body).events })).reverse();
}

/** Every event sent to a channel so far, in order. */
export async function events(kit: Embedkit, channelId = TRIAL.id): Promise<Record<string, any>[]> {
  return (await deliveries(kit, channelId)).flatMap((d) => d.events);
}

/** Messages of a chat as the host reads them. */
export async function chatMessages(
  kit: Embedkit,
  chatId: string,
): Promise<{ id: string; sender: { type: string; id: string; displayName: string }; message: Record<string, any> }[]> {
  return (await request(kit.app).get(`/embedkit/v1/chats/${chatId}/messages`)).body.messages;
}

/** Sets a channel's webhook URL (and the unknown-property option). */
export async function setWebhook(
  kit: Embedkit,
  channelId: string,
  settings: { url?: string | null; unknownProperty?: boolean },
): Promise<void> {
  const res = await request(kit.app).put(`/embedkit/v1/channels/${channelId}/webhook`).send(settings);
  if (res.status !== 200) throw new Error(`webhook settings failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: { destination?: string; events: Record<string, any>[] };
}

/** A local webhook receiver on 127.0.0.1. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Status codes of the next answers, in order; then 200. */
  answers: number[];
  /** How long (ms) to wait before each of the next answers, in order; then at once. */
  delays: number[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Starts a webhook receiver that records every request. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const delays: number[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
      const answer = () => {
        res.statusCode = answers.shift() ?? 200;
        res.end('{}');
        waiters.splice(0).forEach((w) => w());
      };
      const delay = delays.shift() ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    answers,
    delays,
    async waitFor(n, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
