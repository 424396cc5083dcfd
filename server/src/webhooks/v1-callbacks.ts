/**
 * Callbacks of the enterprise and trial bot interfaces (spec "Events", "Enterprise and trial bot
 * interfaces (calls from the platform)"): what a person does in the host, first described as the
 * v2 event drafts every bot rule makes, turned here into the v1 envelope `{result: [events]}`.
 * Pure functions: no clock, no store.
 */
import type { DraftEvent, DraftOf, EventSource, EventType } from '#contract/event-types.js';

/** `from` of every callback event: the platform's sender MID, as its v1 SDKs' fixtures show it. */
export const CALLBACK_FROM = 'u206d25c2ea6bd87c17655609a1c37cb8';
/** `fromChannel` of every callback event (the platform's fixtures). */
export const CALLBACK_FROM_CHANNEL = 1341301815;
/** `eventType` of a received message. */
export const EVENT_TYPE_MESSAGE = '138311609000106303';
/** `eventType` of a received operation. */
export const EVENT_TYPE_OPERATION = '138311609100106403';

/** opType values of the spec's operation table. */
export const OP_ADDED_AS_FRIEND = 4;
export const OP_INVITED_TO_GROUP = 5;
export const OP_ADDED_TO_ROOM = 7;
export const OP_BLOCKED = 8;

/** contentType values of a received message (spec "Received message content"). */
export const RECEIVED_CONTENT_TYPES = { text: 1, image: 2, video: 3, audio: 4, location: 7, sticker: 8, contact: 10 } as const;

/** Largest text a v1 bot receives (spec "Limits": text length received). */
export const MAX_RECEIVED_TEXT = 10_000;

/** The v1 channel the callbacks go to. */
export interface V1CallbackChannel {
  channelId: string;
  /** Channel MID: `to` of every event. */
  mid: string;
  botInterface: 'enterprise' | 'trial';
  /** Whether block (8) and unblock (4) operations are sent (spec: off by default). */
  blockOperations: boolean;
}

/** What the v2 draft does not say but the v1 form needs. */
export interface V1CallbackContext {
  /** ms since 1970: `createdTime` of messages. */
  now: number;
  /** Makes a unique event id (a string). */
  nextId: () => string;
  /** `revision` of an operation (grows with every operation). */
  revision: number;
  /** A `follow` draft that ends a block (an unblock), not a first add. */
  unblock?: boolean;
}

/** What one v2 draft becomes on the v1 interfaces: a received message, or an operation on a MID. */
export type V1Callback = { message: Record<string, unknown> } | { operation: number; mid: string };

/** The v1 form of drafts of type `K`: the callback, or null when this draft sends none (a setting, a chat type). */
export type V1Form<K extends EventType> = (
  draft: DraftOf<K> & { source: EventSource },
  channel: V1CallbackChannel,
  ctx: V1CallbackContext,
) => V1Callback | null;

/**
 * The v1 form of every event type, or null for a type the v1 interfaces have no form for. Typed
 * over the registry's union (`T` only widens it in tests), so a type added to the registry does not
 * compile until it has its decision here.
 */
export type V1Forms<T extends string = EventType> = { [K in T]: K extends EventType ? V1Form<K> | null : unknown };

/**
 * The spec's operation table: a follow is operation 4 (an unblock only when the channel enabled
 * blocks), an unfollow 8 (only then), a join 5 in a group and 7 in a room. Postbacks, beacons,
 * account links, leaves, unsends, members joining or leaving and deliveries have no v1 form.
 */
export const V1_FORMS: V1Forms = {
  message: (d, channel, ctx) => {
    const content = receivedContent(d, channel, ctx);
    return content ? { message: content } : null;
  },
  follow: ({ source: s }, channel, ctx) =>
    s.type === 'user' && (!ctx.unblock || channel.blockOperations) ? { operation: OP_ADDED_AS_FRIEND, mid: s.userId } : null,
  unfollow: ({ source: s }, channel) => (s.type === 'user' && channel.blockOperations ? { operation: OP_BLOCKED, mid: s.userId } : null),
  join: ({ source: s }) =>
    s.type === 'group'
      ? { operation: OP_INVITED_TO_GROUP, mid: s.groupId }
      : s.type === 'room'
        ? { operation: OP_ADDED_TO_ROOM, mid: s.roomId }
        : null,
  leave: null,
  postback: null,
  beacon: null,
  accountLink: null,
  unsend: null,
  memberJoined: null,
  memberLeft: null,
  // Notification messages by phone number are a bot messaging interface's call only.
  delivery: null,
  // Membership plans belong to the bot messaging interface only.
  membership: null,
  videoPlayComplete: null,
  // Module channels are a bot messaging interface's only.
  module: null,
  activated: null,
  deactivated: null,
  botSuspended: null,
  botResumed: null,
};

/**
 * The v1 events for the drafts, in order, and the names the deliveries list shows: each draft in
 * its type's form ({@link V1_FORMS}); drafts without one are dropped, as are events of groups and
 * rooms on the trial interface (it knows only users).
 */
export function v1Events(
  drafts: readonly DraftEvent[],
  channel: V1CallbackChannel,
  ctx: V1CallbackContext,
): { events: Record<string, unknown>[]; kinds: string[] } {
  const events: Record<string, unknown>[] = [];
  const kinds: string[] = [];
  const envelope = (eventType: string, content: Record<string, unknown>) => ({
    from: CALLBACK_FROM,
    fromChannel: CALLBACK_FROM_CHANNEL,
    to: [channel.mid],
    toChannel: Number(channel.channelId),
    eventType,
    id: ctx.nextId(),
    content,
  });
  for (const d of drafts) {
    // An event of no chat (a module channel's) has no v1 form.
    if (d.source === null || (channel.botInterface === 'trial' && d.source.type !== 'user')) continue;
    // The form of the draft's own type: TypeScript cannot pair the key with the union's member.
    const form = V1_FORMS[d.type] as V1Form<typeof d.type> | null;
    const callback = form?.(d as never, channel, ctx) ?? null;
    if (!callback) continue;
    if ('message' in callback) {
      events.push(envelope(EVENT_TYPE_MESSAGE, callback.message));
      kinds.push('message');
    } else {
      events.push(
        envelope(EVENT_TYPE_OPERATION, { params: [callback.mid, null, null], revision: ctx.revision, opType: callback.operation }),
      );
      kinds.push(`operation ${callback.operation}`);
    }
  }
  return { events, kinds };
}

/**
 * The content of a received message (spec "Received message content") for a v2 message draft, or
 * null for a kind the v1 interfaces do not receive (files). `from` is null for group and room
 * messages (enterprise interface, as the spec says); text is cut to 10,000 characters.
 */
export function receivedContent(
  d: DraftOf<'message'> & { source: EventSource },
  channel: V1CallbackChannel,
  ctx: V1CallbackContext,
): Record<string, unknown> | null {
  const m = d.fields.message;
  const type = String(m.type ?? '');
  if (!(type in RECEIVED_CONTENT_TYPES)) return null;
  const s = d.source;
  const toType = s.type === 'user' ? 1 : s.type === 'room' ? 2 : 3;
  const content: Record<string, unknown> = {
    id: String(m.id),
    contentType: RECEIVED_CONTENT_TYPES[type as keyof typeof RECEIVED_CONTENT_TYPES],
    from: s.type === 'user' ? s.userId : null,
    createdTime: ctx.now,
    to: [s.type === 'user' ? channel.mid : s.type === 'room' ? s.roomId : s.groupId],
    toType,
    contentMetadata: null,
    text: null,
    location: null,
  };
  switch (type) {
    case 'text':
      content.text = String(m.text ?? '').slice(0, MAX_RECEIVED_TEXT);
      break;
    case 'location': {
      const title = String(m.title ?? m.address ?? 'Location');
      content.text = title;
      content.location = { title, address: String(m.address ?? ''), latitude: Number(m.latitude), longitude: Number(m.longitude) };
      break;
    }
    case 'sticker':
      content.contentMetadata = { STKPKGID: String(m.packageId), STKID: String(m.stickerId), STKVER: '1', STKTXT: '[Sticker]' };
      break;
    case 'contact':
      content.contentMetadata = { mid: String(m.mid), displayName: String(m.displayName ?? '') };
      break;
    default:
      break;
  }
  return content;
}
