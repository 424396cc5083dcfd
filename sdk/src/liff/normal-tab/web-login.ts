/**
 * `liff.login()` outside the host (a normal tab), as the platform's LIFF SDK does there: the page
 * goes to embedkit's social login pages (spec part C: authorize, choose a user, consent) and comes
 * back with an authorization code, which `liff.init` exchanges for the tokens. The page has no
 * secret, so it is a public client with PKCE (RFC 7636, S256): it keeps a random `code_verifier`
 * in `sessionStorage` and sends its SHA-256 as `code_challenge`; the token operation sends the
 * verifier and no secret. The tokens are kept in `localStorage` per LIFF ID until `logout()` or
 * their expiry; the profile and friendship calls go to the platform API with the bearer token.
 */
import { LiffError } from '../errors.js';

/** The tokens of a web login, as kept. `expiresAt`: epoch ms. */
export interface WebTokens {
  accessToken: string;
  idToken?: string;
  scope: string[];
  expiresAt: number;
}

/** What the page keeps between `login()` and the page it comes back to. */
interface PendingLogin {
  state: string;
  verifier: string;
  redirectUri: string;
  server: string;
}

/** The scopes a web login asks for: those the host grants, plus `openid` for the ID token. */
export const WEB_LOGIN_SCOPES = ['profile', 'chat_message.write', 'openid'];

const pendingKey = (liffId: string) => `embedkit.liff.login:${liffId}`;
const tokensKey = (liffId: string) => `embedkit.liff.tokens:${liffId}`;

/** base64url without padding (RFC 4648 §5), as RFC 7636 encodes the verifier and challenge. */
function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random string of 32 bytes, base64url: 43 characters (a code verifier, state or nonce). */
function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** `BASE64URL(SHA256(verifier))`: the S256 code challenge (RFC 7636 §4.2). */
export async function s256Challenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The channel ID of a LIFF ID (an embed ID `<channelId>-<suffix>`): the `client_id` of its login. */
export function channelOf(liffId: string): string {
  return liffId.split('-')[0] ?? liffId;
}

/**
 * Starts a web login: keeps a new verifier and state, then sends the page to the server's
 * authorize page. @param redirectUri where to come back (default: this page without its hash);
 * it must be on the origin of the app's endpoint URL, or the server refuses it.
 */
export async function startLogin(o: { server: string; liffId: string; redirectUri?: string | undefined }): Promise<void> {
  const redirectUri = o.redirectUri ?? location.href.split('#')[0]!;
  const verifier = randomToken();
  const state = randomToken();
  sessionStorage.setItem(pendingKey(o.liffId), JSON.stringify({ state, verifier, redirectUri, server: o.server } satisfies PendingLogin));
  const url = new URL('/oauth2/v2.1/authorize', o.server);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: channelOf(o.liffId),
    redirect_uri: redirectUri,
    state,
    scope: WEB_LOGIN_SCOPES.join(' '),
    nonce: randomToken(),
    code_challenge: await s256Challenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url.href);
}

/**
 * On the page the login came back to: when the address has the `code` (or `error`) and the
 * `state` of this page's pending login, removes them from the address bar and, for a code,
 * exchanges it with the verifier. @returns the new tokens, or null when there was nothing to finish.
 * @throws LiffError `INIT_FAILED` when the person denied the login or the exchange failed.
 */
export async function finishLogin(liffId: string): Promise<WebTokens | null> {
  const raw = sessionStorage.getItem(pendingKey(liffId));
  const here = new URL(location.href);
  const state = here.searchParams.get('state');
  if (!raw || !state) return null;
  const pending = JSON.parse(raw) as PendingLogin;
  if (pending.state !== state) return null;
  sessionStorage.removeItem(pendingKey(liffId));
  const code = here.searchParams.get('code');
  const error = here.searchParams.get('error');
  for (const name of ['code', 'state', 'error', 'error_description', 'friendship_status_changed']) here.searchParams.delete(name);
  history.replaceState(history.state, '', here.href);
  if (!code) throw new LiffError('INIT_FAILED', `liff.login: ${error ?? 'no authorization code'}`);
  const res = await fetch(new URL('/oauth2/v2.1/token', pending.server), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: channelOf(liffId),
      code_verifier: pending.verifier,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new LiffError(
      'INIT_FAILED',
      `liff.init: the code exchange failed: ${String(body.error_description ?? body.error ?? res.status)}`,
    );
  const tokens: WebTokens = {
    accessToken: String(body.access_token),
    scope: String(body.scope ?? '')
      .split(' ')
      .filter(Boolean),
    expiresAt: Date.now() + Number(body.expires_in ?? 0) * 1000,
    ...(typeof body.id_token === 'string' ? { idToken: body.id_token } : {}),
  };
  localStorage.setItem(tokensKey(liffId), JSON.stringify({ ...tokens, server: pending.server }));
  return tokens;
}

/** The kept tokens of a LIFF ID (not expired), or null. */
export function storedTokens(liffId: string): WebTokens | null {
  const raw = localStorage.getItem(tokensKey(liffId));
  if (!raw) return null;
  const tokens = JSON.parse(raw) as WebTokens;
  if (!(tokens.expiresAt > Date.now())) {
    localStorage.removeItem(tokensKey(liffId));
    return null;
  }
  return tokens;
}

/** Forgets the kept tokens of a LIFF ID (`logout()`). */
export function forgetTokens(liffId: string): void {
  localStorage.removeItem(tokensKey(liffId));
}

/**
 * A GET of the platform API with the user's token (`/v2/profile`, `/friendship/v1/status`).
 * @throws LiffError with the HTTP status as its code, as the platform's SDK reports an API failure.
 */
export async function platformGet<T>(server: string, path: string, accessToken: string, method: string): Promise<T> {
  const res = await fetch(new URL(path, server), { headers: { Authorization: `Bearer ${accessToken}` } });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new LiffError(String(res.status), `liff.${method}: ${String(body.message ?? res.statusText)}`);
  return body as T;
}
