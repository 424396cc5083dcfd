/**
 * The login demo page: a developer's own web app signing its users in with the social login
 * (spec part C) against embedkit. The page sends the user to the authorization endpoint with a
 * fresh `state` and `nonce`, checks `state` when the user comes back with a code, and hands the
 * code to its backend (server/src/demo/login-routes.ts), which exchanges it with the channel
 * secret. Everything after that goes through the backend, which holds the tokens.
 */

/** `GET /demo/login/api/config`. */
interface LoginConfig {
  clientId: string;
  channelName: string;
  authorizeEndpoint: string;
  scope: string;
}

/** The backend's view of a session: masked tokens and the verified ID token claims. */
interface SessionView {
  signedIn: boolean;
  tokens?: { access_token: string; refresh_token: string; expires_in: number; scope: string };
  idToken?: Record<string, unknown> | null;
  message?: string;
  platform?: PlatformAnswer;
}

/** A platform call made by the backend: its HTTP status and body. */
interface PlatformAnswer {
  status: number;
  body: unknown;
}

const STATE_KEY = 'embedkit-demo-login-state';
const NONCE_KEY = 'embedkit-demo-login-nonce';

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`login demo: missing #${id}`);
  return found as T;
}

function setStatus(text: string, kind: 'ok' | 'error' = 'ok'): void {
  const status = el('status');
  status.textContent = text;
  status.dataset.kind = kind;
}

/** A random URL-safe string for `state` and `nonce`. */
function randomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`/demo/login/api/${path}`, {
    ...init,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(init.headers ?? {}) },
  });
  return (await res.json()) as T;
}

/** Where the platform sends the user back: this page, without its query. */
function redirectUri(): string {
  return `${location.origin}${location.pathname}`;
}

function showPlatform(target: HTMLElement, answer: PlatformAnswer | undefined): void {
  target.textContent = answer ? `HTTP ${answer.status}\n${JSON.stringify(answer.body, null, 2) ?? ''}` : '';
}

function render(view: SessionView): void {
  const signedIn = view.signedIn && view.tokens !== undefined;
  el('signed-in').hidden = !signedIn;
  el('btn-login').hidden = signedIn;
  if (signedIn) {
    el('tokens').textContent = JSON.stringify(view.tokens, null, 2);
    el('id-token').textContent = view.idToken ? JSON.stringify(view.idToken, null, 2) : '(no openid scope: no ID token)';
    const name = typeof view.idToken?.name === 'string' ? view.idToken.name : 'a user';
    setStatus(`Signed in as ${name}.`);
    document.body.dataset.signedIn = 'true';
  } else {
    document.body.dataset.signedIn = 'false';
  }
}

async function logIn(): Promise<void> {
  const config = await api<LoginConfig>('config');
  const state = randomString();
  const nonce = randomString();
  sessionStorage.setItem(STATE_KEY, state);
  sessionStorage.setItem(NONCE_KEY, nonce);
  const url = new URL(config.authorizeEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    state,
    scope: config.scope,
    nonce,
  }).toString();
  location.assign(url.href);
}

/** Handles the return from the authorization endpoint (`?code&state` or `?error&state`). */
async function comeBack(params: URLSearchParams): Promise<void> {
  const expectedState = sessionStorage.getItem(STATE_KEY);
  const nonce = sessionStorage.getItem(NONCE_KEY) ?? '';
  sessionStorage.removeItem(STATE_KEY);
  sessionStorage.removeItem(NONCE_KEY);
  history.replaceState(null, '', location.pathname);
  if (params.get('state') !== expectedState) {
    setStatus('The state does not match the one this page sent: sign-in refused.', 'error');
    return;
  }
  const error = params.get('error');
  if (error) {
    setStatus(`Sign-in failed: ${error}${params.get('error_description') ? ` (${params.get('error_description')})` : ''}`, 'error');
    el('btn-login').hidden = false;
    return;
  }
  setStatus('Exchanging the code…');
  const view = await api<SessionView>('exchange', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: params.get('code'), redirectUri: redirectUri(), nonce }),
  });
  if (!view.signedIn) {
    setStatus(`Sign-in failed: ${view.message ?? JSON.stringify(view.platform?.body)}`, 'error');
    el('btn-login').hidden = false;
    return;
  }
  render(view);
}

function wire(id: string, run: () => Promise<void>): void {
  const button = el<HTMLButtonElement>(id);
  button.addEventListener('click', () => {
    button.disabled = true;
    run()
      .catch((err: unknown) => setStatus(`Error: ${err instanceof Error ? err.message : String(err)}`, 'error'))
      .finally(() => {
        button.disabled = false;
      });
  });
}

async function start(): Promise<void> {
  wire('btn-login', logIn);
  wire('btn-profile', async () => showPlatform(el('profile-result'), (await api<SessionView>('profile')).platform));
  wire('btn-friendship', async () => showPlatform(el('friendship-result'), (await api<SessionView>('friendship')).platform));
  wire('btn-verify', async () => showPlatform(el('verify-result'), (await api<SessionView>('verify')).platform));
  wire('btn-refresh', async () => {
    const answer = await api<{ platform: PlatformAnswer; session: SessionView }>('refresh', { method: 'POST' });
    showPlatform(el('refresh-result'), answer.platform);
    if (answer.session) render(answer.session);
  });
  wire('btn-revoke', async () => {
    const answer = await api<SessionView>('revoke', { method: 'POST' });
    showPlatform(el('revoke-result'), answer.platform);
    render({ signedIn: false });
    setStatus('Signed out: the access token was revoked.');
  });

  const params = new URLSearchParams(location.search);
  if (params.has('code') || params.has('error')) {
    await comeBack(params);
  } else {
    const view = await api<SessionView>('session');
    render(view);
    if (!view.signedIn) setStatus('Not signed in.');
  }
  document.body.dataset.ready = 'true';
}

void start().catch((err: unknown) => {
  setStatus(`Error: ${err instanceof Error ? err.message : String(err)}`, 'error');
  document.body.dataset.ready = 'error';
});
