/**
 * Message objects of type text, image, video, audio, location and sticker. The spec leaves their
 * fields "not shown"; these are the platform's published rules of that era:
 *
 * - text: `text` required, 1 to 2000 characters.
 * - image: `originalContentUrl` (HTTPS, max 1000 characters, JPEG, max 1024x1024, max 1MB) and
 *   `previewImageUrl` (HTTPS, max 1000 characters, JPEG, max 240x240, max 1MB), both required.
 * - video: `originalContentUrl` (HTTPS, max 1000, mp4, max 1 minute, max 10MB) and
 *   `previewImageUrl` (HTTPS, max 1000, JPEG, max 240x240, max 1MB), both required; `trackingId`
 *   (1 to 100 characters, published `VideoMessage`) names it in the videoPlayComplete event.
 * - audio: `originalContentUrl` (HTTPS, max 1000, m4a, max 1 minute, max 10MB) and `duration`
 *   (Number, milliseconds), both required.
 * - location: `title` and `address` (1 to 100 characters each), `latitude` and `longitude`
 *   (Numbers), all required.
 * - sticker: `packageId` and `stickerId` (Strings), both required.
 *
 * Every message may carry a `quickReply`. File formats, pixel sizes and byte sizes of the media
 * behind a URL are not checked (embedkit does not fetch them).
 */
import { Type, type Static } from '@sinclair/typebox';
import { HttpsUrl, Obj, Str } from './common.js';
import { MessageObj } from './quick-reply.js';

/** Longest text of a text message (published rule of the era: 2000 characters). */
export const MAX_TEXT_LENGTH = 2000;

/**
 * `quoteToken` of a text or sticker message a bot sends with push or reply (published
 * `messaging-api.yml` `TextMessage.quoteToken`, `StickerMessage.quoteToken`): the quote token of
 * the message it quotes. Which message it names is checked where the chat is known.
 */
const quoteToken = Type.Optional(Str(undefined, { description: 'Quote token of the message to quote (push and reply).' }));

/** Text message: `text`, 1 to 2000 characters. */
export const TextMessageSchema = MessageObj('text', {
  text: Str(MAX_TEXT_LENGTH, { description: 'Message text: 1 to 2000 characters.' }),
  quoteToken,
});

/** Longest text of a textV2 message (published "Text message (v2)": 5000 characters). */
export const MAX_TEXT_V2_LENGTH = 5000;
/** Most substitutions of a textV2 message (published: 100 key and value pairs). */
export const MAX_SUBSTITUTIONS = 100;
/** A substitution key (published: 1 to 20 half-width letters, digits and `_`), checked in `rules.ts`. */
export const SUBSTITUTION_KEY = /^[a-zA-Z0-9_]{1,20}$/;

/** Published `MentionSubstitutionObject`: mentions a user of the chat (`user`) or everyone (`all`). */
const MentionSubstitutionSchema = Obj({
  type: Type.Literal('mention'),
  mentionee: Type.Union([
    Obj({ type: Type.Literal('user'), userId: Type.String({ pattern: '^U[0-9a-f]{32}$', description: 'A user ID.' }) }),
    Obj({ type: Type.Literal('all') }),
  ]),
});

/** Published `EmojiSubstitutionObject`: a LINE emoji by its product ID and emoji ID. */
const EmojiSubstitutionSchema = Obj({
  type: Type.Literal('emoji'),
  productId: Type.String({ pattern: '^[0-9a-f]{24}$', description: 'Product ID of the emoji set: 24 hex digits.' }),
  emojiId: Type.String({ pattern: '^[0-9]{3}$', description: 'ID of the emoji in the set: 3 digits (001).' }),
});

/**
 * Text message v2 (published `messaging-api.yml` `TextMessageV2`): `text` 1 to 5000 characters
 * with `{key}` placeholders, each replaced by its `substitution` (a mention or an emoji); the
 * cross checks of keys and placeholders are in `rules.ts`.
 */
export const TextMessageV2Schema = MessageObj('textV2', {
  text: Str(MAX_TEXT_V2_LENGTH, { description: 'Message text with {key} placeholders: 1 to 5000 characters.' }),
  substitution: Type.Optional(
    Type.Record(Type.String(), Type.Union([MentionSubstitutionSchema, EmojiSubstitutionSchema]), { maxProperties: MAX_SUBSTITUTIONS }),
  ),
  quoteToken,
});

/** Image message: original and preview image URLs (HTTPS, max 1000 characters, JPEG). */
export const ImageMessageSchema = MessageObj('image', {
  originalContentUrl: HttpsUrl('Image URL: HTTPS, max 1000 characters, JPEG, max 1024x1024, max 1MB.'),
  previewImageUrl: HttpsUrl('Preview image URL: HTTPS, max 1000 characters, JPEG, max 240x240, max 1MB.'),
});

/** Video message: video URL and preview image URL (HTTPS, max 1000 characters). */
export const VideoMessageSchema = MessageObj('video', {
  originalContentUrl: HttpsUrl('Video URL: HTTPS, max 1000 characters, mp4, max 1 minute, max 10MB.'),
  previewImageUrl: HttpsUrl('Preview image URL: HTTPS, max 1000 characters, JPEG, max 240x240, max 1MB.'),
  // Published `VideoMessage.trackingId`; its length is the platform's documented limit.
  trackingId: Type.Optional(Str(100, { description: 'ID of the video in the videoPlayComplete event: 1 to 100 characters.' })),
});

/** Audio message: audio URL (HTTPS, max 1000 characters) and duration in milliseconds. */
export const AudioMessageSchema = MessageObj('audio', {
  originalContentUrl: HttpsUrl('Audio URL: HTTPS, max 1000 characters, m4a, max 1 minute, max 10MB.'),
  duration: Type.Number({ description: 'Length of the audio in milliseconds.' }),
});

/** Location message: title and address (max 100 characters each), latitude and longitude. */
export const LocationMessageSchema = MessageObj('location', {
  title: Str(100, { description: 'Max 100 characters.' }),
  address: Str(100, { description: 'Max 100 characters.' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
});

/** Sticker message: package and sticker IDs. */
export const StickerMessageSchema = MessageObj('sticker', {
  packageId: Str(undefined, { description: 'Package ID of the sticker set.' }),
  stickerId: Str(undefined, { description: 'Sticker ID.' }),
  quoteToken,
});

/** Text message v2: `text` with `{key}` placeholders and their `substitution` (published `TextMessageV2`). */
export type TextMessageV2 = Static<typeof TextMessageV2Schema>;
/** Text message: `text` 1 to 2000 characters (published rule of the era; spec: "not shown"). */
export type TextMessage = Static<typeof TextMessageSchema>;
/** Image message: `originalContentUrl` and `previewImageUrl`, HTTPS, max 1000 characters each (published rules of the era). */
export type ImageMessage = Static<typeof ImageMessageSchema>;
/** Video message: `originalContentUrl` (mp4) and `previewImageUrl`, HTTPS, max 1000 characters each (published rules of the era). */
export type VideoMessage = Static<typeof VideoMessageSchema>;
/** Audio message: `originalContentUrl` (m4a, HTTPS, max 1000) and `duration` in milliseconds (published rules of the era). */
export type AudioMessage = Static<typeof AudioMessageSchema>;
/** Location message: `title` and `address` max 100 characters, `latitude`, `longitude` (published rules of the era). */
export type LocationMessage = Static<typeof LocationMessageSchema>;
/** Sticker message: `packageId` and `stickerId` (published rules of the era). */
export type StickerMessage = Static<typeof StickerMessageSchema>;
