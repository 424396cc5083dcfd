/**
 * The rules of faults on demand, pure: which calls a fault rule names (a published operation, a
 * simulator route, a method and path, an origin) and which webhook deliveries (a channel, event
 * types), whether a matching call is hit (its count, its share, its window on the simulated clock), and what a hit call is answered in the error format
 * of its interface (spec "Errors"; the bot interface's rate-limit and authentication messages as
 * embedkit's own rules write them). Choices: docs/guide/faults.md.
 */
import { PUBLISHED_OPERATIONS } from '#contract/published-platform.js';
import { SIMULATOR_API, SIMULATOR_PREFIX } from '#contract/simulator-api.js';
import { isDeliveryFaultKind, type DeliveryFaultKind, type FaultKind, type FaultRuleBody } from '#contract/faults.js';
import { EVENT_TYPES } from '#contract/event-types.js';
import type { Contract } from '#contract/route.js';
import type { ErrorDetail } from '../http/validate.js';
import { errorFormatOf, iapErrorCodeOf, RETRY_AFTER_S } from '../http/error-format.js';

/** The origin a call came in on: `{base_url}` or one of the spec's side origins. */
export type FaultOrigin = NonNullable<FaultRuleBody['origin']>;

/** A named operation: its method and a pattern of its paths, with how literal the pattern is. */
interface NamedRoute {
  name: string;
  method: string;
  pattern: RegExp;
  /** Literal segments: the most literal of the routes that match a path is the one called. */
  literals: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function namedRoute(name: string, method: string, path: string, param: RegExp): NamedRoute {
  const segments = segmentsOf(path);
  const source = segments.map((s) => (param.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return { name, method, pattern: new RegExp(`^/${source}/?$`), literals: segments.filter((s) => !param.test(s)).length };
}

/** The published operations (`{param}` paths) and the simulator routes (`:param` paths under its prefix). */
const NAMED_ROUTES: readonly NamedRoute[] = [
  ...PUBLISHED_OPERATIONS.map((o) => namedRoute(o.operationId, o.method, o.path, /^\{[^}]+\}$/)),
  ...Object.entries(SIMULATOR_API as Contract).map(([name, r]) => namedRoute(name, r.method, SIMULATOR_PREFIX + r.path, /^:/)),
];
const KNOWN_NAMES = new Set(NAMED_ROUTES.map((r) => r.name));

/**
 * The name of the operation a call is: the published operationId or the simulator route name whose
 * method and path pattern match, the most literal one where several do (`GET /v2/bot/richmenu/list`
 * is `getRichMenuList`, not `getRichMenu`); undefined for a call of no named operation.
 */
export function operationOf(method: string, path: string): string | undefined {
  let best: NamedRoute | undefined;
  for (const r of NAMED_ROUTES) if (r.method === method && r.pattern.test(path) && (!best || r.literals > best.literals)) best = r;
  return best?.name;
}

/** The simulator routes that manage the rules: never hit, so that a rule can always be removed. */
export const FAULT_ROUTES_PATH = `${SIMULATOR_PREFIX}/faults`;

/** The fields that name calls: a delivery fault names a channel instead. */
const CALL_FIELDS = ['operation', 'method', 'path', 'origin'] as const;
/** The fields that name webhook deliveries: a fault of a call names none. */
const DELIVERY_FIELDS = ['channelId', 'eventTypes'] as const;

/**
 * What is wrong with a rule beyond its schema, as details (`property` its field), or none:
 * an operation no interface has, a `status` rule without its status, a window that ends before it
 * starts; a delivery kind without its channel or naming calls, a kind of calls naming a channel
 * or event types, an event type the platform does not send.
 */
export function ruleProblems(rule: FaultRuleBody): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (isDeliveryFaultKind(rule.kind)) {
    if (rule.channelId === undefined)
      details.push({
        property: 'channelId',
        message: `must be specified for kind ${rule.kind}: a delivery fault hits one channel's webhooks`,
      });
    for (const field of CALL_FIELDS)
      if (rule[field] !== undefined)
        details.push({
          property: field,
          message: `names calls: kind ${rule.kind} acts on webhook deliveries, named by channelId and eventTypes`,
        });
  } else {
    for (const field of DELIVERY_FIELDS)
      if (rule[field] !== undefined)
        details.push({ property: field, message: `is for the webhook delivery kinds only (redeliver, duplicate, reorder, delayDelivery)` });
  }
  for (const type of rule.eventTypes ?? [])
    if (!Object.hasOwn(EVENT_TYPES, type)) details.push({ property: 'eventTypes', message: `${type} is no webhook event type` });
  if (rule.kind === 'delayDelivery' && rule.delayMs === undefined)
    details.push({ property: 'delayMs', message: 'must be specified for kind delayDelivery' });
  if (rule.operation !== undefined && !KNOWN_NAMES.has(rule.operation))
    details.push({ property: 'operation', message: 'must be a published operationId or a simulator route name' });
  if (rule.kind === 'status' && rule.status === undefined)
    details.push({ property: 'status', message: 'must be specified for kind status' });
  if (rule.kind !== 'status' && (rule.status !== undefined || rule.body !== undefined))
    details.push({ property: rule.status !== undefined ? 'status' : 'body', message: 'is for kind status only' });
  if (rule.kind === 'delay' && rule.delayMs === undefined)
    details.push({ property: 'delayMs', message: 'must be specified for kind delay' });
  if (rule.from !== undefined && rule.until !== undefined && rule.until <= rule.from)
    details.push({ property: 'until', message: 'must be later than from' });
  return details;
}

/** A call as the rules see it. */
export interface FaultCall {
  origin: FaultOrigin;
  method: string;
  path: string;
  /** The simulated time, ms since 1970. */
  now: number;
}

/** A path glob of a rule as a regular expression: `*` within one segment, a trailing `**` for the rest. */
export function globPattern(glob: string): RegExp {
  const rest = glob.endsWith('/**');
  const body = (rest ? glob.slice(0, -3) : glob)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${body}${rest ? '(?:/.*)?' : '/?'}$`);
}

/**
 * Whether a rule names a call (every field it gives matches) and its window holds at the call's
 * time; its count and share are decided by {@link FaultRegistry}.
 * @param operation the call's operation ({@link operationOf}), computed once per call
 */
export function names(rule: FaultRuleBody & { pathPattern?: RegExp }, call: FaultCall, operation: string | undefined): boolean {
  if (rule.origin !== undefined && rule.origin !== call.origin) return false;
  if (rule.method !== undefined && rule.method !== call.method) return false;
  if (rule.operation !== undefined && rule.operation !== operation) return false;
  if (rule.path !== undefined && !(rule.pathPattern ?? globPattern(rule.path)).test(call.path)) return false;
  if (rule.from !== undefined && call.now < rule.from) return false;
  if (rule.until !== undefined && call.now >= rule.until) return false;
  return true;
}

/** A webhook delivery as the rules see it. */
export interface FaultDelivery {
  channelId: string;
  /** The types of the events it carries. */
  eventTypes: readonly string[];
  /** The simulated time, ms since 1970. */
  now: number;
}

/**
 * Whether a delivery rule names a delivery (its channel, one of its event types when it gives
 * some) and its window holds at the delivery's time; its count and share are decided by
 * {@link FaultRegistry}.
 */
export function namesDelivery(rule: FaultRuleBody, delivery: FaultDelivery): boolean {
  if (rule.channelId !== delivery.channelId) return false;
  if (rule.eventTypes !== undefined && !rule.eventTypes.some((t) => delivery.eventTypes.includes(t))) return false;
  if (rule.from !== undefined && delivery.now < rule.from) return false;
  if (rule.until !== undefined && delivery.now >= rule.until) return false;
  return true;
}

/** An answer written by a fault: status, headers and JSON body. */
export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const STATUS_OF: Record<Exclude<FaultKind, 'status' | 'delay' | 'drop' | DeliveryFaultKind>, number> = {
  rateLimited: 429,
  serverError: 500,
  unavailable: 503,
  expiredToken: 401,
};

/** What each kind says, in the words of the bot interface's own refusals. */
const MESSAGE_OF: Record<keyof typeof STATUS_OF, string> = {
  rateLimited: 'The API rate limit has been exceeded. Try again later.',
  serverError: 'Internal server error',
  unavailable: `The server is temporarily unavailable; retry in ${RETRY_AFTER_S} s`,
  expiredToken: 'Authentication failed due to the following reason: expired token. Issue a new channel access token.',
};

/** A person's access token expired, as the social login's own check words it. */
const SOCIAL_EXPIRED = 'Authentication failed due to the following reason: The access token expired';
/** The social login's calls made with a person's access token (profile, friendship status). */
const isSocialPath = (path: string) => path.startsWith('/v2/profile') || path.startsWith('/friendship/');

/**
 * The answer of a hit call of a kind that answers (not `delay`, not `drop`), in the error format
 * of the call's interface:
 * - bot, social login, embedded apps, simulator: `{message}`;
 * - OAuth token endpoints: `{error, error_description}` (`invalid_grant` for an expired token,
 *   `temporarily_unavailable` for 429/503, `server_error` for 500: RFC 6749 5.2 and 4.1.2.1);
 * - v1 interfaces: `{statusCode, statusMessage}`, an expired token as the spec's
 *   `412 / accessToken expired`;
 * - blockchain: its envelope `{responseTime, statusCode, statusMessage}` with embedkit's codes
 *   4290, 4013, 5000, 5030;
 * - LINE Pay: `{returnCode: '9000', returnMessage}`.
 * A `status` rule answers its own body, or the format's body with a message naming the fault.
 */
export function faultAnswer(rule: FaultRuleBody, call: FaultCall): FaultAnswer {
  const kind = rule.kind as keyof typeof STATUS_OF | 'status';
  const status = kind === 'status' ? rule.status! : STATUS_OF[kind];
  const message =
    kind === 'status'
      ? `Fault on demand: ${status}`
      : kind === 'expiredToken' && isSocialPath(call.path)
        ? SOCIAL_EXPIRED
        : MESSAGE_OF[kind];
  const headers: Record<string, string> = status === 503 || status === 429 ? { 'Retry-After': String(RETRY_AFTER_S) } : {};
  if (kind === 'status' && rule.body) return { status, headers, body: rule.body };
  // LINE Pay answers every outcome with HTTP 200 and a return code; a fault keeps the status it asks for, in that format (9000).
  if (call.origin === 'linepay') return { status, headers, body: { returnCode: '9000', returnMessage: message } };
  if (call.origin === 'blockchain') {
    const code = kind === 'expiredToken' ? 4013 : status * 10;
    return { status, headers, body: { responseTime: call.now, statusCode: code, statusMessage: message } };
  }
  switch (errorFormatOf(call.path)) {
    case 'oauth': {
      const error =
        kind === 'expiredToken' ? 'invalid_grant' : status === 429 || status === 503 ? 'temporarily_unavailable' : 'server_error';
      return { status, headers, body: { error, error_description: message } };
    }
    case 'v1':
      return kind === 'expiredToken'
        ? { status, headers, body: { statusCode: '412', statusMessage: 'accessToken expired' } }
        : { status, headers, body: { statusCode: String(status), statusMessage: message } };
    case 'iap':
      return { status, headers, body: { errorCode: iapErrorCodeOf(status), message } };
    default:
      return { status, headers, body: { message } };
  }
}
