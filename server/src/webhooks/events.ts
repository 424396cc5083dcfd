/**
 * Webhook event objects (spec "Events", webhook of the bot messaging interface), built from what
 * happens in the host. Pure functions: no clock, no store. A property without a value is left out.
 */

/** `source` of an event (spec table "source type"). */
export type EventSource =
  | { type: 'user'; userId: string }
  | { type: 'group'; groupId: string; userId?: string }
  | { type: 'room'; roomId: string; userId?: string };

/** Event types of the spec. */
export type EventType = 'message' | 'follow' | 'unfollow' | 'join' | 'leave' | 'postback' | 'beacon' | 'accountLink';

/**
 * An event before it is sent: everything but `timestamp` and `replyToken`, which the emitter adds
 * (`replyToken` only for repliable events, see {@link isRepliable}).
 */
export interface DraftEvent {
  type: EventType;
  source: EventSource;
  /** The type's own fields: `message`, `postback`, `beacon`, `link`. */
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
 * does not carry (templates, flex and imagemaps sent with sendMessages).
 * - text → `{id, type, text}`; sticker → `{id, type, packageId, stickerId}`; location → `{id, type,
 *   title, address, latitude, longitude}` (title and address left out when empty);
 * - image, video, audio → `{id, type}` (binary from the content endpoint); an image, video or audio
 *   shared by an app with sendMessages (a URL, no binary here) adds `contentProvider: {type:
 *   "external", originalContentUrl, previewImageUrl}`, as the platform did for such messages;
 * - file → `{id, type, fileName, fileSize}`.
 * @param id the stored message id
 * @param body the stored message object
 */
export function messageOfEvent(id: string, body: Record<string, unknown>): Record<string, unknown> | null {
  const type = body.type;
  switch (type) {
    case 'text':
      return { id, type, text: String(body.text ?? '') };
    case 'sticker':
      return { id, type, packageId: String(body.packageId), stickerId: String(body.stickerId) };
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
      if (body.contentId !== undefined || typeof body.originalContentUrl !== 'string') return { id, type };
      const provider = compact({ type: 'external', originalContentUrl: body.originalContentUrl, previewImageUrl: body.previewImageUrl });
      return { id, type, contentProvider: provider };
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
 * Whether the event carries a reply token (spec table "Repliable"): message, follow, join,
 * postback, beacon and accountLink; an accountLink event whose link failed has none.
 */
export function isRepliable(draft: DraftEvent): boolean {
  switch (draft.type) {
    case 'message':
    case 'follow':
    case 'join':
    case 'postback':
    case 'beacon':
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
 * The event object as sent: `type`, the type's fields, `timestamp`, `source`, and `replyToken`
 * when given. With `unknownProperty`, the event and its source carry {@link UNKNOWN_PROPERTY}
 * (spec: receivers must tolerate unknown properties).
 */
export function finishEvent(
  draft: DraftEvent,
  timestamp: number,
  replyToken: string | undefined,
  unknownProperty: boolean,
): Record<string, unknown> {
  const source: Record<string, unknown> = { ...draft.source };
  const event: Record<string, unknown> = { type: draft.type, ...draft.fields, timestamp, source };
  if (replyToken) event.replyToken = replyToken;
  if (unknownProperty) {
    event[UNKNOWN_PROPERTY.name] = UNKNOWN_PROPERTY.value;
    source[UNKNOWN_PROPERTY.name] = UNKNOWN_PROPERTY.value;
  }
  return event;
}

/** The object without its undefined and null values (spec: a property without a value is left out). */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}
