/**
 * Request bodies that carry message objects, and their checks: sendMessages (`{messages}`), the
 * host's composer (`{userId, message}`), reply, push and multicast, and the rich menu object. The
 * message objects themselves are defined in `./message/` (spec part B "Message objects" to "Rich
 * menu objects"); this module compiles them once and adds what a JSON Schema does not say.
 *
 * Every check answers `null` for a valid body, else every error found (up to {@link MAX_DETAILS})
 * as the platform's `details`: schema errors first, then the cross-field rules of
 * `contract/src/messages/rules.ts`. Before validation, properties whose value is `null` are treated as absent
 * (as the platform does), and a body nested deeper than {@link MAX_NESTING_DEPTH} is refused with
 * one detail, so that no check recurses without bound.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_SEND_MESSAGES } from '../limits.js';
import {
  MESSAGE_SCHEMA_ID,
  MESSAGE_TYPES,
  MULTICAST_MESSAGE_SCHEMA_ID,
  MessageSchema,
  MulticastMessageSchema,
  RichMenuSchema,
  type Message,
  type MulticastMessage,
} from '#contract/messages/index.js';
import { messageRules, pathToProperty, richMenuRules, type BodyFacts } from '#contract/messages/rules.js';
import { addSchema, compile, detail, MAX_DETAILS, type ErrorDetail } from '../http/validate.js';

export { MESSAGE_TYPES, MessageSchema, MulticastMessageSchema, RichMenuSchema };

/** Most recipients of one multicast (spec "Limits": 150 user IDs). */
export const MAX_MULTICAST_RECIPIENTS = 150;

/**
 * Deepest nesting of arrays and objects accepted in a body: 100 levels, which is a flex box nested
 * in boxes 46 times inside a carousel. The spec names no limit (a 10KB bubble could hold ~210 nested boxes);
 * embedkit sets one because the compiled validator recurses once per box with a large stack frame
 * and would overflow the stack (a 500) at ~130 boxes. Real layouts nest a handful of boxes.
 */
export const MAX_NESTING_DEPTH = 100;

addSchema(MessageSchema);
addSchema(MulticastMessageSchema);

const MessageRef = Type.Unsafe<Message>(Type.Ref(MESSAGE_SCHEMA_ID));
const MulticastMessageRef = Type.Unsafe<MulticastMessage>(Type.Ref(MULTICAST_MESSAGE_SCHEMA_ID));

/** `messages`: 1 to 5 message objects (spec "Limits": messages per call). */
export const MessagesSchema = Type.Array(MessageRef, { minItems: 1, maxItems: MAX_SEND_MESSAGES });

/** Body of the sendMessages endpoint: `{messages}`. */
export const ShareBodySchema = Type.Object({ messages: MessagesSchema }, { additionalProperties: false });

/** Body of simulator route `sendMessage`: one message a user sends from the host. */
export const UserMessageBodySchema = Type.Object(
  { userId: Type.String({ minLength: 1 }), message: MessageRef },
  { additionalProperties: false },
);

/** Body of `POST /v2/bot/message/reply`: `{replyToken, messages, notificationDisabled?}`. */
export const ReplyBodySchema = Type.Object(
  { replyToken: Type.String({ minLength: 1 }), messages: MessagesSchema, notificationDisabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/**
 * `customAggregationUnits` of push and multicast (published `messaging-api.yml` `PushMessageRequest`):
 * at most one unit name, 1 to 30 of `a-zA-Z0-9_`, case-sensitive.
 */
export const CustomAggregationUnits = Type.Array(Type.String({ minLength: 1, maxLength: 30, pattern: '^[a-zA-Z0-9_]{1,30}$' }), {
  maxItems: 1,
});

/** Body of `POST /v2/bot/message/push`: `{to, messages, notificationDisabled?}`; `to` a user, group or room ID. */
export const PushBodySchema = Type.Object(
  {
    to: Type.String({ minLength: 1 }),
    messages: MessagesSchema,
    notificationDisabled: Type.Optional(Type.Boolean()),
    customAggregationUnits: Type.Optional(CustomAggregationUnits),
  },
  { additionalProperties: false },
);

/**
 * Body of `POST /bot/pnp/push` (published `messaging-api.yml` `PnpMessagesRequest`): `{to: the
 * SHA-256 of an E.164 phone number in hex, messages (1 to 5), notificationDisabled?}`; the form of
 * `to` is checked by the rule (`interfaces/bot/pnp/service.ts`).
 */
export const PnpBodySchema = Type.Object(
  {
    to: Type.String({ minLength: 1 }),
    messages: MessagesSchema,
    notificationDisabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Body of `POST /v2/bot/message/multicast`: `{to: 1..150 user IDs, messages (no flex), notificationDisabled?}`. */
export const MulticastBodySchema = Type.Object(
  {
    to: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: MAX_MULTICAST_RECIPIENTS }),
    messages: Type.Array(MulticastMessageRef, { minItems: 1, maxItems: MAX_SEND_MESSAGES }),
    notificationDisabled: Type.Optional(Type.Boolean()),
    customAggregationUnits: Type.Optional(CustomAggregationUnits),
  },
  { additionalProperties: false },
);

type Rules = (value: unknown, out: ErrorDetail[], maxDepth: number) => BodyFacts;

/** A check of a body that holds message objects: see the module comment. */
export type BodyCheck<T> = ((value: unknown) => ErrorDetail[] | null) & { readonly type?: T };

function bodyCheck<S extends TSchema>(schema: S, rules: Rules): BodyCheck<Static<S>> {
  const check = compile(schema);
  return (value: unknown) => {
    // The rules pass comes first: it also finds nesting too deep for the schema check's recursion.
    const extra: ErrorDetail[] = [];
    const facts = rules(value, extra, MAX_NESTING_DEPTH);
    if (facts.tooDeepAt) return [detail(`Nesting depth must be at most ${MAX_NESTING_DEPTH}`, pathToProperty(facts.tooDeepAt))];
    const details = check(facts.hasNull ? stripNulls(value) : value);
    if (!details && extra.length === 0) return null;
    const all = details ?? [];
    for (const d of extra) if (!all.some((a) => a.property === d.property && a.message === d.message)) all.push(d);
    return all.slice(0, MAX_DETAILS);
  };
}

/** A copy without the object properties whose value is `null` (array items stay). */
function stripNulls(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map(stripNulls);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (v !== null) out[k] = stripNulls(v);
  return out;
}

/**
 * The check, plus: no message may carry `quoteToken`. The published documents give it to a bot's
 * push and reply only (`messaging-api.yml`); the SDK's sendMessages has none, and a person quotes
 * in the host with `quotedMessageId`. Without this the token would be stored as it came. Nor a
 * coupon message: a coupon belongs to a channel (published `CouponMessage`, sent by its bot).
 */
function withoutQuoteTokens<T>(check: BodyCheck<T>, messagesOf: (body: Record<string, unknown>) => [path: string, message: unknown][]) {
  return ((value: unknown) => {
    const details = check(value);
    if (details || typeof value !== 'object' || value === null) return details;
    const objects = messagesOf(value as Record<string, unknown>).filter(
      (e): e is [string, Record<string, unknown>] => typeof e[1] === 'object' && e[1] !== null,
    );
    const refused = [
      ...objects
        .filter(([, m]) => m.quoteToken !== undefined)
        .map(([path]) => detail("quoteToken is accepted only in a bot's push and reply", `${path}.quoteToken`)),
      ...objects.filter(([, m]) => m.type === 'coupon').map(([path]) => detail('a coupon message is sent by a bot only', `${path}.type`)),
    ];
    return refused.length ? refused.slice(0, MAX_DETAILS) : null;
  }) as BodyCheck<T>;
}

/** Checks a sendMessages body (`POST /message/v3/share`, spec part D `sendMessages`); no `quoteToken`. */
export const checkShareBody = withoutQuoteTokens(bodyCheck(ShareBodySchema, messageRules), (b) =>
  Array.isArray(b.messages) ? b.messages.map((m, i): [string, unknown] => [`messages[${i}]`, m]) : [],
);
/** Checks the body of the host's composer: `{userId, message}`; no `quoteToken` (the host quotes with `quotedMessageId`). */
export const checkUserMessageBody = withoutQuoteTokens(bodyCheck(UserMessageBodySchema, messageRules), (b) => [['message', b.message]]);
/** Checks a reply body (`POST /v2/bot/message/reply`): `replyToken` required, 1 to 5 messages. */
export const checkReplyBody = bodyCheck(ReplyBodySchema, messageRules);
/** Checks a push body (`POST /v2/bot/message/push`): `to` required, 1 to 5 messages. */
export const checkPushBody = bodyCheck(PushBodySchema, messageRules);
/** Checks a push-by-phone body (`POST /bot/pnp/push`): its messages as push checks them. */
export const checkPnpBody = bodyCheck(PnpBodySchema, messageRules);
/**
 * Checks a multicast body (`POST /v2/bot/message/multicast`): `to` 1 to 150 IDs, 1 to 5 messages,
 * none of type flex (a flex message is answered `Must be one of the following values: [text, image,
 * video, audio, location, sticker, template, imagemap]` at its `type`).
 */
export const checkMulticastBody = bodyCheck(MulticastBodySchema, messageRules);
/** Body of the validate calls (`POST /v2/bot/message/validate/<kind>`, platform): `{messages}`, 1 to 5 messages. */
export const ValidateMessagesBodySchema = Type.Object({ messages: MessagesSchema }, { additionalProperties: true });
/** Checks a validate call's body: the messages as a send would check them, nothing sent. */
export const checkValidateMessagesBody = bodyCheck(ValidateMessagesBodySchema, messageRules);
/** Checks a rich menu object (spec part B "Rich menu objects"), areas within the size included. */
export const checkRichMenu = bodyCheck(RichMenuSchema, richMenuRules);
