/**
 * The compile-time half of the webhook contract: one exemplar per event and message kind embedkit
 * sends, typed with the official Node SDK's own webhook types (`@line/bot-sdk` 10 and 11). `tsc`
 * refuses an exemplar that lacks a field the SDK declares required, so each exemplar names every
 * required field; the contract test then checks that every body embedkit sends has every field
 * (at every depth) its kind's exemplar has. A field the SDK starts to require fails `tsc` here
 * first; a field embedkit stops sending fails the test.
 */
import type { webhook as sdk10 } from '@line/bot-sdk';
import type { webhook as sdk11 } from '@line/bot-sdk-11';

/** A value both SDK versions accept as `T10` and `T11`. */
type Both<T10, T11> = T10 & T11;

const common = {
  timestamp: 1,
  mode: 'active',
  webhookEventId: '01J0000000000000000000000',
  deliveryContext: { isRedelivery: false },
} as const;
const user = { type: 'user', userId: 'U0' } as const;
const group = { type: 'group', groupId: 'C0' } as const;

type MessageEvent = Both<sdk10.MessageEvent, sdk11.MessageEvent>;
const message = (m: MessageEvent['message']): MessageEvent => ({ ...common, type: 'message', source: user, replyToken: 'r', message: m });

/** An exemplar of each message event, by message type. */
export const MESSAGE_EXEMPLARS: Record<string, MessageEvent> = {
  text: message({ id: '1', type: 'text', text: 'hi', quoteToken: 'q' } satisfies Both<sdk10.TextMessageContent, sdk11.TextMessageContent>),
  image: message({ id: '1', type: 'image', contentProvider: { type: 'line' }, quoteToken: 'q' } satisfies Both<
    sdk10.ImageMessageContent,
    sdk11.ImageMessageContent
  >),
  video: message({ id: '1', type: 'video', contentProvider: { type: 'line' }, quoteToken: 'q' } satisfies Both<
    sdk10.VideoMessageContent,
    sdk11.VideoMessageContent
  >),
  audio: message({ id: '1', type: 'audio', contentProvider: { type: 'line' } } satisfies Both<
    sdk10.AudioMessageContent,
    sdk11.AudioMessageContent
  >),
  file: message({ id: '1', type: 'file', fileName: 'a.txt', fileSize: 1 } satisfies Both<
    sdk10.FileMessageContent,
    sdk11.FileMessageContent
  >),
  location: message({ id: '1', type: 'location', latitude: 1, longitude: 1 } satisfies Both<
    sdk10.LocationMessageContent,
    sdk11.LocationMessageContent
  >),
  sticker: message({
    id: '1',
    type: 'sticker',
    packageId: '1',
    stickerId: '1',
    stickerResourceType: 'STATIC',
    quoteToken: 'q',
  } satisfies Both<sdk10.StickerMessageContent, sdk11.StickerMessageContent>),
};

/** An exemplar of each other event, by event type. */
export const EVENT_EXEMPLARS: Record<string, Both<sdk10.Event, sdk11.Event>> = {
  unsend: { ...common, type: 'unsend', source: user, unsend: { messageId: '1' } } satisfies Both<sdk10.UnsendEvent, sdk11.UnsendEvent>,
  follow: { ...common, type: 'follow', source: user, replyToken: 'r', follow: { isUnblocked: false } } satisfies Both<
    sdk10.FollowEvent,
    sdk11.FollowEvent
  >,
  unfollow: { ...common, type: 'unfollow', source: user } satisfies Both<sdk10.UnfollowEvent, sdk11.UnfollowEvent>,
  join: { ...common, type: 'join', source: group, replyToken: 'r' } satisfies Both<sdk10.JoinEvent, sdk11.JoinEvent>,
  leave: { ...common, type: 'leave', source: group } satisfies Both<sdk10.LeaveEvent, sdk11.LeaveEvent>,
  memberJoined: { ...common, type: 'memberJoined', source: group, replyToken: 'r', joined: { members: [user] } } satisfies Both<
    sdk10.MemberJoinedEvent,
    sdk11.MemberJoinedEvent
  >,
  memberLeft: { ...common, type: 'memberLeft', source: group, left: { members: [user] } } satisfies Both<
    sdk10.MemberLeftEvent,
    sdk11.MemberLeftEvent
  >,
  postback: { ...common, type: 'postback', source: user, postback: { data: 'd' } } satisfies Both<sdk10.PostbackEvent, sdk11.PostbackEvent>,
  beacon: { ...common, type: 'beacon', source: user, replyToken: 'r', beacon: { hwid: 'h', type: 'enter' } } satisfies Both<
    sdk10.BeaconEvent,
    sdk11.BeaconEvent
  >,
  accountLink: { ...common, type: 'accountLink', source: user, link: { result: 'ok', nonce: 'n' } } satisfies Both<
    sdk10.AccountLinkEvent,
    sdk11.AccountLinkEvent
  >,
  delivery: { ...common, type: 'delivery', source: user, delivery: { data: 'd' } } satisfies Both<
    sdk10.PnpDeliveryCompletionEvent,
    sdk11.PnpDeliveryCompletionEvent
  >,
  membership: {
    ...common,
    type: 'membership',
    source: user,
    replyToken: 'r',
    membership: { type: 'joined', membershipId: 1 },
  } satisfies Both<sdk10.MembershipEvent, sdk11.MembershipEvent>,
  videoPlayComplete: {
    ...common,
    type: 'videoPlayComplete',
    source: user,
    replyToken: 'r',
    videoPlayComplete: { trackingId: 't' },
  } satisfies Both<sdk10.VideoPlayCompleteEvent, sdk11.VideoPlayCompleteEvent>,
  module: { ...common, type: 'module', module: { type: 'attached', botId: 'U0', scopes: ['message:send'] } } satisfies Both<
    sdk10.ModuleEvent,
    sdk11.ModuleEvent
  >,
  activated: { ...common, type: 'activated', source: user, chatControl: { expireAt: 1 } } satisfies Both<
    sdk10.ActivatedEvent,
    sdk11.ActivatedEvent
  >,
  deactivated: { ...common, type: 'deactivated', source: user } satisfies Both<sdk10.DeactivatedEvent, sdk11.DeactivatedEvent>,
  botSuspended: { ...common, type: 'botSuspended' } satisfies Both<sdk10.BotSuspendedEvent, sdk11.BotSuspendedEvent>,
  botResumed: { ...common, type: 'botResumed' } satisfies Both<sdk10.BotResumedEvent, sdk11.BotResumedEvent>,
};

/** A module event of the other kind: `detached` with its reason. */
const MODULE_DETACHED = {
  ...common,
  type: 'module',
  module: { type: 'detached', botId: 'U0', reason: 'bot_deleted' },
} satisfies Both<sdk10.ModuleEvent, sdk11.ModuleEvent>;

/** The body's own exemplar: what `CallbackRequest` requires around the events. */
export const BODY_EXEMPLAR: Both<sdk10.CallbackRequest, sdk11.CallbackRequest> = { destination: 'U0', events: [] };

/**
 * A received body typed as the SDKs' `CallbackRequest`, once it has every field of the exemplars
 * (what a typed bot's handler receives): a compile-time use of the SDK types, checked at run time.
 */
export type ReceivedCallback = Both<sdk10.CallbackRequest, sdk11.CallbackRequest>;

/**
 * The paths of `exemplar` (every key at every depth, array items by their first item) that
 * `value` lacks. `source`'s fields are left to the JSON Schemas (their shape differs by kind).
 */
export function missingPaths(exemplar: unknown, value: unknown, at = ''): string[] {
  if (Array.isArray(exemplar)) {
    if (!Array.isArray(value)) return [at || '(root)'];
    return exemplar.length && value.length ? value.flatMap((v, i) => missingPaths(exemplar[0], v, `${at}[${i}]`)) : [];
  }
  if (typeof exemplar !== 'object' || exemplar === null) return [];
  if (typeof value !== 'object' || value === null) return [at || '(root)'];
  return Object.entries(exemplar).flatMap(([k, v]) => {
    const path = at ? `${at}.${k}` : k;
    if (!(k in value)) return [path];
    return k === 'source' ? [] : missingPaths(v, (value as Record<string, unknown>)[k], path);
  });
}

/** The exemplar of an event's kind (a message event by its message type), or undefined. */
export function exemplarOf(event: { type?: unknown; message?: { type?: unknown }; module?: { type?: unknown } }): unknown {
  if (event.type === 'message') return MESSAGE_EXEMPLARS[String(event.message?.type)];
  if (event.type === 'module' && event.module?.type === 'detached') return MODULE_DETACHED;
  return EVENT_EXEMPLARS[String(event.type)];
}
