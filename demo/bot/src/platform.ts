/**
 * The few platform calls the demo bot makes, over plain HTTP with `fetch` (no SDK at run time, so
 * that embedkit's package can run the demo bots without shipping a bot SDK): a channel access
 * token (`POST /v2/oauth/accessToken`, client credentials), a reply (`POST /v2/bot/message/reply`),
 * a message's content (`GET /v2/bot/message/<id>/content`), as the platform's published
 * Messaging API describes them (`messaging-api.yml`), and the LINE MINI App's service messages. The message types come from the official
 * SDK's declarations (a type-only import: nothing of it runs).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';

/** A refused platform call: its HTTP status and the body the platform answered. */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status} ${body}`);
    this.name = 'PlatformError';
  }
}

/**
 * True when `signature` is Base64(HMAC-SHA256(secret, raw)), compared in constant time: the rule
 * of both the webhook signature (spec "Authentication" B) and the v1 `ChannelSignature`.
 */
export function validSignature(raw: Buffer, secret: string, signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A channel's credentials (its ID and secret) and the platform's origin, e.g. `http://localhost:8080`. */
export interface ChannelCredentials {
  baseUrl: string;
  channelId: string;
  channelSecret: string;
}

/** A channel access token issued by client credentials (`POST /v2/oauth/accessToken`). @throws PlatformError when refused */
export async function issueToken(c: ChannelCredentials): Promise<string> {
  const res = await fetch(`${c.baseUrl}/v2/oauth/accessToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: c.channelId, client_secret: c.channelSecret }),
  });
  if (res.status !== 200) throw new PlatformError(res.status, await res.text());
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A bot's calls with its channel access token: issued on first use, issued again once when the
 * platform answers 401 (the token expired or was revoked).
 */
export class BotClient {
  private token: Promise<string> | undefined;

  constructor(private readonly c: ChannelCredentials) {}

  /** `POST /v2/bot/message/reply`. @throws PlatformError when refused */
  async reply(replyToken: string, messages: messagingApi.Message[]): Promise<void> {
    const res = await this.call(`/v2/bot/message/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ replyToken, messages }),
    });
    if (res.status !== 200) throw new PlatformError(res.status, await res.text());
  }

  /** The size in bytes of a message's content (`GET /v2/bot/message/<id>/content`). @throws PlatformError when refused */
  async contentSize(messageId: string): Promise<number> {
    const res = await this.call(`/v2/bot/message/${encodeURIComponent(messageId)}/content`, { method: 'GET' });
    if (res.status !== 200) throw new PlatformError(res.status, await res.text());
    return (await res.arrayBuffer()).byteLength;
  }

  /** A JSON `POST` with the channel access token (service messages). @returns the answer's body @throws PlatformError unless 200 */
  async post(path: string, body: unknown): Promise<unknown> {
    const res = await this.call(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new PlatformError(res.status, await res.text());
    return res.json();
  }

  /** One call with the token, and once more with a new token after a 401. */
  private async call(path: string, init: RequestInit): Promise<Response> {
    const send = async () =>
      fetch(`${this.c.baseUrl}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${await this.tokenOf()}` },
      });
    const res = await send();
    if (res.status !== 401) return res;
    await res.body?.cancel();
    this.token = undefined;
    return send();
  }

  private tokenOf(): Promise<string> {
    this.token ??= issueToken(this.c).catch((e: unknown) => {
      this.token = undefined;
      throw e;
    });
    return this.token;
  }
}
