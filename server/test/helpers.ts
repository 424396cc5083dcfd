/** Shared setup of the server tests: an in-memory embedkit with a known scenario. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import request from 'supertest';
import { createEmbedkit, type Embedkit, type EmbedkitOptions } from '../src/kit/embedkit.js';

export const TWO_CHANNELS = fileURLToPath(new URL('./fixtures/two-channels.json', import.meta.url));
export const CHANNEL_1 = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };
export const CHANNEL_2 = { id: '1650000002', secret: 'ffeeddccbbaa99887766554433221100' };
// The test scenarios (two-channels, bots, social, the default one) reuse these users and chats.
export const ALICE = 'U0a11ce0000000000000000000000a11c';
export const BOB = 'U000000000000000000000000000000b0';
export const CAROL = 'U0000000000000000000000000000ca10';
/** Alice's 1:1 chat (with Carol in the two-channel scenario, with Bob in the others). */
export const UTOU = 'UU0a11ce00000000000000000000000b0';
export const GROUP = 'C0000000000000000000000000000000a';
export const ROOM = 'R0000000000000000000000000000000a';
/** The public origin of the kits whose pages and callbacks name their own URL. */
export const BASE_URL = 'http://localhost:9999';

/** PostgreSQL for the second test pass (`npm run test:pg`); unset: the embedded database. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

/**
 * The store options of a test kit: unchanged on the embedded database; with DATABASE_URL set, the
 * same kit on PostgreSQL: an in-memory kit gets a fresh schema dropped on close, a kit with a data
 * directory a schema named after it (so a restart on the same directory finds its state).
 */
export function onTestDatabase<T extends EmbedkitOptions>(options: T): T {
  if (!TEST_DATABASE_URL) return options;
  if (options.inMemory === false) {
    const schema = `p_${createHash('sha256')
      .update(options.dataDir ?? '.embedkit')
      .digest('hex')
      .slice(0, 20)}`;
    return { ...options, databaseUrl: TEST_DATABASE_URL, databaseSchema: schema };
  }
  return { ...options, inMemory: true, databaseUrl: TEST_DATABASE_URL };
}

/** An embedkit on the two-channel scenario, in memory, silent. */
export function makeKit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  return createEmbedkit(onTestDatabase({ inMemory: true, scenarioFile: TWO_CHANNELS, logger: pino({ level: 'silent' }), ...options }));
}

/** Runs `body` with a fresh temporary directory, removed afterwards whatever happens. */
export async function withTempDir<T>(body: (dir: string) => Promise<T>, prefix = 'embedkit-'): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A supertest parser that keeps the body as raw bytes (for images and other binary content). */
export const binaryBody: BodyParser = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The form of supertest's response parsers: the response stream in, the parsed body out. */
export type BodyParser = Extract<Parameters<request.Test['parse']>[0], (res: never, done: never) => void>;

/** Issues a channel access token through the HTTP API. */
export async function channelToken(kit: Embedkit, channel = CHANNEL_1): Promise<string> {
  const res = await request(kit.app)
    .post('/v2/oauth/accessToken')
    .type('form')
    .send({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret });
  if (res.status !== 200) throw new Error(`token issue failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** Issues a user access token through the simulator API. */
export async function userToken(
  kit: Embedkit,
  opts: { userId?: string; scopes?: string[]; context?: { type: string; chatId?: string } } = {},
): Promise<string> {
  const res = await request(kit.app)
    .post('/embedkit/v1/sessions')
    .send({
      userId: opts.userId ?? ALICE,
      channelId: CHANNEL_1.id,
      scopes: opts.scopes ?? ['profile', 'chat_message.write'],
      context: opts.context ?? { type: 'utou', chatId: UTOU },
    });
  if (res.status !== 200) throw new Error(`session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** A port that was free a moment ago: found by listening on 0 on loopback and closing. */
export async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
