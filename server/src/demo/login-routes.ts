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
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { Type, type Static } from '@sinclair/typebox';
import { readAnswer, type Answer } from '#contract/client.js';
import { jsonBody } from '../http/body.js';
import { door } from '../http/door.js';
import { ApiError } from '../http/errors.js';
import { compile } from '../http/validate.js';
import type { Clock } from '../clock/clock.js';
import { hashToken } from '../tokens/secrets.js';
import { packagePath } from '../runtime/package-root.js';
import type { DemoLoginSessionStore } from './login-session-store.js';
import type { ChannelRow, WorldStore } from '../world/world-store.js';

const root = packagePath;

const COOKIE = 'embedkit_demo_login';

interface DemoSession {
  channelId: string;
  accessToken: string;
  refreshToken: string;
  scope: string;
  expiresIn: number;
  idToken: Record<string, unknown> | null;
}

/** A session as the request's cookie finds it: the hash it is stored under, and its data. */
type FoundSession = [key: string, session: DemoSession];

/** A token endpoint's answer (`POST /oauth2/v2.1/token`), the fields the demo keeps. */
const TokenAnswer = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  scope: Type.String(),
  expires_in: Type.Number(),
  id_token: Type.Optional(Type.String()),
});
type TokenAnswer = Static<typeof TokenAnswer>;
const checkTokenAnswer = compile(TokenAnswer);

/** Whether a platform answer is a token answer (a 200 of another shape is not one: the demo keeps nothing of it). */
function isTokenAnswer(answer: Answer): answer is Answer<TokenAnswer> {
  return answer.status === 200 && checkTokenAnswer(answer.body) === null;
}

/** `POST /demo/login/api/exchange`'s body: the code, where it was sent, and the nonce the page made (any JSON; compared as is). */
const ExchangeBody = Type.Object({ code: Type.String(), redirectUri: Type.String(), nonce: Type.Optional(Type.Unknown()) });
/** The demo backend's own refusal of a body without its code: `{message}`. */
const checkedExchange = door(() => new ApiError(400, { message: 'code and redirectUri are required' }));

/** What the demo login's backend works with. */
export interface DemoLoginDeps {
  world: WorldStore;
  sessions: DemoLoginSessionStore;
  clock: Clock;
  /** `{base_url}`: where the backend calls the platform. */
  baseUrl: () => string;
}

/** `abcdef…wxyz`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string): string {
  return token.length <= 12 ? '…' : `${token.slice(0, 6)}…${token.slice(-4)}`;
}

/**
 * The demo login page at `/demo/login/` and its backend at `/demo/login/api/*`. Sessions live in
 * the database, so every server of a team sandbox serves them.
 */
export function demoLoginRoutes(deps: DemoLoginDeps): Router {
  const r = Router();
  const platform = new PlatformClient(deps);
  const { sessions } = deps;

  /** A route for a signed-in session: 401 without one. */
  const signedIn =
    (handler: (res: Response, found: FoundSession) => Promise<unknown>) =>
    async (req: Request, res: Response): Promise<void> => {
      const found = await sessionOf(sessions, req);
      if (found) await handler(res, found);
      else res.status(401).json({ signedIn: false, message: 'Not signed in' });
    };

  r.use('/demo/login', contentSecurityPolicy(deps.baseUrl));

  r.get('/demo/login/api/config', async (_req, res) => {
    const c = await platform.channel();
    res.json({
      clientId: c.channel_id,
      channelName: c.name,
      authorizeEndpoint: `${deps.baseUrl()}/oauth2/v2.1/authorize`,
      scope: 'profile openid',
    });
  });

  r.post(
    '/demo/login/api/exchange',
    jsonBody,
    checkedExchange({ body: ExchangeBody }, ({ body }, req, res) => exchange(deps, platform, body, req, res)),
  );

  r.get('/demo/login/api/session', async (req, res) => {
    const found = await sessionOf(sessions, req);
    res.json(found ? view(found[1]) : { signedIn: false });
  });

  r.post(
    '/demo/login/api/refresh',
    signedIn(async (res, [key, s]) => {
      const answer = await platform.asClient(
        '/oauth2/v2.1/token',
        { grant_type: 'refresh_token', refresh_token: s.refreshToken },
        s.channelId,
      );
      if (isTokenAnswer(answer)) {
        const t = answer.body;
        Object.assign(s, { accessToken: t.access_token, refreshToken: t.refresh_token, scope: t.scope, expiresIn: t.expires_in });
        await sessions.update(key, s);
        answer.body = { ...t, access_token: maskToken(t.access_token), refresh_token: maskToken(t.refresh_token) };
      }
      res.json({ platform: answer, session: view(s) });
    }),
  );

  // Calls the page makes with the session's access token, answered as the platform answers them.
  const reads: Record<string, (s: DemoSession) => [path: string, init?: RequestInit]> = {
    verify: (s) => [`/oauth2/v2.1/verify?access_token=${encodeURIComponent(s.accessToken)}`],
    profile: (s) => ['/v2/profile', bearer(s)],
    friendship: (s) => ['/friendship/v1/status', bearer(s)],
  };
  for (const [name, call] of Object.entries(reads))
    r.get(
      `/demo/login/api/${name}`,
      signedIn(async (res, [, s]) => res.json({ platform: await platform.call(...call(s)) })),
    );

  r.post(
    '/demo/login/api/revoke',
    signedIn(async (res, [key, s]) => {
      const answer = await platform.asClient('/oauth2/v2.1/revoke', { access_token: s.accessToken }, s.channelId);
      await sessions.delete(key);
      res.clearCookie(COOKIE, { path: '/demo/login' }).json({ platform: answer, signedIn: false });
    }),
  );

  r.use('/demo/login', express.static(root('demo/login'), { dotfiles: 'ignore' }));
  return r;
}

/**
 * `POST /demo/login/api/exchange` `{code, redirectUri, nonce?}`: exchanges the authorization code
 * for tokens, verifies the ID token, starts a session (cookie) and answers its masked view. A
 * refused code answers `{signedIn: false, platform}`; a rejected ID token 502, a nonce that does
 * not match 400.
 */
async function exchange(
  deps: DemoLoginDeps,
  platform: PlatformClient,
  { code, redirectUri, nonce }: Static<typeof ExchangeBody>,
  req: Request,
  res: Response,
): Promise<void> {
  const c = await platform.channel();
  const answer = await platform.asClient('/oauth2/v2.1/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  if (!isTokenAnswer(answer)) {
    res.json({ signedIn: false, platform: answer });
    return;
  }
  const t = answer.body;
  let idToken: Record<string, unknown> | null = null;
  if (t.id_token) {
    const verified = await verifyIdToken(t.id_token, c, nonce);
    if ('refused' in verified) {
      res.status(verified.refused).json({ signedIn: false, message: verified.message });
      return;
    }
    idToken = verified.payload;
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
  await deps.sessions.insert(hashToken(sid), s, deps.clock.now());
  res.cookie(COOKIE, sid, { httpOnly: true, sameSite: 'lax', path: '/demo/login' }).json(view(s));
}

/**
 * What an app must check of an ID token, as the LINE Login docs say: its signature (HS256 with the
 * channel secret), issuer (`https://access.line.me`, the platform's, whoever issued it), audience
 * (the channel id) and, when the page sent one, nonce.
 * @returns the payload, or the status to answer (502 rejected, 400 nonce mismatch) and why
 */
async function verifyIdToken(
  idToken: string,
  channel: ChannelRow,
  nonce: unknown,
): Promise<{ payload: Record<string, unknown> } | { refused: 400 | 502; message: string }> {
  const { jwtVerify } = await import('jose');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, new TextEncoder().encode(channel.secret), {
      algorithms: ['HS256'],
      issuer: 'https://access.line.me',
      audience: channel.channel_id,
    }));
  } catch (e) {
    return { refused: 502, message: `ID token rejected: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (typeof nonce === 'string' && nonce !== '' && payload.nonce !== nonce)
    return { refused: 400, message: 'ID token nonce does not match' };
  return { payload };
}

/** The backend's calls to the platform over HTTP at `baseUrl`, as the demo channel's client. */
class PlatformClient {
  constructor(private readonly deps: DemoLoginDeps) {}

  /** The demo signs in to the scenario's first channel (the default world has one). @throws Error when there is none */
  async channel(): Promise<ChannelRow> {
    const [first] = await this.deps.world.channels();
    if (!first) throw new Error('the scenario has no channel');
    return first;
  }

  /** One call; the answer as the page shows it (JSON parsed, other text as is). */
  async call(path: string, init: RequestInit = {}): Promise<Answer> {
    return readAnswer(await fetch(`${this.deps.baseUrl()}${path}`, init));
  }

  /**
   * A form POST to an OAuth endpoint with the client credentials last: `client_id` (default the
   * demo channel's) and the demo channel's secret.
   */
  async asClient(path: string, fields: Record<string, string>, clientId?: string): Promise<Answer> {
    const c = await this.channel();
    return this.call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, client_id: clientId ?? c.channel_id, client_secret: c.secret }).toString(),
    });
  }
}

/** The session as the page sees it: tokens masked. */
function view(s: DemoSession) {
  return {
    signedIn: true,
    channelId: s.channelId,
    tokens: { access_token: maskToken(s.accessToken), refresh_token: maskToken(s.refreshToken), expires_in: s.expiresIn, scope: s.scope },
    idToken: s.idToken,
  };
}

/** The session's access token as a request's `Authorization` header. */
function bearer(s: DemoSession): RequestInit {
  return { headers: { Authorization: `Bearer ${s.accessToken}` } };
}

/**
 * The demo page's Content-Security-Policy: its own scripts, styles and calls only; images also
 * from `{base_url}` (profile pictures); never framed.
 */
function contentSecurityPolicy(baseUrl: () => string): RequestHandler {
  return (_req, res, next) => {
    res.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' ${baseUrl()}`,
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    next();
  };
}

/** The session of the request's cookie, or undefined. */
async function sessionOf(sessions: DemoLoginSessionStore, req: Request): Promise<FoundSession | undefined> {
  const sid = cookie(req, COOKIE);
  if (!sid) return undefined;
  const key = hashToken(sid);
  const s = await sessions.find<DemoSession>(key);
  return s ? [key, s] : undefined;
}

/** The value of one cookie of the request, or undefined. */
function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
