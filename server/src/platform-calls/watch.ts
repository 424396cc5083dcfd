/**
 * The mechanism that feeds the {@link PlatformCallRecorder}: a handler mounted before the platform's
 * routes that, for the calls it records, keeps the JSON answered and, once the answer is sent, the
 * call's record. It changes nothing of the call: the routes and their rules answer as before.
 */
import type { Request, RequestHandler, Response } from 'express';
import { hashToken } from '../tokens/secrets.js';
import type { Clock } from '../clock/clock.js';
import type { PlatformCall, PlatformCallRecorder, PlatformOperation } from './recorder.js';

/** The person and channel of a LIFF access token, by its hash; undefined for a token not known. */
export type TokenOwner = (tokenHash: string) => Promise<{ userId: string; channelId: string } | undefined>;

const OPERATIONS: Readonly<Record<string, PlatformOperation>> = {
  'GET /oauth2/v2.1/verify': 'verify',
  'POST /iap/v1/product/reserve': 'iap.reserve',
  'POST /message/v3/notifier/token': 'notifier.token',
  'POST /message/v3/notifier/send': 'notifier.send',
  'POST /message/v3/share': 'share',
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const hashOf = (v: unknown): string | undefined => {
  const t = text(v);
  return t ? hashToken(t) : undefined;
};
const bearer = (req: Request): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];

/** The refusal's text: its `message` (or `error_description`, `error`) and its first detail. */
function refusal(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const a = answer as {
    message?: unknown;
    error?: unknown;
    error_description?: unknown;
    details?: { message?: unknown; property?: unknown }[];
  };
  const head = text(a.message) ?? text(a.error_description) ?? text(a.error);
  const detail =
    Array.isArray(a.details) && a.details[0] ? `${String(a.details[0].property ?? '')}: ${String(a.details[0].message ?? '')}` : '';
  return [head, detail].filter(Boolean).join(' — ').slice(0, 500) || undefined;
}

/** What a call named and answered, by operation. */
function named(operation: PlatformOperation, req: Request, answer: unknown): Partial<PlatformCall> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const out = (answer ?? {}) as Record<string, unknown>;
  switch (operation) {
    case 'verify':
      return { tokenHash: hashOf(req.query.access_token) };
    case 'iap.reserve':
      return { tokenHash: hashOf(bearer(req)) };
    case 'notifier.token':
      return { tokenHash: hashOf(body.liffAccessToken), answeredTokenHash: hashOf(out.notificationToken) };
    case 'notifier.send':
      return {
        sentTokenHash: hashOf(body.notificationToken),
        answeredTokenHash: hashOf(out.notificationToken),
        templateName: text(body.templateName),
      };
    case 'share':
      return { tokenHash: hashOf(bearer(req)), messages: Array.isArray(body.messages) ? (body.messages as unknown[]) : [] };
  }
}

/**
 * The handler: records each call of the operations above into `recorder` once it is answered.
 * @param owner the person and channel of a LIFF access token (the user token store)
 */
export function watchPlatformCalls(recorder: PlatformCallRecorder, clock: Clock, owner: TokenOwner): RequestHandler {
  return (req, res, next) => {
    const operation = OPERATIONS[`${req.method} ${req.path}`];
    if (!operation) return next();
    let answer: unknown;
    const json = res.json.bind(res);
    res.json = ((body: unknown) => {
      answer = body;
      return json(body);
    }) as Response['json'];
    res.on('finish', () => {
      void record(recorder, clock, owner, operation, req, res, answer).catch(() => undefined);
    });
    next();
  };
}

async function record(
  recorder: PlatformCallRecorder,
  clock: Clock,
  owner: TokenOwner,
  operation: PlatformOperation,
  req: Request,
  res: Response,
  answer: unknown,
): Promise<void> {
  const at = clock.now();
  const wallAt = at - clock.offset;
  const call = Object.fromEntries(
    Object.entries(named(operation, req, answer)).filter(([, v]) => v !== undefined),
  ) as Partial<PlatformCall>;
  const who = call.tokenHash ? await owner(call.tokenHash) : undefined;
  // A channel access token's call (the notifier's) names its channel where authentication put it.
  const channel = (res.locals.channel as { channel_id?: string } | undefined)?.channel_id;
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  recorder.add({
    operation,
    at,
    wallAt,
    method: req.method,
    path: req.path,
    status: res.statusCode,
    channelId: who?.channelId ?? channel ?? null,
    userId: who?.userId ?? null,
    ...call,
    ...(ok ? {} : { error: refusal(answer) }),
  });
}
