/**
 * Message objects of the platform (spec part B "Message objects" to "Rich menu objects"): one
 * definition per kind, from which come both the TypeScript types below (for app and bot
 * developers) and the runtime validator (`server/src/messages/bodies.ts`). The rules "not shown" in the spec
 * follow the platform's published rules of that era; each kind's module says which.
 *
 * `null` for a property means the property is absent, as with the platform (its SDKs of the era
 * send `null` for unset fields).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  AudioMessageSchema,
  ImageMessageSchema,
  LocationMessageSchema,
  StickerMessageSchema,
  TextMessageSchema,
  TextMessageV2Schema,
  VideoMessageSchema,
} from './basic.js';
import { CouponMessageSchema } from './coupon.js';
import { FLEX_BOX_ID, FlexBoxSchema, FlexMessageSchema } from './flex.js';
import { ImagemapMessageSchema } from './imagemap.js';
import { TemplateMessageSchema } from './template.js';

export * from './actions.js';
export * from './basic.js';
export * from './coupon.js';
export { ACTION_URI_SCHEMES, APP_SCHEME, MAX_URL_LENGTH } from './common.js';
export * from './flex.js';
export * from './imagemap.js';
export * from './quick-reply.js';
export * from './rich-menu.js';
export * from './template.js';

/**
 * Message `type` values, in the order the platform lists them in an error detail (spec: "text,
 * image, video, audio, location, sticker, template, imagemap"), then `flex`, `textV2` (published
 * `messaging-api.yml`) and `coupon` (published `CouponMessage`, a bot's only).
 */
export const MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'location',
  'sticker',
  'template',
  'imagemap',
  'flex',
  'textV2',
  'coupon',
] as const;

/** `$id` of the message object schema (published at `/schemas/v1/message.json`). */
export const MESSAGE_SCHEMA_ID = 'https://embedkit.local/schemas/v1/message.json';
/** `$id` of the message object schema of multicast, which has no flex message. */
export const MULTICAST_MESSAGE_SCHEMA_ID = 'https://embedkit.local/schemas/v1/multicast-message.json';

const NOT_FLEX = [
  TextMessageSchema,
  ImageMessageSchema,
  VideoMessageSchema,
  AudioMessageSchema,
  LocationMessageSchema,
  StickerMessageSchema,
  TemplateMessageSchema,
  ImagemapMessageSchema,
  TextMessageV2Schema,
  CouponMessageSchema,
] as const;

/** One message object: any kind, chosen by `type`. */
export const MessageSchema = Type.Union([...NOT_FLEX, FlexMessageSchema], {
  $id: MESSAGE_SCHEMA_ID,
  title: 'Message object',
  description: 'A message object of the bot messaging interface, as sent by sendMessages, reply, push and multicast.',
  $defs: { [FLEX_BOX_ID]: FlexBoxSchema },
});

/** One message object of a multicast: any kind but flex (spec: "flex messages are not allowed"). */
export const MulticastMessageSchema = Type.Union([...NOT_FLEX], {
  $id: MULTICAST_MESSAGE_SCHEMA_ID,
  title: 'Message object (multicast)',
});

/**
 * A message object: text, image, video, audio, location, sticker, template, imagemap or flex
 * (spec part B). Unknown properties are rejected; `quickReply` is allowed on every kind.
 */
export type Message = Static<typeof MessageSchema>;
/** A message object allowed in a multicast: every kind but flex. */
export type MulticastMessage = Static<typeof MulticastMessageSchema>;
