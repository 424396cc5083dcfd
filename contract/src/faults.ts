/**
 * Faults on demand: rules that make the platform fail on purpose, as it fails on its worst days
 * (a rate limit, a server error, a timeout, an expired token, a connection dropped), so that a bot's
 * and an app's handling of them can be tested. A rule names which calls it hits (a published
 * operation by its operationId, a simulator route by its name, or a method and path), what they
 * get, and for how long it holds (the next N calls, a share of calls, a window on the simulated
 * clock). The server keeps them (`server/src/faults/`); the CLI, `embedkit/testing`, the MCP tools
 * and the config file set them through the simulator API. Choices: docs/guide/faults.md.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * What a call hit by a rule gets:
 * - `rateLimited`: 429 with the interface's rate-limit body (bot: `The API rate limit has been
 *   exceeded. Try again later.`);
 * - `serverError`: 500 with the interface's error body;
 * - `unavailable`: 503 with `Retry-After: 1`, as while a server starts or drains;
 * - `expiredToken`: 401 as the interface answers an expired access token;
 * - `status`: the rule's own `status` and `body`;
 * - `delay`: answered as usual, `delayMs` later (a client with a shorter timeout sees a timeout);
 * - `drop`: the connection is closed with no answer.
 */
export const FAULT_KINDS = ['rateLimited', 'serverError', 'unavailable', 'expiredToken', 'status', 'delay', 'drop'] as const;
/** One of {@link FAULT_KINDS}. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The origins a rule may be limited to: `{base_url}` and the spec's side origins. */
export const FAULT_ORIGINS = ['base', 'deprecated', 'trialbot', 'blockchain'] as const;

/** Longest delay a rule may hold a call for, in ms (a bounded wait: no request hangs for good). */
export const MAX_FAULT_DELAY_MS = 120_000;

/** A fault rule as a client sets it. */
export const FaultRuleBodySchema = Type.Object(
  {
    operation: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'a published operationId (pushMessage, issueChannelToken…) or a simulator route name (sendMessage…)',
      }),
    ),
    method: Type.Optional(Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')])),
    path: Type.Optional(
      Type.String({
        pattern: '^/',
        maxLength: 500,
        description: 'a request path; `*` stands for any characters within one segment, `**` at the end for the rest',
      }),
    ),
    origin: Type.Optional(Type.Union(FAULT_ORIGINS.map((o) => Type.Literal(o)))),
    kind: Type.Union(FAULT_KINDS.map((k) => Type.Literal(k))),
    /** For `status`: 400 to 599. */
    status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599 })),
    /** For `status`: the JSON body answered (default: the interface's error body with a message naming the fault). */
    body: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** For `delay` (and added before any other kind): ms. */
    delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_FAULT_DELAY_MS })),
    /** The rule holds for its next `times` hits, then is spent. */
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    /** The share of matching calls it hits, 0 to 1 (default 1). */
    share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /** From this simulated time on, in ms since 1970 (default: at once). */
    from: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Until this simulated time, in ms since 1970 (default: for good). */
    until: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Free text shown beside the rule (why it is there). */
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
/** A fault rule as a client sets it. */
export type FaultRuleBody = Static<typeof FaultRuleBodySchema>;

/** One call a rule hit. */
export const FaultHitSchema = Type.Object({
  /** Simulated time, ms since 1970. */
  at: Type.Number(),
  method: Type.String(),
  path: Type.String(),
  /** The status answered, or null for `drop` and for `delay` (answered as usual). */
  status: Type.Union([Type.Integer(), Type.Null()]),
});

/** A rule in force, with what it has hit. */
export const FaultViewSchema = Type.Composite([
  FaultRuleBodySchema,
  Type.Object({
    id: Type.String(),
    /** Calls hit so far. */
    hits: Type.Integer(),
    /** Hits left before it is spent, or null when it has no `times`. */
    remaining: Type.Union([Type.Integer(), Type.Null()]),
    /** The newest hits, newest first (at most 20). */
    recent: Type.Array(FaultHitSchema),
  }),
]);
/** A rule in force, with what it has hit. */
export type FaultView = Static<typeof FaultViewSchema>;

/** The rules in force, oldest first. */
export const FaultListSchema = Type.Object({ faults: Type.Array(FaultViewSchema) });
