/**
 * Webhook event objects (spec "Events", webhook of the bot messaging interface), built from what
 * happens in the host, in the shape of the platform's published `CallbackRequest` (`webhook.yml` of
 * `line/line-openapi`; choices in docs/webhooks.md). Pure functions but for the event id: no clock,
 * no store. A property without a value is left out.
 */
import { ulid } from 'ulid';

/** `source` of an event (spec table "source type"). */
export type EventSource =
  | { type: 'user'; userId: string }
  | { type: 'group'; groupId: string; userId?: string }
  | { type: 'room'; roomId: string; userId?: string };

/** Event types of the spec. */
export type EventType =
  'message' | 'follow' | 'unfollow' | 'join' | 'leave' | 'postback' | 'beacon' | 'accountLink' | 'unsend' | 'memberJoined' | 'memberLeft';

/** `stickerResourceType` values of a sticker message event (published `webhook.yml`). */
export const STICKER_RESOURCE_TYPES = [
  'STATIC',
  'ANIMATION',
  'SOUND',
  'ANIMATION_SOUND',
  'POPUP',
  'POPUP_SOUND',
  'CUSTOM',
  'MESSAGE',
  'NAME_TEXT',
  'PER_STICKER_TEXT',
] as const;
export type StickerResourceType = (typeof STICKER_RESOURCE_TYPES)[number];

/**
 * An event before it is sent: everything but `timestamp` and `replyToken`, which the emitter adds
 * (`replyToken` only for repliable events, see {@link isRepliable}).
 */
export interface DraftEvent {
  type: EventType;
  source: EventSource;
  /** The type's own fields: `message`, `postback`, `beacon`, `link`, `follow`, `unsend`, `joined`, `left`. */
  fields?: Record<string, unknown>;
}

/** A chat as the event rules need it. */
export interface EventChat {
  chatId: string;
  type: string;
}

/**
 * The source of an event in a chat.
 * - a `utou` chat with the bot → `{type: "user", userId}`;
 * - a group or room → `{type, groupId|roomId}`, plus `userId` only for message events from a user
 *   who agreed to the official account terms (spec: "userId (only in message events; absent when
 *   the user has not agreed ...)").
 */
export function sourceOf(chat: EventChat, user: { userId: string; agreed: boolean } | null, withUser: boolean): EventSource {
  const userId = withUser && user?.agreed ? user.userId : undefined;
  if (chat.type === 'group') return userId ? { type: 'group', groupId: chat.chatId, userId } : { type: 'group', groupId: chat.chatId };
  if (chat.type === 'room') return userId ? { type: 'room', roomId: chat.chatId, userId } : { type: 'room', roomId: chat.chatId };
  if (!user) throw new Error(`a 1:1 event needs its user (chat ${chat.chatId})`);
  return { type: 'user', userId: user.userId };
}

/** The source of an event between one user and the bot (follow, unfollow, beacon, account link). */
export function userSource(userId: string): EventSource {
  return { type: 'user', userId };
}

/**
 * The `message` object of a message event for a stored message, or null for a type the webhook
 * does not carry (templates, flex and imagemaps sent with sendMessages). Published `webhook.yml`:
 * - text → `{id, type, text, quoteToken, quotedMessageId?}`;
 * - sticker → `{id, type, packageId, stickerId, stickerResourceType, quoteToken, quotedMessageId?}`
 *   (`stickerResourceType` as stored with the message, `STATIC` when it says none);
 * - location → `{id, type, title, address, latitude, longitude}` (title and address left out when empty);
 * - image, video → `{id, type, contentProvider, quoteToken}`; audio → `{id, type, contentProvider,
 *   duration?}`. `contentProvider` is `{type: "line"}` for media a person sent (the binary is at the
 *   content endpoint), `{type: "external", originalContentUrl, previewImageUrl}` for media an app
 *   shared with sendMessages (a URL, no binary here);
 * - file → `{id, type, fileName, fileSize}`.
 * `quotedMessageId` is the stored body's (a message that quotes another carries it).
 * @param id the stored message id
 * @param body the stored message object
 * @param quoteToken the stored message's quote token (left out when the row has none)
 */
export function messageOfEvent(id: string, body: Record<string, unknown>, quoteToken?: string | null): Record<string, unknown> | null {
  const quote = quoteToken ? { quoteToken } : {};
  const quoted = typeof body.quotedMessageId === 'string' && body.quotedMessageId ? { quotedMessageId: body.quotedMessageId } : {};
  const type = body.type;
  switch (type) {
    case 'text':
      return { id, type, text: String(body.text ?? ''), ...quote, ...quoted };
    case 'sticker':
      return {
        id,
        type,
        packageId: String(body.packageId),
        stickerId: String(body.stickerId),
        stickerResourceType: stickerResourceTypeOf(body.stickerResourceType),
        ...quote,
        ...quoted,
      };
    case 'location':
      return compact({
        id,
        type,
        title: body.title || undefined,
        address: body.address || undefined,
        latitude: body.latitude,
        longitude: body.longitude,
      });
    case 'image':
    case 'video':
    case 'audio': {
      const external = body.contentId === undefined && typeof body.originalContentUrl === 'string';
      const contentProvider = external
        ? compact({ type: 'external', originalContentUrl: body.originalContentUrl, previewImageUrl: body.previewImageUrl })
        : { type: 'line' };
      if (type === 'audio') {
        const duration = typeof body.duration === 'number' && Number.isInteger(body.duration) ? { duration: body.duration } : {};
        return { id, type, contentProvider, ...duration };
      }
      return { id, type, contentProvider, ...quote };
    }
    case 'file':
      return { id, type, fileName: String(body.fileName ?? ''), fileSize: Number(body.fileSize ?? 0) };
    // A shared contact: only v1 bots receive it (contentType 10); the emitter keeps it from v2 bots.
    case 'contact':
      return { id, type, mid: String(body.mid ?? ''), displayName: String(body.displayName ?? '') };
    default:
      return null;
  }
}

/** A stored sticker's resource type if it is one of the published values, else `STATIC`. */
export function stickerResourceTypeOf(value: unknown): StickerResourceType {
  return (STICKER_RESOURCE_TYPES as readonly unknown[]).includes(value) ? (value as StickerResourceType) : 'STATIC';
}

/** A message event draft. */
export function messageEvent(source: EventSource, message: Record<string, unknown>): DraftEvent {
  return { type: 'message', source, fields: { message } };
}

/**
 * A postback event draft. `params` only for datetime pickers: `{date}`, `{time}` or `{datetime}`.
 */
export function postbackEvent(source: EventSource, data: string, params?: Record<string, string>): DraftEvent {
  return { type: 'postback', source, fields: { postback: params && Object.keys(params).length ? { data, params } : { data } } };
}

/** A beacon event draft: `beacon: {hwid, type, dm?}`. */
export function beaconEvent(source: EventSource, beacon: { hwid: string; type: string; dm?: string }): DraftEvent {
  return { type: 'beacon', source, fields: { beacon: compact({ hwid: beacon.hwid, type: beacon.type, dm: beacon.dm || undefined }) } };
}

/** An account link event draft: `link: {result, nonce}`. Repliable only when `result` is `ok`. */
export function accountLinkEvent(source: EventSource, result: 'ok' | 'failed', nonce: string): DraftEvent {
  return { type: 'accountLink', source, fields: { link: { result, nonce } } };
}

/**
 * A follow event draft: `follow: {isUnblocked}`, true when the user had blocked the bot and
 * unblocks it, false when the user adds it (published `webhook.yml` FollowDetail).
 */
export function followEvent(source: EventSource, isUnblocked: boolean): DraftEvent {
  return { type: 'follow', source, fields: { follow: { isUnblocked } } };
}

/** An unsend event draft: `unsend: {messageId}`, the id of the message the person unsent (published `webhook.yml`). */
export function unsendEvent(source: EventSource, messageId: string): DraftEvent {
  return { type: 'unsend', source, fields: { unsend: { messageId } } };
}

/**
 * A memberJoined (`joined: {members}`) or memberLeft (`left: {members}`) event draft: people joined
 * or left a group or room the bot is in; each member is a user source `{type: "user", userId}`
 * (published `webhook.yml` JoinedMembers, LeftMembers).
 */
export function memberEvent(source: EventSource, kind: 'joined' | 'left', userIds: string[]): DraftEvent {
  const members = userIds.map((userId) => ({ type: 'user', userId }));
  return kind === 'joined'
    ? { type: 'memberJoined', source, fields: { joined: { members } } }
    : { type: 'memberLeft', source, fields: { left: { members } } };
}

/**
 * Whether the event carries a reply token (spec table "Repliable"): message, follow, join,
 * postback, beacon and accountLink; an accountLink event whose link failed has none. Of the
 * published events beyond the spec's table, memberJoined has one (its schema requires it), unsend
 * and memberLeft none.
 */
export function isRepliable(draft: DraftEvent): boolean {
  switch (draft.type) {
    case 'message':
    case 'follow':
    case 'join':
    case 'postback':
    case 'beacon':
    case 'memberJoined':
      return true;
    case 'accountLink':
      return (draft.fields?.link as { result?: string } | undefined)?.result === 'ok';
    default:
      return false;
  }
}

/** Name and value of the property the "unknown property" option adds to every event and its source. */
export const UNKNOWN_PROPERTY = { name: 'embedkitUnknownProperty', value: 'a property this receiver does not know: ignore it' } as const;

/**
 * The event object as sent (published `webhook.yml` Event): `type`, the type's fields, `timestamp`,
 * `source`, `replyToken` when given, `mode: "active"`, `webhookEventId` and `deliveryContext:
 * {isRedelivery: false}` (the dispatcher marks later attempts). With `unknownProperty`, the event
 * and its source carry {@link UNKNOWN_PROPERTY} (spec: receivers must tolerate unknown properties).
 * @param webhookEventId the event's id: a ULID made once when the event is emitted, stored with
 *   the delivery's body, so every attempt and Redeliver sends the same
 */
export function finishEvent(
  draft: DraftEvent,
  timestamp: number,
  replyToken: string | undefined,
  unknownProperty: boolean,
  webhookEventId: string = ulid(timestamp),
): Record<string, unknown> {
  const source: Record<string, unknown> = { ...draft.source };
  const event: Record<string, unknown> = { type: draft.type, ...draft.fields, timestamp, source };
  if (replyToken) event.replyToken = replyToken;
  event.mode = 'active';
  event.webhookEventId = webhookEventId;
  event.deliveryContext = { isRedelivery: false };
  if (unknownProperty) {
    event[UNKNOWN_PROPERTY.name] = UNKNOWN_PROPERTY.value;
    source[UNKNOWN_PROPERTY.name] = UNKNOWN_PROPERTY.value;
  }
  return event;
}

/**
 * The webhook body (published `webhook.yml` CallbackRequest): `{destination, events}`, where
 * `destination` is the user ID of the bot that receives the events.
 */
export function callbackBody(destination: string, events: Record<string, unknown>[]): string {
  return JSON.stringify({ destination, events });
}

/** The object without its undefined and null values (spec: a property without a value is left out). */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}
