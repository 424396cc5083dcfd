/**
 * Faults on demand: rules that make the platform fail on purpose, as it fails on its worst days
 * (a rate limit, a server error, a timeout, an expired token, a connection dropped, a webhook sent
 * twice, late or out of order), so that a bot's and an app's handling of them can be tested. A rule
 * names which calls it hits (a published operation by its operationId, a simulator route by its
 * name, or a method and path) or, for a webhook delivery fault, which channel's deliveries, what
 * they get, and for how long it holds (the next N, a share, a window on the simulated clock). The server keeps them (`server/src/faults/`); the CLI, `embedkit/testing`, the MCP tools
 * and the config file set them through the simulator API. Choices: docs/guide/faults.md.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * What a call or a webhook delivery hit by a rule gets. Calls of the platform's interfaces:
 * - `rateLimited`: 429 with the interface's rate-limit body (bot: `The API rate limit has been
 *   exceeded. Try again later.`);
 * - `serverError`: 500 with the interface's error body;
 * - `unavailable`: 503 with `Retry-After: 1`, as while a server starts or drains;
 * - `expiredToken`: 401 as the interface answers an expired access token;
 * - `status`: the rule's own `status` and `body`;
 * - `delay`: answered as usual, `delayMs` later (a client with a shorter timeout sees a timeout);
 * - `drop`: the connection is closed with no answer.
 *
 * Webhook deliveries of the rule's `channelId` ({@link DELIVERY_FAULT_KINDS}).
 */
export const FAULT_KINDS = [
  'rateLimited',
  'serverError',
  'unavailable',
  'expiredToken',
  'status',
  'delay',
  'drop',
  'redeliver',
  'duplicate',
  'reorder',
  'delayDelivery',
] as const;
/** One of {@link FAULT_KINDS}. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * The kinds that act on a channel's webhook deliveries (in the dispatcher, not on a call):
 * - `redeliver`: after the bot answered 200, the delivery is sent again with every event's
 *   `deliveryContext.isRedelivery: true` (same `webhookEventId`), signed over the body as sent;
 * - `duplicate`: after the bot answered 200, the same body with the same signature is sent again,
 *   as an at-least-once delivery may;
 * - `reorder`: the delivery waits until the channel's next delivery of another chat has been
 *   answered (at most `delayMs`, default {@link DEFAULT_REORDER_HOLD_MS}), then goes: the two arrive
 *   swapped. A chat's own deliveries keep the chat's order;
 * - `delayDelivery`: the attempt goes `delayMs` late (the chat's later deliveries wait behind it).
 */
export const DELIVERY_FAULT_KINDS = ['redeliver', 'duplicate', 'reorder', 'delayDelivery'] as const;
/** One of {@link DELIVERY_FAULT_KINDS}. */
export type DeliveryFaultKind = (typeof DELIVERY_FAULT_KINDS)[number];
/** Whether a kind acts on webhook deliveries rather than on calls. */
export const isDeliveryFaultKind = (kind: FaultKind): kind is DeliveryFaultKind =>
  (DELIVERY_FAULT_KINDS as readonly string[]).includes(kind);

/** How long a `reorder` rule holds a delivery for the channel's next one when it gives no `delayMs`, in ms. */
export const DEFAULT_REORDER_HOLD_MS = 5_000;

/** The origins a rule may be limited to: `{base_url}` and the spec's side origins. */
export const FAULT_ORIGINS = ['base', 'deprecated', 'trialbot', 'blockchain', 'linepay'] as const;

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
    /** For the delivery kinds (required there): the channel whose webhook deliveries are hit. */
    channelId: Type.Optional(
      Type.String({ pattern: '^[0-9]{10}$', description: 'for a delivery kind: the channel whose webhooks it hits' }),
    ),
    /** For the delivery kinds: only deliveries carrying an event of one of these types (`message`, `follow`…). */
    eventTypes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 30 })),
    kind: Type.Union(FAULT_KINDS.map((k) => Type.Literal(k))),
    /** For `status`: 400 to 599. */
    status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599 })),
    /** For `status`: the JSON body answered (default: the interface's error body with a message naming the fault). */
    body: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /**
     * ms. For `delay` and `delayDelivery` the wait itself; for `reorder` the longest hold; for
     * `redeliver` and `duplicate` the wait before the second send; added before any other kind.
     */
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

/** One call a rule hit, or one webhook delivery (then `method` and `path` are the send's to the bot). */
export const FaultHitSchema = Type.Object({
  /** Simulated time, ms since 1970. */
  at: Type.Number(),
  method: Type.String(),
  path: Type.String(),
  /**
   * The status answered, or null for `drop` and for `delay` (answered as usual); for a delivery, the
   * bot's answer to the send the fault made or moved (null: no answer).
   */
  status: Type.Union([Type.Integer(), Type.Null()]),
  /** For a delivery fault: the delivery (as the simulator route `deliveries` lists it). */
  deliveryId: Type.Optional(Type.Integer()),
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
