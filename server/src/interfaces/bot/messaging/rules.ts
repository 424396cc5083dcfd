/**
 * The rules of the messaging API's sends and reads that a route declares at the door (published
 * `messaging-api.yml`: `replyMessage`, `pushMessage`, `multicast`, `getGroupMembersIds`,
 * `getRoomMembersIds`), pure: the bodies' types (checked by the message validator,
 * `messages/bodies.ts`), the findings a schema cannot state, and the members query.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';
import type { checkMulticastBody, checkPushBody, checkReplyBody } from '../../../messages/bodies.js';

/** The type a compiled body check passes. */
type Passed<C> = C extends { readonly type?: infer T } ? NonNullable<T> : never;
/** A reply body, checked at the door (`checkReplyBody`): `replyToken`, 1 to 5 messages. */
export type ReplyBody = Passed<typeof checkReplyBody>;
/** A push body, checked at the door (`checkPushBody`): `to`, 1 to 5 messages, a custom aggregation unit. */
export type PushBody = Passed<typeof checkPushBody>;
/** A multicast body, checked at the door (`checkMulticastBody` and {@link multicastFindings}). */
export type MulticastBody = Passed<typeof checkMulticastBody>;

/** A user ID of the platform: `U` and 32 hex digits. */
export const USER_ID = /^U[0-9a-f]{32}$/;

/**
 * Details for every message object carrying a `quoteToken` in a send to many chats (multicast,
 * narrowcast, broadcast) or none (a push by phone): a quote names one message of one chat, so only
 * push and reply take it.
 */
export function quoteTokensRefused(messages: readonly unknown[]): ErrorDetail[] {
  return messages.flatMap((m, i) =>
    typeof m !== 'object' || m === null || !('quoteToken' in m) || m.quoteToken === undefined
      ? []
      : [{ message: 'A quote token can be sent with push and reply only', property: `messages[${i}].quoteToken` }],
  );
}

/**
 * What a multicast body breaks beyond the message validator's check, over the raw body (the door's
 * `rules`): a group or room ID in `to` (multicast reaches users only), a `quoteToken` on a message.
 */
export function multicastFindings(body: unknown): ErrorDetail[] {
  if (typeof body !== 'object' || body === null) return [];
  const details: ErrorDetail[] = [];
  if ('to' in body && Array.isArray(body.to))
    body.to.forEach((id: unknown, i: number) => {
      if (typeof id === 'string' && !USER_ID.test(id) && /^[CR]/.test(id))
        details.push({ message: 'Groups and rooms cannot be targeted: must be a user ID', property: `to[${i}]` });
    });
  if ('messages' in body && Array.isArray(body.messages)) details.push(...quoteTokensRefused(body.messages));
  return details;
}

/** `getGroupMembersIds` and `getRoomMembersIds`' query: `start`, the `next` of the previous page. */
export const MemberIdsQuery = Type.Object({ start: Type.Optional(Type.String({ platformErrors: { type: 'must be given once' } })) });
/** A query of {@link MemberIdsQuery}. */
export type MemberIds = Static<typeof MemberIdsQuery>;
