/** Shared setup of the v1 bot tests: the default scenario's enterprise and trial channels. */
import { createHmac } from 'node:crypto';
import request from 'supertest';
import type { Embedkit, EmbedkitOptions } from '../../src/kit/embedkit.js';
import { DEFAULT_SCENARIO } from '../../src/scenario/load.js';
import { BASE_URL, channelToken, makeKit } from '../helpers.js';

export { ALICE, BOB, CAROL, GROUP, ROOM } from '../helpers.js';

export const MESSAGING = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };
export const ENTERPRISE = { id: '1650000002', secret: '1e2d3c4b5a69788796a5b4c3d2e1f0a1', mid: 'u0e1e2e3e4e5e6e7e8e9eaebecedeeef0' };
export const TRIAL = { id: '1650000003', secret: '2f3e4d5c6b7a8998a7b6c5d4e3f2a1b0', mid: 'u7a1b0000000000000000000000000001' };
export const ALICE_ENTERPRISE = 'UEa11ce0000000000000000000000a11c';
export const ALICE_TRIAL = 'UTa11ce0000000000000000000000a11c';
export const BOB_TRIAL = 'UT00000000000000000000000000000b0';

/** The fixed values of the Post Event body (spec part E). */
export const TO_CHANNEL = 1383378250;
export const SINGLE = '138311608800106203';
export const MULTIPLE = '140177271400161403';
export const LINK = '137299299800026303';

/** An embedkit on the default scenario, in memory, silent. */
export function makeV1Kit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  return makeKit({ scenarioFile: DEFAULT_SCENARIO, baseUrl: BASE_URL, ...options });
}

/** `X-Service-ChannelToken` of the enterprise channel, issued by `POST /v2/oauth/accessToken`. */
export async function enterpriseHeaders(
  kit: Embedkit,
  channel: { id: string; secret: string } = ENTERPRISE,
): Promise<Record<string, string>> {
  return { 'X-Service-ChannelToken': await channelToken(kit, channel) };
}

/** The three headers of the trial interface. */
export const trialHeaders = (c = TRIAL): Record<string, string> => ({
  'X-Service-ChannelID': c.id,
  'X-Service-ChannelSecret': c.secret,
  'X-Service-Trusted-User-With-ACL': c.mid,
});

/** A Post Event body of one message. */
export function single(to: string[], content: Record<string, unknown>): Record<string, unknown> {
  return { to, toChannel: TO_CHANNEL, eventType: SINGLE, content: { toType: 1, ...content } };
}

/** Posts an event on the enterprise (`{base_url}`) or trial (`{trialbot_url}`) interface. */
export async function postEvent(kit: Embedkit, iface: 'enterprise' | 'trial', body: unknown): Promise<request.Response> {
  if (iface === 'trial')
    return request(kit.apps.trialbot)
      .post('/v1/events')
      .set(trialHeaders())
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send(JSON.stringify(body));
  return request(kit.app)
    .post('/v1/events')
    .set(await enterpriseHeaders(kit))
    .set('Content-Type', 'application/json; charset=UTF-8')
    .send(JSON.stringify(body));
}

/** Messages of a chat as the host reads them. */
export async function chatMessages(
  kit: Embedkit,
  chatId: string,
): Promise<{ sender: { type: string; id: string }; message: Record<string, any> }[]> {
  return (await request(kit.app).get(`/embedkit/v1/chats/${chatId}/messages`)).body.messages;
}

/** Base64(HMAC-SHA256(secret, body)): the v1 callback signature a bot recomputes. */
export function v1Signature(secret: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}
