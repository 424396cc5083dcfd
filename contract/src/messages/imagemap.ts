/**
 * Imagemap message (spec part B: "imagemap (sending): not shown"; the platform's published rules
 * of that era): `baseUrl` (HTTPS, max 1000 characters; the app appends `/<width>`), `altText`
 * (1 to 400 characters), `baseSize` (`width` 1040, `height` in pixels for that width) and
 * `actions` (1 to 50): a uri action (`linkUri`, max 1000 characters, the uri action's schemes) or a
 * message action (`text`, max 400 characters), each with an `area` in pixels of the 1040-wide base
 * image and an optional `label` (max 50 characters, read by accessibility features).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ActionUri, Enum, HttpsUrl, Int, Obj, ShortStr, Str } from './common.js';
import { MessageObj } from './quick-reply.js';

/** Tappable area, in pixels of the base image (1040 wide). */
export const ImagemapAreaSchema = Obj({ x: Int(0), y: Int(0), width: Int(1), height: Int(1) });

/** Imagemap uri action: opens `linkUri`. */
export const ImagemapUriActionSchema = Obj({
  type: Type.Literal('uri'),
  label: Type.Optional(ShortStr(50)),
  linkUri: ActionUri('Max 1000 characters; schemes http, https, tel and embedkit.'),
  area: ImagemapAreaSchema,
});

/** Imagemap message action: sends `text` as the user's message. */
export const ImagemapMessageActionSchema = Obj({
  type: Type.Literal('message'),
  label: Type.Optional(ShortStr(50)),
  text: Str(400, { description: "Sent as the user's message; max 400 characters." }),
  area: ImagemapAreaSchema,
});

/** Imagemap message. */
export const ImagemapMessageSchema = MessageObj('imagemap', {
  baseUrl: HttpsUrl('Base URL of the image: HTTPS, max 1000 characters; the app requests <baseUrl>/<width>.'),
  altText: Str(400, { description: 'Alternative text: 1 to 400 characters.' }),
  baseSize: Obj({ width: Enum([1040], { description: 'Must be 1040.' }), height: Int(1, 'Height in pixels when the width is 1040.') }),
  actions: Type.Array(Type.Union([ImagemapUriActionSchema, ImagemapMessageActionSchema]), { minItems: 1, maxItems: 50 }),
});

/** Tappable area of an imagemap, in pixels of the 1040-wide base image. */
export type ImagemapArea = Static<typeof ImagemapAreaSchema>;
/** Imagemap action: uri (`linkUri` max 1000, http/https/tel/embedkit) or message (`text` max 400), with an `area`. */
export type ImagemapAction = Static<typeof ImagemapUriActionSchema> | Static<typeof ImagemapMessageActionSchema>;
/** Imagemap message: `baseUrl` (HTTPS, max 1000), `altText` (max 400), `baseSize` (width 1040), 1 to 50 `actions` (published rules of the era). */
export type ImagemapMessage = Static<typeof ImagemapMessageSchema>;
