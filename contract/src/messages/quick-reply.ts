/**
 * Quick reply (spec part B: "the quick reply object: not shown"; the platform's published rules of
 * that era): `items`, 1 to 13 buttons; each button `{type: 'action', imageUrl?, action}` where
 * `imageUrl` is an HTTPS URL of at most 1000 characters (PNG, max 1MB) and `action` any action with
 * a required label of at most 20 characters (camera, cameraRoll and location only here).
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { QuickReplyActionSchema } from './actions.js';
import { HttpsUrl, Obj } from './common.js';

/** Most buttons of one quick reply (published rule of the era: 13). */
export const MAX_QUICK_REPLY_ITEMS = 13;

/** One quick reply button. */
export const QuickReplyItemSchema = Obj({
  type: Type.Literal('action'),
  imageUrl: Type.Optional(HttpsUrl('Icon at the start of the button: HTTPS, max 1000 characters, PNG, max 1MB.')),
  action: QuickReplyActionSchema,
});

/** `quickReply` of any message: 1 to 13 buttons. */
export const QuickReplySchema = Obj(
  { items: Type.Array(QuickReplyItemSchema, { minItems: 1, maxItems: MAX_QUICK_REPLY_ITEMS }) },
  { description: 'Quick reply buttons shown under the message: 1 to 13 items.' },
);

/**
 * A message object of kind `type` (spec part B): a closed object of `type`, the kind's own
 * `properties` in their order, then the optional `quickReply` every kind may carry.
 */
export function MessageObj<const K extends string, P extends TProperties>(type: K, properties: P) {
  return Obj({ type: Type.Literal(type), ...properties, quickReply: Type.Optional(QuickReplySchema) });
}

/** Quick reply button: `type` `action`, optional `imageUrl` (HTTPS, max 1000), `action` (published rules of the era). */
export type QuickReplyItem = Static<typeof QuickReplyItemSchema>;
/** `quickReply` of a message: 1 to 13 buttons (published rule of the era). */
export type QuickReply = Static<typeof QuickReplySchema>;
