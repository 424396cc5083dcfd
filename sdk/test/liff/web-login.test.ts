// The plugin's login outside the host: PKCE (RFC 7636 S256) on the way out, the code exchange with
// the verifier and no secret on the way back, the code taken out of the address bar, the kept tokens.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../src/liff/storage.js';
import { channelOf, finishLogin, forgetTokens, startLogin, storedTokens } from '../../src/liff/normal-tab/web-login.js';

const LIFF_ID = '1650000001-liffapp1';
const SERVER = 'http://localhost:8080';
const PAGE = 'http://127.0.0.1:5173/app/?tab=2';

let href: string;
const assign = vi.fn();
const replaceState = vi.fn((_s: unknown, _t: string, url: string) => (href = url));
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  href = PAGE;
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('location', {
    get href() {
      return href;
    },
    assign,
  });
  vi.stubGlobal('history', { state: null, replaceState });
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ access_token: 'at', id_token: 'a.b.c', scope: 'profile openid', expires_in: 3600 }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

/** Starts a login and comes back with `params` in the address. @returns the authorize URL's query. */
async function goAndComeBack(params: (state: string) => Record<string, string>): Promise<URLSearchParams> {
  await startLogin({ server: SERVER, liffId: LIFF_ID });
  const authorize = new URL(String(assign.mock.lastCall?.[0]));
  const back = new URL(PAGE);
  for (const [k, v] of Object.entries(params(authorize.searchParams.get('state')!))) back.searchParams.set(k, v);
  href = back.href;
  return authorize.searchParams;
}

describe('liff.login outside the host', () => {
  it('goes to the authorize page with an S256 challenge of a verifier it keeps, for the channel of the LIFF ID', async () => {
    await startLogin({ server: SERVER, liffId: LIFF_ID });
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(`${SERVER}/oauth2/v2.1/authorize`);
    const q = url.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: 'code',
      client_id: '1650000001',
      redirect_uri: PAGE,
      code_challenge_method: 'S256',
    });
    expect(q.get('scope')?.split(' ')).toContain('openid');
    const kept = JSON.parse(sessionStorage.getItem(`embedkit.liff.login:${LIFF_ID}`)!) as { verifier: string; state: string };
    expect(kept.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(kept.verifier).digest('base64url'));
    expect(q.get('state')).toBe(kept.state);
    expect(q.get('code_challenge')).not.toBe(kept.verifier);
  });

  it('takes a redirectUri', async () => {
    await startLogin({ server: SERVER, liffId: LIFF_ID, redirectUri: 'http://127.0.0.1:5173/app/done' });
    expect(new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('redirect_uri')).toBe('http://127.0.0.1:5173/app/done');
  });

  it('exchanges the code with the verifier and no secret, keeps the tokens, and clears the address bar', async () => {
    const q = await goAndComeBack((state) => ({ code: 'c0de', state }));
    const tokens = await finishLogin(LIFF_ID);
    expect(tokens).toMatchObject({ accessToken: 'at', idToken: 'a.b.c', scope: ['profile', 'openid'] });
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe(`${SERVER}/oauth2/v2.1/token`);
    const form = Object.fromEntries(new URLSearchParams(String(init.body)));
    const kept = createHash('sha256').update(form.code_verifier!).digest('base64url');
    expect(kept).toBe(q.get('code_challenge'));
    expect(form).toMatchObject({ grant_type: 'authorization_code', code: 'c0de', redirect_uri: PAGE, client_id: channelOf(LIFF_ID) });
    expect(form).not.toHaveProperty('client_secret');
    expect(href).toBe(PAGE);
    expect(storedTokens(LIFF_ID)).toMatchObject({ accessToken: 'at' });
    // The login is finished once.
    expect(await finishLogin(LIFF_ID)).toBeNull();
  });

  it('ignores a code whose state is not its own', async () => {
    await goAndComeBack(() => ({ code: 'c0de', state: 'someone-else' }));
    expect(await finishLogin(LIFF_ID)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects INIT_FAILED when the person denied or the exchange failed', async () => {
    await goAndComeBack((state) => ({ error: 'access_denied', state }));
    await expect(finishLogin(LIFF_ID)).rejects.toMatchObject({ code: 'INIT_FAILED', message: expect.stringContaining('access_denied') });
    expect(href).toBe(PAGE);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'invalid_grant', error_description: 'code_verifier does not match' }), { status: 400 }),
    );
    await goAndComeBack((state) => ({ code: 'c0de', state }));
    await expect(finishLogin(LIFF_ID)).rejects.toMatchObject({ code: 'INIT_FAILED', message: expect.stringContaining('does not match') });
    expect(storedTokens(LIFF_ID)).toBeNull();
  });

  it('forgets expired tokens and tokens on logout', async () => {
    localStorage.setItem(`embedkit.liff.tokens:${LIFF_ID}`, JSON.stringify({ accessToken: 'old', scope: [], expiresAt: Date.now() - 1 }));
    expect(storedTokens(LIFF_ID)).toBeNull();
    localStorage.setItem(
      `embedkit.liff.tokens:${LIFF_ID}`,
      JSON.stringify({ accessToken: 'new', scope: [], expiresAt: Date.now() + 60_000 }),
    );
    expect(storedTokens(LIFF_ID)?.accessToken).toBe('new');
    forgetTokens(LIFF_ID);
    expect(storedTokens(LIFF_ID)).toBeNull();
  });
});
