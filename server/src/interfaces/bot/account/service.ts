/**
 * A bot's own account (the platform's published calls beyond spec part B's table): the
 * bot info, the webhook endpoint setting (the same setting as the host's Webhooks panel) and the
 * webhook test. Choices are in docs/platform/bot-daily-calls.md.
 */
import type { Clock } from '../../../clock/clock.js';
import { botUserId } from '../../../world/bot-user-id.js';
import type { Static } from '@sinclair/typebox';
import { badRequest } from '../../../http/errors.js';
import type { ChannelRow } from '../../../world/world-store.js';
import type { BotEventService } from '../user-events/service.js';
import { signBody } from '../../../webhooks/signature.js';
import type { PlatformHeaders } from '../../../http/platform-headers.js';

/** `GET /v2/bot/info` (platform): who the bot is. */
export interface BotInfo {
  userId: string;
  basicId: string;
  displayName: string;
  pictureUrl?: string;
  chatMode: 'chat' | 'bot';
  markAsReadMode: 'auto' | 'manual';
}

/** The answer of `POST /v2/bot/channel/webhook/test` (platform). */
export interface WebhookTestResult {
  success: boolean;
  /** ISO 8601 time the test request was sent. */
  timestamp: string;
  /** HTTP status of the bot's answer; 0 when there was none. */
  statusCode: number;
  reason: 'OK' | 'COULD_NOT_CONNECT' | 'REQUEST_TIMEOUT' | 'ERROR_STATUS_CODE' | 'UNCLASSIFIED';
  detail: string;
}

import { MAX_WEBHOOK_URL_LENGTH, type WebhookEndpointBody, type WebhookTestBody } from './rules.js';
import { basicIdOf } from '../../../world/bot-user-id.js';

export { MAX_WEBHOOK_URL_LENGTH };

export { botUserId };

/** The bot info of a channel (pure): chat mode `bot`, read marks `auto` unless the scenario says otherwise. */
export function botInfo(channel: ChannelRow): BotInfo {
  return {
    userId: botUserId(channel.channel_id),
    basicId: basicIdOf(channel.channel_id),
    displayName: channel.bot_name ?? channel.name,
    chatMode: 'bot',
    markAsReadMode: 'auto',
  };
}

/** Classifies a failed fetch as the platform's webhook test reasons (pure). */
export function testFailure(e: unknown): Pick<WebhookTestResult, 'reason' | 'detail'> {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return { reason: 'REQUEST_TIMEOUT', detail: 'The request timed out' };
  const code = err?.cause?.code ?? '';
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|EAI_AGAIN/.test(code))
    return { reason: 'COULD_NOT_CONNECT', detail: `Could not connect (${code})` };
  return { reason: 'UNCLASSIFIED', detail: err?.cause?.message ?? err?.message ?? String(e) };
}

export class BotAccountService {
  constructor(private readonly d: { events: BotEventService; timeoutMs: number; clock: Clock; headers: PlatformHeaders }) {}

  /** `{endpoint, active}`: `endpoint` "" and `active` false when none is set. */
  async webhookEndpoint(channel: ChannelRow): Promise<{ endpoint: string; active: boolean }> {
    const s = await this.d.events.webhookSettings(channel.channel_id);
    return { endpoint: s.url ?? '', active: s.url !== null };
  }

  /** Sets the webhook URL (`endpoint` checked at the door, {@link WebhookEndpointBody}). */
  async setWebhookEndpoint(channel: ChannelRow, { endpoint }: Static<typeof WebhookEndpointBody>): Promise<void> {
    await this.d.events.setWebhookSettings(channel.channel_id, { url: endpoint });
  }

  /**
   * Sends a real signed test request (`{"destination": <bot user ID>, "events": []}`) to `endpoint`
   * or the set URL, and says how the bot answered.
   * @param body checked at the door ({@link WebhookTestBody})
   * @throws ApiError 400 when no URL is given or set, or it is not an absolute http(s) URL.
   */
  async testWebhook(channel: ChannelRow, body: Static<typeof WebhookTestBody>): Promise<WebhookTestResult> {
    const url = body.endpoint || (await this.webhookEndpoint(channel)).endpoint;
    if (!url) throw badRequest('The webhook URL is not set');
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw badRequest('endpoint must be an absolute http or https URL');
    const raw = JSON.stringify({ destination: botUserId(channel.channel_id), events: [] });
    const timestamp = new Date(this.d.clock.now()).toISOString();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          [this.d.headers.signature]: signBody(channel.secret, raw),
          'User-Agent': 'embedkit-webhook/1.0',
        },
        body: raw,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.d.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      const ok = res.status >= 200 && res.status < 300;
      return { success: ok, timestamp, statusCode: res.status, reason: ok ? 'OK' : 'ERROR_STATUS_CODE', detail: `${res.status}` };
    } catch (e) {
      return { success: false, timestamp, statusCode: 0, ...testFailure(e) };
    }
  }
}
