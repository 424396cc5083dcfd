/**
 * The demo login app (`demo/login/`) and its backend. Not part of the platform: this is what a
 * developer's own web app does with the social login (spec part C). The page sends the user to
 * `/oauth2/v2.1/authorize`; the backend keeps the channel secret, exchanges the code, verifies the
 * ID token (jose, HS256 with the channel secret, `iss`, `aud`, `nonce`), keeps the tokens in a
 * session (cookie) and calls the platform with them. The page only ever sees masked tokens.
 *
 * The backend calls embedkit over HTTP at `baseUrl`, like any app backend: it works on a
 * listening server (`npm start`, the e2e tests).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import express, { Router, type Request, type Response } from 'express';
import { jsonBody } from '../http/body.js';
import type { Clock } from '../clock/clock.js';
import { hashToken } from '../tokens/secrets.js';
import type { DemoLoginSessionStore } from './login-session-store.js';
import type { ChannelRow, WorldStore } from '../world/world-store.js';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

const COOKIE = 'embedkit_demo_login';

interface DemoSession {
  channelId: string;
  accessToken: string;
  refreshToken: string;
  scope: string;
  expiresIn: number;
  idToken: Record<string, unknown> | null;
}

/** The answer of a platform call, as the page shows it. */
interface PlatformAnswer {
  status: number;
  body: unknown;
}

/** `abcdef…wxyz`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string): string {
  return token.length <= 12 ? '…' : `${token.slice(0, 6)}…${token.slice(-4)}`;
}

/**
 * The demo login page at `/demo/login/` and its backend at `/demo/login/api/*`. Sessions live in
 * the database, so every server of a team sandbox serves them (issue 18).
 */
export function demoLoginRoutes(deps: { world: WorldStore; sessions: DemoLoginSessionStore; clock: Clock; baseUrl: () => string }): Router {
  const r = Router();
  const { sessions } = deps;

  /** The demo signs in to the scenario's first channel (the default world has one). */
  const channel = async (): Promise<ChannelRow> => {
    const [first] = await deps.world.channels();
    if (!first) throw new Error('the scenario has no channel');
    return first;
  };

  const platform = async (path: string, init: RequestInit = {}): Promise<PlatformAnswer> => {
    const res = await fetch(`${deps.baseUrl()}${path}`, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: shown as text.
    }
    return { status: res.status, body };
  };
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const bearer = (s: DemoSession): RequestInit => ({ headers: { Authorization: `Bearer ${s.accessToken}` } });

  /** The session of the request's cookie: [the hash it is stored under, its data]. */
  const sessionOf = async (req: Request): Promise<[string, DemoSession] | undefined> => {
    const sid = cookie(req, COOKIE);
    if (!sid) return undefined;
    const key = hashToken(sid);
    const s = await sessions.find<DemoSession>(key);
    return s ? [key, s] : undefined;
  };
  const view = (s: DemoSession) => ({
    signedIn: true,
    channelId: s.channelId,
    tokens: { access_token: maskToken(s.accessToken), refresh_token: maskToken(s.refreshToken), expires_in: s.expiresIn, scope: s.scope },
    idToken: s.idToken,
  });
  const notSignedIn = (res: Response) => res.status(401).json({ signedIn: false, message: 'Not signed in' });

  r.use('/demo/login', (_req, res, next) => {
    res.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' ${deps.baseUrl()}`,
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    next();
  });

  r.get('/demo/login/api/config', async (_req, res) => {
    const c = await channel();
    res.json({
      clientId: c.channel_id,
      channelName: c.name,
      authorizeEndpoint: `${deps.baseUrl()}/oauth2/v2.1/authorize`,
      scope: 'profile openid',
    });
  });

  r.post('/demo/login/api/exchange', jsonBody, async (req, res) => {
    const { code, redirectUri, nonce } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof code !== 'string' || typeof redirectUri !== 'string') {
      res.status(400).json({ message: 'code and redirectUri are required' });
      return;
    }
    const c = await channel();
    const answer = await platform(
      '/oauth2/v2.1/token',
      form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: c.channel_id, client_secret: c.secret }),
    );
    if (answer.status !== 200) {
      res.json({ signedIn: false, platform: answer });
      return;
    }
    const t = answer.body as { access_token: string; refresh_token: string; scope: string; expires_in: number; id_token?: string };
    let idToken: Record<string, unknown> | null = null;
    if (t.id_token) {
      // What an app must check of an ID token: signature (channel secret), issuer, audience, nonce.
      let payload: Record<string, unknown>;
      const { jwtVerify } = await import('jose');
      try {
        ({ payload } = await jwtVerify(t.id_token, new TextEncoder().encode(c.secret), {
          algorithms: ['HS256'],
          issuer: deps.baseUrl(),
          audience: c.channel_id,
        }));
      } catch (e) {
        res.status(502).json({ signedIn: false, message: `ID token rejected: ${e instanceof Error ? e.message : String(e)}` });
        return;
      }
      if (typeof nonce === 'string' && nonce !== '' && payload.nonce !== nonce) {
        res.status(400).json({ signedIn: false, message: 'ID token nonce does not match' });
        return;
      }
      idToken = payload;
    }
    const sid = randomBytes(24).toString('base64url');
    const s: DemoSession = {
      channelId: c.channel_id,
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      scope: t.scope,
      expiresIn: t.expires_in,
      idToken,
    };
    await sessions.insert(hashToken(sid), s, deps.clock.now());
    res.cookie(COOKIE, sid, { httpOnly: true, sameSite: 'lax', path: '/demo/login' }).json(view(s));
  });

  r.get('/demo/login/api/session', async (req, res) => {
    const found = await sessionOf(req);
    res.json(found ? view(found[1]) : { signedIn: false });
  });

  r.post('/demo/login/api/refresh', async (req, res) => {
    const found = await sessionOf(req);
    if (!found) return notSignedIn(res);
    const [key, s] = found;
    const c = await channel();
    const answer = await platform(
      '/oauth2/v2.1/token',
      form({ grant_type: 'refresh_token', refresh_token: s.refreshToken, client_id: s.channelId, client_secret: c.secret }),
    );
    if (answer.status === 200) {
      const t = answer.body as { access_token: string; refresh_token: string; scope: string; expires_in: number };
      Object.assign(s, { accessToken: t.access_token, refreshToken: t.refresh_token, scope: t.scope, expiresIn: t.expires_in });
      await sessions.update(key, s);
      answer.body = { ...t, access_token: maskToken(t.access_token), refresh_token: maskToken(t.refresh_token) };
    }
    res.json({ platform: answer, session: view(s) });
  });

  r.get('/demo/login/api/verify', async (req, res) => {
    const found = await sessionOf(req);
    if (!found) return notSignedIn(res);
    res.json({ platform: await platform(`/oauth2/v2.1/verify?access_token=${encodeURIComponent(found[1].accessToken)}`) });
  });
  r.get('/demo/login/api/profile', async (req, res) => {
    const found = await sessionOf(req);
    if (!found) return notSignedIn(res);
    res.json({ platform: await platform('/v2/profile', bearer(found[1])) });
  });
  r.get('/demo/login/api/friendship', async (req, res) => {
    const found = await sessionOf(req);
    if (!found) return notSignedIn(res);
    res.json({ platform: await platform('/friendship/v1/status', bearer(found[1])) });
  });

  r.post('/demo/login/api/revoke', async (req, res) => {
    const found = await sessionOf(req);
    if (!found) return notSignedIn(res);
    const [key, s] = found;
    const c = await channel();
    const answer = await platform(
      '/oauth2/v2.1/revoke',
      form({ access_token: s.accessToken, client_id: s.channelId, client_secret: c.secret }),
    );
    await sessions.delete(key);
    res.clearCookie(COOKIE, { path: '/demo/login' }).json({ platform: answer, signedIn: false });
  });

  r.use('/demo/login', express.static(root('demo/login'), { dotfiles: 'ignore' }));
  return r;
}

/** The value of one cookie of the request, or undefined. */
function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
