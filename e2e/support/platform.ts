/**
 * The platform's HTTP API as the e2e tests drive it from outside the browser: what a bot does
 * (issue a channel token, call the bot API) and what the simulator's settings do (webhook URLs,
 * friendships).
 */

/** A channel's credentials. */
export interface Channel {
  id: string;
  secret: string;
}

/** The default scenario's first channel: the demo app's, with the Demo Bot. */
export const DEMO_CHANNEL: Channel = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };

/** Issues a channel access token (`POST /v2/oauth/accessToken`, client credentials) on `baseUrl`. */
export async function channelToken(baseUrl: string, channel: Channel = DEMO_CHANNEL): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret });
  const res = await fetch(`${baseUrl}/v2/oauth/accessToken`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`token issue failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** `PUT url` with a JSON body. */
export function putJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * Sets a channel's webhook URL; `null` keeps its events recorded but sent nowhere, so that they
 * never reach another test's bot later (the server is shared by the tests of a worker).
 */
export function setWebhook(baseUrl: string, channelId: string, url: string | null): Promise<Response> {
  return putJson(`${baseUrl}/embedkit/v1/channels/${channelId}/webhook`, { url });
}

/** A bot's `POST path` with its channel token and a JSON body (none when `body` is undefined). */
export type BotPost = (path: string, body?: unknown) => Promise<Response>;

/** The bot calls of a channel token on `baseUrl`. */
export function botPost(baseUrl: string, token: string): BotPost {
  return (path, body) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/**
 * A user access token of the demo channel's app, as the host gets one (`POST /embedkit/v1/sessions`):
 * `userId` in the 1:1 chat `chatId`, with the profile and chat_message.write scopes.
 */
export async function userToken(baseUrl: string, userId: string, chatId: string): Promise<string> {
  const res = await fetch(`${baseUrl}/embedkit/v1/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userId,
      channelId: DEMO_CHANNEL.id,
      scopes: ['profile', 'chat_message.write'],
      context: { type: 'utou', chatId },
    }),
  });
  if (!res.ok) throw new Error(`session failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
