/**
 * The Post Event body (`POST /v1/events`, spec part E "Post Event body" and "Content per kind"; part
 * F for the trial interface) checked and turned into the message objects the chats store and the
 * host renders (the same shapes as the bot messaging interface's, so one renderer shows both).
 * Pure functions: a wrong field throws the v1 error `{statusCode: "400", statusMessage}` naming it.
 */
import { invalidField, isObject, url, type Json } from './fields.js';
import { richMessageBody } from './rich-message.js';

/** `toChannel` of every kind but the link message (spec). */
export const TO_CHANNEL = 1383378250;
/** `toChannel` of a link message. */
export const TO_CHANNEL_LINK = 1341301715;
/** `eventType` of a single message or a rich message. */
export const EVENT_SINGLE = '138311608800106203';
/** `eventType` of multiple messages. */
export const EVENT_MULTIPLE = '140177271400161403';
/** `eventType` of a link message. */
export const EVENT_LINK = '137299299800026303';

/** Largest number of target MIDs of one call (spec "Limits"). */
export const MAX_TARGETS = 150;
/** Largest text sent (spec "Limits"). */
export const MAX_TEXT = 1024;

/** Which interface a call came in on: E (enterprise) or F (trial, users only, no link messages). */
export type V1Interface = 'enterprise' | 'trial';

/** `toType`: 1 user, 2 room, 3 group. */
export type ToType = 1 | 2 | 3;

/** The placeholders' values of a link message, per template field (spec "link message"). */
export interface LinkParams {
  text: Record<string, string>;
  subText: Record<string, string>;
  linkText: Record<string, string>;
  aLinkUri: Record<string, string>;
  iLinkUri: Record<string, string>;
  linkUri: Record<string, string>;
}

/** A checked Post Event: who gets what. */
export interface PostEvent {
  to: string[];
  toType: ToType;
  /** The message objects to store, in order (a link message is resolved against its template later). */
  messages: Record<string, unknown>[];
  /** A link message: its template, preview URL and placeholder values. */
  link?: { templateId: string; previewUrl?: string; params: LinkParams };
}

/**
 * Checks a Post Event body's fields (the door checked that it is a JSON object, `rules.ts`).
 * @throws ApiError 400 `{statusCode: "400", statusMessage: "<field>: <problem>"}` for the first
 *   wrong field: `to` (1 to 150 strings), `toChannel` (the kind's fixed value, a number or a numeric
 *   string as the platform's 2016 SDKs send it), `eventType`, `content` per kind, `toType` (2 and 3
 *   only where the spec allows them, never on the trial interface).
 */
export function checkPostEvent(body: Json, iface: V1Interface): PostEvent {
  const to = body.to;
  if (!Array.isArray(to) || to.length === 0) throw invalidField('to', 'must be an array of 1 to 150 MIDs');
  if (to.length > MAX_TARGETS) throw invalidField('to', `must hold at most ${MAX_TARGETS} MIDs (${to.length} given)`);
  to.forEach((mid, i) => {
    if (typeof mid !== 'string' || mid === '') throw invalidField(`to[${i}]`, 'must be a MID (a non-empty string)');
  });
  const eventType = body.eventType;
  if (eventType !== EVENT_SINGLE && eventType !== EVENT_MULTIPLE && eventType !== EVENT_LINK)
    throw invalidField(
      'eventType',
      `must be ${EVENT_SINGLE} (single or rich message), ${EVENT_MULTIPLE} (multiple messages) or ${EVENT_LINK} (link message)`,
    );
  if (eventType === EVENT_LINK && iface === 'trial') throw invalidField('eventType', 'link messages do not exist on the trial interface');
  const expectedChannel = eventType === EVENT_LINK ? TO_CHANNEL_LINK : TO_CHANNEL;
  const toChannel = typeof body.toChannel === 'string' && /^[0-9]{1,12}$/.test(body.toChannel) ? Number(body.toChannel) : body.toChannel;
  if (toChannel !== expectedChannel) throw invalidField('toChannel', `must be ${expectedChannel} for this eventType`);
  const content = body.content;
  if (!isObject(content)) throw invalidField('content', 'must be an object');
  const targets = to as string[];
  if (eventType === EVENT_MULTIPLE) return { to: targets, toType: 1, messages: multipleMessages(content) };
  if (eventType === EVENT_LINK) return linkMessage(targets, content);
  const toType = checkToType(content.toType, 'content.toType', iface);
  const message = singleMessage(content, 'content');
  if (content.contentType === 12 && toType !== 1) throw invalidField('content.toType', 'a rich message goes to users only (toType 1)');
  return { to: targets, toType, messages: [message] };
}

function checkToType(v: unknown, path: string, iface: V1Interface): ToType {
  if (v !== 1 && v !== 2 && v !== 3) throw invalidField(path, 'must be 1 (user), 2 (room) or 3 (group)');
  if (v !== 1 && iface === 'trial') throw invalidField(path, 'must be 1: the trial interface sends to users only');
  return v;
}

/** Multiple messages: users only, `messages` each a single kind (not rich), `messageNotified` an index. */
function multipleMessages(content: Json): Record<string, unknown>[] {
  const list = content.messages;
  if (!Array.isArray(list) || list.length === 0) throw invalidField('content.messages', 'must be a non-empty array of messages');
  if (content.toType !== undefined && content.toType !== 1)
    throw invalidField('content.toType', 'multiple messages go to users only (toType 1)');
  const notified = content.messageNotified ?? 0;
  if (typeof notified !== 'number' || !Number.isInteger(notified) || notified < 0 || notified >= list.length)
    throw invalidField('content.messageNotified', `must be an index of content.messages (0 to ${list.length - 1})`);
  return list.map((m, i) => {
    const path = `content.messages[${i}]`;
    if (!isObject(m)) throw invalidField(path, 'must be an object');
    if (m.contentType === 12) throw invalidField(`${path}.contentType`, 'a rich message cannot be one of multiple messages');
    return singleMessage(m, path);
  });
}

/** One message of a kind of the spec's table (text, image, video, audio, location, sticker, rich). */
function singleMessage(c: Json, path: string): Record<string, unknown> {
  const meta = isObject(c.contentMetadata) ? c.contentMetadata : {};
  switch (c.contentType) {
    case 1: {
      const text = c.text;
      if (typeof text !== 'string' || text === '') throw invalidField(`${path}.text`, 'must be a non-empty string');
      if ([...text].length > MAX_TEXT) throw invalidField(`${path}.text`, `must be at most ${MAX_TEXT} characters`);
      return { type: 'text', text };
    }
    case 2:
    case 3: {
      const original = url(c.originalContentUrl, `${path}.originalContentUrl`);
      const preview = url(c.previewImageUrl, `${path}.previewImageUrl`);
      return { type: c.contentType === 2 ? 'image' : 'video', originalContentUrl: original, previewImageUrl: preview };
    }
    case 4: {
      const original = url(c.originalContentUrl, `${path}.originalContentUrl`);
      const len = meta.AUDLEN;
      if (typeof len !== 'string' || !/^[0-9]{1,9}$/.test(len) || Number(len) === 0)
        throw invalidField(`${path}.contentMetadata.AUDLEN`, 'must be the length in milliseconds, as a string of digits');
      return { type: 'audio', originalContentUrl: original, duration: Number(len) };
    }
    case 7: {
      const loc = c.location;
      if (!isObject(loc)) throw invalidField(`${path}.location`, 'must be an object with title, latitude and longitude');
      const title = loc.title;
      if (typeof title !== 'string' || title === '') throw invalidField(`${path}.location.title`, 'must be a non-empty string');
      if (c.text !== undefined && c.text !== title) throw invalidField(`${path}.text`, 'must be the same string as location.title');
      const latitude = loc.latitude;
      const longitude = loc.longitude;
      if (typeof latitude !== 'number' || latitude < -90 || latitude > 90)
        throw invalidField(`${path}.location.latitude`, 'must be a number from -90 to 90');
      if (typeof longitude !== 'number' || longitude < -180 || longitude > 180)
        throw invalidField(`${path}.location.longitude`, 'must be a number from -180 to 180');
      const address = typeof loc.address === 'string' && loc.address !== '' ? loc.address : title;
      return { type: 'location', title, address, latitude, longitude };
    }
    case 8: {
      for (const key of ['STKID', 'STKPKGID'] as const)
        if (typeof meta[key] !== 'string' || !/^[0-9]{1,12}$/.test(meta[key]))
          throw invalidField(`${path}.contentMetadata.${key}`, 'must be a string of digits');
      if (meta.STKVER !== undefined && (typeof meta.STKVER !== 'string' || !/^[0-9]{1,12}$/.test(meta.STKVER)))
        throw invalidField(`${path}.contentMetadata.STKVER`, 'must be a string of digits when given');
      return { type: 'sticker', packageId: meta.STKPKGID, stickerId: meta.STKID };
    }
    case 12:
      return richMessageBody(meta, `${path}.contentMetadata`);
    default:
      throw invalidField(
        `${path}.contentType`,
        'must be 1 (text), 2 (image), 3 (video), 4 (audio), 7 (location), 8 (sticker) or 12 (rich message)',
      );
  }
}

const LINK_PARAM_FIELDS = [
  ['textParams', 'text'],
  ['subTextParams', 'subText'],
  ['linkTextParams', 'linkText'],
  ['aLinkUriParams', 'aLinkUri'],
  ['iLinkUriParams', 'iLinkUri'],
  ['linkUriParams', 'linkUri'],
] as const;

/** A link message: users (toType 1) and groups (3), never rooms; placeholder values are strings. */
function linkMessage(to: string[], content: Json): PostEvent {
  const templateId = content.templateId;
  if (typeof templateId !== 'string' || templateId === '')
    throw invalidField('content.templateId', 'must be the id of a link message template');
  const toType = content.toType ?? 1;
  if (toType !== 1 && toType !== 3) throw invalidField('content.toType', 'a link message goes to users (1) or groups (3), not rooms');
  let previewUrl: string | undefined;
  if (content.previewUrl !== undefined) previewUrl = url(content.previewUrl, 'content.previewUrl');
  const params = {} as LinkParams;
  for (const [name, field] of LINK_PARAM_FIELDS) {
    const v = content[name] ?? {};
    if (!isObject(v)) throw invalidField(`content.${name}`, 'must be an object of placeholder names to strings');
    for (const [k, value] of Object.entries(v))
      if (typeof value !== 'string') throw invalidField(`content.${name}.${k}`, 'must be a string');
    params[field] = v as Record<string, string>;
  }
  return { to, toType, messages: [], link: { templateId, ...(previewUrl ? { previewUrl } : {}), params } };
}
