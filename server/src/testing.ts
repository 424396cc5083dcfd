/**
 * `embedkit/testing`: an in-process, in-memory embedkit on free ports for a project's test suite
 * (vitest, jest, node:test), one per test file if need be.
 *
 * ```ts
 * import { startEmbedkit } from 'embedkit/testing';
 * const kit = await startEmbedkit();
 * const token = await kit.token();               // a channel access token of the default channel
 * await fetch(`${kit.url}/v2/bot/message/push`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ to: kit.world.users[0].userId, messages: [{ type: 'text', text: 'hi' }] }) });
 * await kit.stop();
 * ```
 *
 * Everything goes through the platform's HTTP interfaces and the simulator API, as a client of
 * embedkit would; only the default channel's secret, which no API answers, is read from the world
 * store.
 */
import { pino } from 'pino';
import { startServer, type InterfaceUrls, type RunningServer } from './app.js';
import { checkAdminToken } from './http/admin-token.js';
import { parseAllowedHosts } from './http/host-check.js';
import { readScenario } from './scenario/load.js';
import type { Scenario } from './scenario/schema.js';
import { WorldStore } from './world/world-store.js';
import type { PlatformHeaders } from './http/platform-headers.js';

export type { PlatformHeaders } from './http/platform-headers.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link startEmbedkit}. */
export interface StartEmbedkitOptions {
  /** The world: a scenario file's path, or a scenario object; default the default scenario. */
  scenario?: string | Scenario;
  /** Port of `{base_url}`; default 0 (a free one; the side origins get free ones too). */
  port?: number;
  /** Log level of the server (pino); default `silent`. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /**
   * Host names served besides `localhost`, `*.localhost` and IP addresses (e.g. the name a
   * container reaches the kit by); `'all'` serves any `Host`. Other names get 403 (DNS rebinding).
   */
  allowedHosts?: string[] | 'all';
  /**
   * Prefix of the platform headers the spec writes as `X-Service-…` (webhook signatures, request
   * IDs, the v1 headers); default `X-Service-`. `X-Line-` lets the official SDKs' middleware read
   * the signature unmodified.
   */
  headerPrefix?: string;
  /**
   * An admin token the kit requires on its simulator API and host page (16 to 512 characters
   * among letters, digits and `._~+/=-`), to test a client of a guarded server; the helpers send
   * it. Default none.
   */
  adminToken?: string;
}

/** A message of a chat as the host sees it (`GET /embedkit/v1/chats/<chatId>/messages`). */
export interface KitChatMessage {
  id: string;
  chatId: string;
  sender: { type: 'user' | 'bot'; id: string; displayName: string };
  message: Record<string, unknown>;
  timestamp: number;
}

/** The world as `GET /embedkit/v1/world` answers it. */
export interface KitWorld {
  channels: Array<{ channelId: string; name: string }>;
  users: Array<{ userId: string; displayName: string; pictureUrl?: string; statusMessage?: string }>;
  chats: Array<{ chatId: string; type: 'utou' | 'room' | 'group'; name: string; memberIds: string[]; bot?: string }>;
  apps: Array<{ embedId: string; channelId: string; name: string; view: { type: string; url: string } }>;
  defaults: { userId?: string; language?: string; embedId?: string };
  urls: InterfaceUrls;
  /** The prefix of the platform headers, e.g. `X-Service-`. */
  headerPrefix: string;
}

/** A running in-process embedkit. */
export interface TestKit {
  /** `{base_url}`, e.g. `http://localhost:41234` (no trailing slash). */
  url: string;
  /** Every address placeholder's origin. */
  urls: InterfaceUrls;
  /** The platform header names the kit sends and reads (`headers.signature` is the webhook signature's). */
  headers: PlatformHeaders;
  /** The scenario's first channel (the default channel of the default scenario). */
  channel: { id: string; secret: string };
  /** The world at start: channels (no secrets), users, chats, apps. */
  world: KitWorld;
  /** Issues a channel access token (`POST /v2/oauth/accessToken`) of `channel` or another of the scenario. */
  token(channel?: { id: string; secret: string }): Promise<string>;
  /** The messages of a chat, oldest first (the newest 200). */
  messages(chatId: string): Promise<KitChatMessage[]>;
  /** A user of the scenario sends a message into a chat, as from the phone (bots in it get the webhook). */
  say(chatId: string, userId: string, message: string | Record<string, unknown>): Promise<KitChatMessage>;
  /** Moves the simulated clock forward by `ms` (token and reply-token expiry, the blockchain's timestamps). */
  advanceClock(ms: number): Promise<void>;
  /** Stops the server; its state is gone. */
  stop(): Promise<void>;
}

/** Thrown when a helper's call is refused: the status and the body the server answered. */
export class TestKitError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
    this.name = 'TestKitError';
  }
}

/**
 * Starts an in-memory embedkit on free ports and waits until it answers.
 * @throws Error when the scenario is invalid (every problem listed), the header prefix is malformed or a port is taken
 */
export async function startEmbedkit(options: StartEmbedkitOptions = {}): Promise<TestKit> {
  let scenarioFile: string | undefined;
  let tempDir: string | undefined;
  if (typeof options.scenario === 'string') scenarioFile = options.scenario;
  else if (options.scenario) {
    tempDir = mkdtempSync(join(tmpdir(), 'embedkit-testing-'));
    scenarioFile = join(tempDir, 'scenario.json');
    writeFileSync(scenarioFile, JSON.stringify(options.scenario));
  }
  let server: RunningServer;
  let firstChannel: { id: string; secret: string };
  try {
    // Checked first, so that a bad scenario is reported as such, with every problem.
    const scenario = scenarioFile ? await readScenario(scenarioFile) : undefined;
    server = await startServer({
      port: options.port ?? 0,
      inMemory: true,
      logger: pino({ level: options.logLevel ?? 'silent' }),
      ...(options.allowedHosts !== undefined ? { allowedHosts: parseAllowedHosts(options.allowedHosts) } : {}),
      ...(options.adminToken !== undefined ? { adminToken: checkAdminToken(options.adminToken) } : {}),
      ...(scenarioFile ? { scenarioFile } : {}),
      ...(options.headerPrefix !== undefined ? { headerPrefix: options.headerPrefix } : {}),
    });
    const channels =
      scenario?.channels ??
      (await new WorldStore(server.embedkit.db).channels()).map((c) => ({ channelId: c.channel_id, secret: c.secret }));
    firstChannel = { id: channels[0]!.channelId, secret: channels[0]!.secret };
  } finally {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
  const url = server.baseUrl;
  const call = async <T>(what: string, path: string, init: RequestInit = {}): Promise<T> => {
    const admin = options.adminToken !== undefined && path.startsWith('/embedkit/');
    const headers = {
      ...(init.headers as Record<string, string> | undefined),
      ...(admin ? { Authorization: `Bearer ${options.adminToken}` } : {}),
    };
    const res = await fetch(`${url}${path}`, { ...init, headers });
    const text = await res.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new TestKitError(res.status, body, what);
    return body as T;
  };
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const world = await call<KitWorld>('world', '/embedkit/v1/world');
  return {
    url,
    urls: server.urls,
    headers: server.embedkit.headers,
    channel: firstChannel,
    world,
    token: async (channel = firstChannel) =>
      (
        await call<{ access_token: string }>('token', '/v2/oauth/accessToken', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret }).toString(),
        })
      ).access_token,
    messages: async (chatId) =>
      (await call<{ messages: KitChatMessage[] }>('messages', `/embedkit/v1/chats/${encodeURIComponent(chatId)}/messages`)).messages,
    say: (chatId, userId, message) =>
      call<KitChatMessage>(
        'say',
        `/embedkit/v1/chats/${encodeURIComponent(chatId)}/messages`,
        json('POST', { userId, message: typeof message === 'string' ? { type: 'text', text: message } : message }),
      ),
    advanceClock: async (ms) => {
      await call('clock', '/embedkit/v1/clock', json('POST', { advanceMs: ms }));
    },
    stop: () => server.close(),
  };
}
