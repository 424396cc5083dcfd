/**
 * The registry of webhook event types (spec "Events", webhook of the bot messaging interface, and
 * the published events a person causes in the host): one entry per type, {@link EVENT_TYPES}, and
 * the {@link EventType} union derived from its keys. Each entry says what the host's person does to
 * cause it (the simulator routes), how its own fields are built, whether it carries a reply token,
 * and its label. The sides that must know every type keep a complete table keyed by the union, so
 * a type added here does not compile until each has its entry: the v1 form
 * (`server/src/webhooks/v1-callbacks.ts`), the trigger's fields and draft (`server/src/webhooks/triggers.ts`: `embedkit trigger`, the simulator API's `triggerEvent`) and the host's
 * control (`host/src/bot-tools/event-types.ts`). docs/platform/webhooks.md lists what to add for a new type.
 *
 * A leaf the host's browser bundle imports too: types and pure functions only, no Node import.
 */
import type { SimulatorRoute } from './simulator-api.js';

/** `source` of an event (spec table "source type"). */
export type EventSource =
  | { type: 'user'; userId: string }
  | { type: 'group'; groupId: string; userId?: string }
  | { type: 'room'; roomId: string; userId?: string };

/** A member of `joined.members` / `left.members` (published `webhook.yml` JoinedMembers, LeftMembers). */
export interface MemberSource {
  type: 'user';
  userId: string;
}

/** `beacon` of a beacon event: `type` is `enter`, `leave` (deprecated) or `banner`; `dm` only when the device sent one. */
export interface BeaconFields {
  hwid: string;
  type: string;
  dm?: string;
}

/** `membership.type` of a membership event (published `webhook.yml` MembershipContent). */
export type MembershipEventKind = 'joined' | 'left' | 'renewed';

/**
 * One entry of {@link EVENT_TYPES}. `F` is the type's own fields as they appear in the event object
 * (`{postback: {...}}`), `A` the arguments its builder takes.
 */
export interface EventTypeEntry<F extends object = object, A extends unknown[] = never[]> {
  /** The type's name as people read it (the host's tools, the docs). */
  label: string;
  /** The simulator routes whose call makes an event of this type (other causes are named in `note`). */
  causedBy: readonly SimulatorRoute[];
  /** What else causes it, beyond the simulator routes. */
  note?: string;
  /** Builds the type's own fields (pure). */
  fields: (...args: A) => F;
  /**
   * Whether the event carries a reply token (spec table "Repliable"; of the published events
   * beyond the spec's, `webhook.yml` decides): a constant, or a rule on the fields.
   */
  repliable: boolean | ((fields: F) => boolean);
}

/** An entry with its fields' and its builder's types kept (so {@link DraftOf} knows them). */
const entry = <F extends object, A extends unknown[] = []>(e: EventTypeEntry<F, A>): EventTypeEntry<F, A> => e;

/** The object without its undefined and null values (spec: a property without a value is left out). */
export function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}

const members = (userIds: readonly string[]): MemberSource[] => userIds.map((userId) => ({ type: 'user', userId }));

/**
 * Every webhook event type embedkit sends, in the order the docs and `embedkit trigger` list them.
 * A new type is one entry here plus its entries in the tables the compiler then asks for.
 */
export const EVENT_TYPES = {
  /** A person sends a message (the `message` object: `server/src/webhooks/events.ts`, `messageOfEvent`). */
  message: entry({
    label: 'Message',
    causedBy: ['sendMessage', 'sendMedia', 'shareContact'],
    note: 'also an app’s sendMessages (spec part D) and a `message` action of a bot’s message',
    fields: (message: Record<string, unknown>) => ({ message }),
    repliable: true,
  }),
  /** `follow: {isUnblocked}`: true when the person had blocked the bot and unblocks it (published `webhook.yml` FollowDetail). */
  follow: entry({
    label: 'Follow',
    causedBy: ['setFriendship'],
    note: 'also the login’s add-friend option and the LIFF plugin’s requestFriendship',
    fields: (isUnblocked: boolean) => ({ follow: { isUnblocked } }),
    repliable: true,
  }),
  unfollow: entry({ label: 'Unfollow', causedBy: ['setFriendship'], fields: () => ({}), repliable: false }),
  /** In a group at once; in a room with the room's next event (spec "Events", join). */
  join: entry({
    label: 'Join',
    causedBy: ['inviteBot'],
    note: 'in a room, sent before the room’s next event',
    fields: () => ({}),
    repliable: true,
  }),
  leave: entry({
    label: 'Leave',
    causedBy: ['removeBot'],
    note: 'also a bot that leaves by itself (`POST /v2/bot/group/<id>/leave`, a v1 leave)',
    fields: () => ({}),
    repliable: false,
  }),
  /** `postback: {data, params?}`; `params` only for datetime pickers and rich menu switches. */
  postback: entry({
    label: 'Postback',
    causedBy: ['postback'],
    fields: (data: string, params?: Record<string, string>) => ({
      postback: params && Object.keys(params).length ? { data, params } : { data },
    }),
    repliable: true,
  }),
  beacon: entry({
    label: 'Beacon',
    causedBy: ['beacon'],
    fields: (beacon: BeaconFields) => ({ beacon: compact({ hwid: beacon.hwid, type: beacon.type, dm: beacon.dm || undefined }) }),
    repliable: true,
  }),
  /** `link: {result, nonce}`; a reply token only when the link succeeded (spec "Events", accountLink). */
  accountLink: entry({
    label: 'Account link',
    causedBy: ['accountLink'],
    note: 'also the account link page a bot sends the person to',
    fields: (result: 'ok' | 'failed', nonce: string) => ({ link: { result, nonce } }),
    repliable: (f) => f.link.result === 'ok',
  }),
  /** `unsend: {messageId}`: the person's unsent message (published `webhook.yml` UnsendEvent). */
  unsend: entry({
    label: 'Unsend',
    causedBy: ['unsend'],
    fields: (messageId: string) => ({ unsend: { messageId } }),
    repliable: false,
  }),
  /** `joined: {members}`; repliable because `webhook.yml` requires the token. */
  memberJoined: entry({
    label: 'Member joined',
    causedBy: ['joinChat'],
    fields: (userIds: readonly string[]) => ({ joined: { members: members(userIds) } }),
    repliable: true,
  }),
  memberLeft: entry({
    label: 'Member left',
    causedBy: ['leaveChat'],
    fields: (userIds: readonly string[]) => ({ left: { members: members(userIds) } }),
    repliable: false,
  }),
  /**
   * `delivery: {data}`: a notification message reached the person (published `webhook.yml`
   * PnpDeliveryCompletionEvent); `data` is the SHA-256 of the person's E.164 phone number in hex,
   * or the sender's `<prefix>Delivery-Tag`. No reply token (`webhook.yml` has none).
   */
  delivery: entry({
    label: 'Delivery (notification message)',
    causedBy: [],
    note: 'a bot’s notification message (`POST /bot/pnp/push`) reaching the person it names',
    fields: (data: string) => ({ delivery: { data } }),
    repliable: false,
  }),
  /**
   * `membership: {type, membershipId}`: the person joined, left or renewed one of the bot's
   * membership plans (published `webhook.yml` MembershipEvent, which requires the reply token).
   */
  membership: entry({
    label: 'Membership',
    causedBy: ['joinMembership', 'leaveMembership', 'advanceClock'],
    note: 'renewed: the simulated clock passing a subscription’s next billing date',
    fields: (type: MembershipEventKind, membershipId: number) => ({ membership: { type, membershipId } }),
    repliable: true,
  }),
  /**
   * `videoPlayComplete: {trackingId}`: a person watched a bot's video message with that
   * `trackingId` to its end, once per person and message (published `webhook.yml`
   * VideoPlayCompleteEvent, which requires the reply token).
   */
  videoPlayComplete: entry({
    label: 'Video play complete',
    causedBy: ['videoPlayComplete'],
    note: 'the host’s video player reaching the end of a bot’s video message that has a `trackingId`',
    fields: (trackingId: string) => ({ videoPlayComplete: { trackingId } }),
    repliable: true,
  }),
  /**
   * Module channels (published `webhook.yml` ModuleEvent, docs/platform/module-channels.md), sent to the
   * module channel's webhook: `module: {type: "attached", botId, scopes}` when a bot's admin
   * attached it, `{type: "detached", botId, reason: "bot_deleted"}` when the bot's side detached it.
   */
  module: entry({
    label: 'Module attached or detached',
    causedBy: ['authorizeModule', 'detachModuleFromBot'],
    note: 'attached when the module channel exchanges the authorization code (`POST /module/auth/v1/token`)',
    fields: (
      module: { type: 'attached'; botId: string; scopes: string[] } | { type: 'detached'; botId: string; reason: 'bot_deleted' },
    ) => ({
      module,
    }),
    repliable: false,
  }),
  /** `chatControl: {expireAt}` (ms; published `webhook.yml` ActivatedEvent): the module channel got the chat's control. */
  activated: entry({
    label: 'Chat control activated (module)',
    causedBy: ['setChatControl'],
    note: 'also a module channel’s `POST /v2/bot/chat/<chatId>/control/acquire`',
    fields: (expireAt: number) => ({ chatControl: { expireAt } }),
    repliable: false,
  }),
  /** The module channel lost the chat's control (another took it, it was released, or its TTL ran out). */
  deactivated: entry({
    label: 'Chat control deactivated (module)',
    causedBy: ['setChatControl'],
    note: 'also a release (`POST /v2/bot/chat/<chatId>/control/release`), another acquire, or the end of the TTL',
    fields: () => ({}),
    repliable: false,
  }),
  /** The bot the module channel is attached to was suspended (published `webhook.yml` BotSuspendedEvent). */
  botSuspended: entry({ label: 'Bot suspended (module)', causedBy: ['setBotSuspended'], fields: () => ({}), repliable: false }),
  /** The bot the module channel is attached to was resumed (published `webhook.yml` BotResumedEvent). */
  botResumed: entry({ label: 'Bot resumed (module)', causedBy: ['setBotSuspended'], fields: () => ({}), repliable: false }),
};

type Registry = typeof EVENT_TYPES;
/** A webhook event type: a key of {@link EVENT_TYPES}. */
export type EventType = keyof Registry;
/** The own fields of an event of type `K`, e.g. `{postback: {data, params?}}`. */
export type EventFieldsOf<K extends EventType> = ReturnType<Registry[K]['fields']>;
/** The arguments of the builder of type `K`. */
export type EventArgsOf<K extends EventType> = Parameters<Registry[K]['fields']>;

/** Every event type, in the registry's order. */
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as readonly EventType[];

/** Whether `name` is an event type of the registry. */
export function isEventType(name: string): name is EventType {
  return Object.hasOwn(EVENT_TYPES, name);
}

/**
 * An event of type `K` before it is sent: everything but `timestamp`, `replyToken` and the
 * delivery fields, which the emitter adds (`replyToken` only when {@link isRepliable}).
 */
export interface DraftOf<K extends EventType> {
  type: K;
  /** Null for an event of no chat (a module channel's `module`, `botSuspended`, `botResumed`): sent without `source`. */
  source: EventSource | null;
  /** The type's own fields, as they appear in the event object. */
  fields: EventFieldsOf<K>;
}

/** An event draft of any type (narrowed by `type`). */
export type DraftEvent = { [K in EventType]: DraftOf<K> }[EventType];

/** A draft of type `K` from its source and the arguments of its builder, e.g. `draftOf('postback', source, data, params)`. */
export function draftOf<K extends EventType>(type: K, source: EventSource | null, ...args: EventArgsOf<K>): DraftOf<K> {
  // The entry of `type` takes exactly `args`: TypeScript cannot follow the key into the union of builders.
  const build = EVENT_TYPES[type].fields as (...a: EventArgsOf<K>) => EventFieldsOf<K>;
  return { type, source, fields: build(...args) };
}

/** Whether the event carries a reply token (the entry's `repliable`; accountLink only when its link is `ok`). */
export function isRepliable(draft: DraftEvent): boolean {
  const rule = EVENT_TYPES[draft.type].repliable as boolean | ((fields: DraftEvent['fields']) => boolean);
  return typeof rule === 'function' ? rule(draft.fields) : rule;
}
