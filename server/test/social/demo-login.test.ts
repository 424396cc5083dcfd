// The demo login app's backend (server/src/demo/login-routes.ts) on a listening server: the whole
// flow a developer's web app runs, over real HTTP, with the page's cookie.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import type { ListenOptions } from '../../src/serve/options.js';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { onTestDatabase, TEST_DATABASE_URL } from '../helpers.js';
import { ALICE } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
});
afterAll(() => server.close());

/** A tiny browser: one cookie jar for the demo origin, no redirects followed. */
function browser() {
  let cookie = '';
  return async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) },
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
}

/** Runs the authorization request and Alice's consent; returns the authorization code. */
async function consent(on: RunningServer, go: ReturnType<typeof browser>): Promise<{ code: string; redirectUri: string }> {
  const config = await (await go(`${on.demoOrigin}/demo/login/api/config`)).json();
  expect(config).toMatchObject({ clientId: '1650000001', authorizeEndpoint: `${on.baseUrl}/oauth2/v2.1/authorize` });
  const redirectUri = `${on.demoOrigin}/demo/login/`;
  const authorize = new URL(config.authorizeEndpoint);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    state: 's1',
    scope: config.scope,
    nonce: 'n1',
  }).toString();
  const page = await (await go(authorize.href)).text();
  const request = /name="request" value="([^"]+)"/.exec(page)![1]!;
  const answer = await go(`${on.baseUrl}/oauth2/v2.1/authorize/consent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, userId: ALICE, decision: 'approve' }).toString(),
  });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('s1');
  return { code: back.searchParams.get('code')!, redirectUri };
}

describe('demo login (demo/login/ and /demo/login/api)', () => {
  it('serves the page with a CSP', async () => {
    const res = await fetch(`${server.demoOrigin}/demo/login/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('embedkit login demo');
  });

  it('signs in through the consent page, then reads the profile, refreshes, verifies and revokes', async () => {
    const go = browser();
    const { code, redirectUri } = await consent(server, go);
    const json = { 'Content-Type': 'application/json' };
    const badCode = await (
      await browser()(`${server.demoOrigin}/demo/login/api/exchange`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ code: 'nope', redirectUri, nonce: 'n1' }),
      })
    ).json();
    expect(badCode.signedIn).toBe(false);
    expect(badCode.platform.body.error).toBe('invalid_grant');

    const session = await (
      await go(`${server.demoOrigin}/demo/login/api/exchange`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ code, redirectUri, nonce: 'n1' }),
      })
    ).json();
    expect(session.signedIn).toBe(true);
    expect(session.tokens.access_token).toMatch(/^.{6}….{4}$/);
    expect(session.idToken).toMatchObject({ sub: ALICE, name: 'Alice', nonce: 'n1', aud: '1650000001', iss: 'https://access.line.me' });

    const profile = await (await go(`${server.demoOrigin}/demo/login/api/profile`)).json();
    expect(profile.platform).toMatchObject({ status: 200, body: { userId: ALICE, displayName: 'Alice' } });
    const friendship = await (await go(`${server.demoOrigin}/demo/login/api/friendship`)).json();
    expect(friendship.platform.status).toBe(200);
    expect(typeof friendship.platform.body.friendFlag).toBe('boolean');
    const refreshed = await (await go(`${server.demoOrigin}/demo/login/api/refresh`, { method: 'POST' })).json();
    expect(refreshed.platform.status).toBe(200);
    expect(refreshed.platform.body.access_token).toMatch(/…/);
    expect(refreshed.session.tokens.access_token).not.toBe(session.tokens.access_token);
    const verify = await (await go(`${server.demoOrigin}/demo/login/api/verify`)).json();
    expect(verify.platform).toMatchObject({ status: 200, body: { client_id: '1650000001', scope: 'profile openid' } });
    const revoke = await (await go(`${server.demoOrigin}/demo/login/api/revoke`, { method: 'POST' })).json();
    expect(revoke.platform.status).toBe(200);
    expect((await go(`${server.demoOrigin}/demo/login/api/profile`)).status).toBe(401);
    expect(await (await go(`${server.demoOrigin}/demo/login/api/session`)).json()).toEqual({ signedIn: false });
  });

  it('keeps sessions in the database: a session started on one server is served by the next', async () => {
    const data = mkdtempSync(join(tmpdir(), 'embedkit-demo-login-'));
    const options: ListenOptions = onTestDatabase({ port: 0, inMemory: false, dataDir: data, logger: pino({ level: 'silent' }) });
    const go = browser();
    const first = await startServer(options);
    try {
      const { code, redirectUri } = await consent(first, go);
      const started = await go(`${first.demoOrigin}/demo/login/api/exchange`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, redirectUri, nonce: 'n1' }),
      });
      expect((await started.json()).signedIn).toBe(true);
    } finally {
      await first.close();
    }
    const second = await startServer(options);
    try {
      const session = await (await go(`${second.demoOrigin}/demo/login/api/session`)).json();
      expect(session).toMatchObject({ signedIn: true, channelId: '1650000001', idToken: { sub: ALICE } });
      const profile = await (await go(`${second.demoOrigin}/demo/login/api/profile`)).json();
      expect(profile.platform).toMatchObject({ status: 200, body: { userId: ALICE } });
      // A cookie that was never issued finds nothing.
      const stranger = await fetch(`${second.demoOrigin}/demo/login/api/session`, { headers: { Cookie: 'embedkit_demo_login=forged' } });
      expect(await stranger.json()).toEqual({ signedIn: false });
    } finally {
      await second.close();
      rmSync(data, { recursive: true, force: true });
      if (TEST_DATABASE_URL && options.databaseSchema) await dropSchema(TEST_DATABASE_URL, options.databaseSchema);
    }
  });
});
