/**
 * The shapes several units of the simulator API share: a chat message (the `world` and `bot`
 * units), friendship states (`social`, `bot`), bot interfaces (`v1Bots`, `bot`) and delivery
 * statuses (`bot` and the live feed). Schemas only: no rule, no I/O.
 */
import { Type, type Static } from '@sinclair/typebox';
import { JsonObject, StringEnum } from '../schema-builders.js';

/** Who sent a chat message; `system`: a notice of the chat itself (a bot or a person joined or left). */
export const SenderSchema = Type.Object({
  type: StringEnum(['user', 'bot', 'system']),
  id: Type.String(),
  displayName: Type.String(),
});

/**
 * A message of a chat as the host shows it: the message object as it was sent, `timestamp` in ms
 * since the epoch (server clock), `unsentAt` (ms) when the sender unsent it.
 */
export const ChatMessageSchema = Type.Object({
  id: Type.String(),
  chatId: Type.String(),
  sender: SenderSchema,
  message: JsonObject,
  timestamp: Type.Number(),
  unsentAt: Type.Optional(Type.Number()),
  /** True for a notification message a bot sent by phone number (`POST /bot/pnp/push`): the host labels it. */
  notification: Type.Optional(Type.Boolean()),
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** A friendship state of a user with a bot. */
export const FRIEND_STATES = ['friend', 'blocked'] as const;

/** The bot interfaces: `messaging` (spec part B), `enterprise` (E), `trial` (F). */
export const BOT_INTERFACES = ['messaging', 'enterprise', 'trial'] as const;
export type BotInterface = (typeof BOT_INTERFACES)[number];

/** Statuses of a webhook delivery: `pending` (waiting or retrying), `delivered`, `failed` (retries used up), `skipped` (no URL). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
