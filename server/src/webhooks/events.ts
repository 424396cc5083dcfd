/**
 * Webhook event objects (spec "Events", webhook of the bot messaging interface), built from what
 * happens in the host, in the shape of the platform's published `CallbackRequest` (`webhook.yml` of
 * `line/line-openapi`; choices in docs/platform/webhooks.md). Pure functions but for the event id: no clock,
 * no store. A property without a value is left out.
 */
import { ulid } from 'ulid';
import { compact, type DraftEvent, type EventSource } from '#contract/event-types.js';

// The registry's types and rules, for the modules that read events from here.
export { isRepliable, type DraftEvent, type EventSource, type EventType } from '#contract/event-types.js';

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

/** `mode` of an event (published `webhook.yml` EventMode): whether the receiving channel is the chat's active channel. */
export type EventMode = 'active' | 'standby';

/** Name and value of the property the "unknown property" option adds to every event and its source. */
export const UNKNOWN_PROPERTY = { name: 'embedkitUnknownProperty', value: 'a property this receiver does not know: ignore it' } as const;

/**
 * The event object as sent (published `webhook.yml` Event): `type`, the type's fields, `timestamp`,
 * `source` (none for an event of no chat), `replyToken` when given, `mode` (`active`; `standby` for a
 * bot whose chat a module channel holds: docs/platform/module-channels.md), `webhookEventId` and `deliveryContext:
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
  mode: EventMode = 'active',
): Record<string, unknown> {
  const source: Record<string, unknown> = { ...draft.source };
  const event: Record<string, unknown> = { type: draft.type, ...draft.fields, timestamp };
  // An event of no chat (a module channel's) has no source (`webhook.yml`: source is optional).
  if (draft.source) event.source = source;
  if (replyToken) event.replyToken = replyToken;
  event.mode = mode;
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
