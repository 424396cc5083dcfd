/**
 * Webhook events made on demand from named fields, without a person doing anything in the host:
 * what `embedkit trigger`, the simulator API's `triggerEvent` and the MCP tool `trigger_event` send.
 * One entry per type of the registry (`./event-types.ts`), so a new type does not compile until it
 * can be triggered. Pure: the callers sign, send and store.
 */
import {
  draftOf,
  EVENT_TYPE_NAMES,
  isEventType,
  type DraftEvent,
  type DraftOf,
  type EventType,
  type MembershipEventKind,
} from '#contract/event-types.js';
import { sourceOf, type EventSource } from './events.js';
import { phoneNumberHash } from '../world/phone-numbers.js';

/** A field value or a place a trigger refuses; the message says what it takes. */
export class TriggerError extends Error {
  override name = 'TriggerError';
}

/** A delivery event's default `data`: the hash of the default scenario's Alice's phone number. */
const DEFAULT_DELIVERY_DATA = phoneNumberHash('+819012345678');

/**
 * The named fields a triggered event is made from, as `embedkit trigger`'s flags name them: the
 * person (`user`), the group or room it happens in, and each type's own fields (strings, as typed
 * on a command line; each type's `parse` checks its own).
 */
export interface TriggerDraftOptions {
  user: string;
  group?: string;
  room?: string;
  text: string;
  data: string;
  hwid: string;
  beaconType: string;
  nonce: string;
  result: 'ok' | 'failed';
  /** An unsend event's message. */
  messageId?: string;
  /** A delivery event's `delivery.data`. */
  deliveryData?: string;
  /** A membership event's `membership.type` (joined, left, renewed). */
  membershipType?: string;
  /** A membership event's `membership.membershipId`. */
  membershipId?: string;
  /** A videoPlayComplete event's `videoPlayComplete.trackingId`. */
  trackingId?: string;
  /** `attached` or `detached` (a module event). */
  moduleType?: string;
  /** The bot a module event names (its user ID). */
  botId?: string;
}

/** One field of a type's trigger, as `embedkit trigger` takes it as a flag (its help prefixed with the type's name). */
export interface TriggerFlag {
  flags: string;
  description: string;
  default: string;
  /** Refuses a value the type does not take. @throws TriggerError naming what it takes */
  parse?: (value: string) => string;
}

/**
 * How `trigger` makes events of type `K`:
 * - `place`: `user` for an event between the user and the bot only (refused with `--group` /
 *   `--room`), `chat` for one in a group or room only (refused without), `any` for either;
 * - `userInChat`: the source names the user in a group or room too (as message events do);
 * - `flags`: the options only this type reads;
 * - `draft`: the event from its source and the options.
 */
export interface TriggerEntry<K extends EventType> {
  place: 'user' | 'chat' | 'any';
  userInChat?: boolean;
  flags: readonly TriggerFlag[];
  draft: (source: EventSource, o: TriggerDraftOptions) => DraftOf<K>;
}

/**
 * The entry of every event type of the registry (`T` only widens the union in tests), so a type
 * added to the registry does not compile until `trigger` knows how to make it.
 */
export type TriggerTable<T extends string = EventType> = { [K in T]: K extends EventType ? TriggerEntry<K> : unknown };

const oneOf = (allowed: readonly string[]) => (v: string) => {
  if (!allowed.includes(v)) throw new TriggerError(`one of ${allowed.join(', ')}`);
  return v;
};

/** The bot a triggered module event names unless `--bot-id` says another. */
const DEFAULT_MODULE_BOT_ID = 'U00000000000000000000000000000b07';

/** What `trigger` makes of each event type. */
export const TRIGGER_TABLE: TriggerTable = {
  message: {
    place: 'any',
    userInChat: true,
    flags: [{ flags: '--text <text>', description: 'the text', default: 'Hello from embedkit trigger' }],
    draft: (source, o) => draftOf('message', source, { id: String(Date.now()), type: 'text', text: o.text }),
  },
  follow: { place: 'user', flags: [], draft: (source) => draftOf('follow', source, false) },
  unfollow: { place: 'user', flags: [], draft: (source) => draftOf('unfollow', source) },
  join: { place: 'chat', flags: [], draft: (source) => draftOf('join', source) },
  leave: { place: 'chat', flags: [], draft: (source) => draftOf('leave', source) },
  postback: {
    place: 'any',
    flags: [{ flags: '--data <data>', description: 'the data', default: 'action=trigger' }],
    draft: (source, o) => draftOf('postback', source, o.data),
  },
  beacon: {
    place: 'user',
    flags: [
      { flags: '--hwid <hwid>', description: 'the hardware ID', default: 'd41d8cd98f' },
      {
        flags: '--beacon-type <type>',
        description: 'enter, leave or banner',
        default: 'enter',
        parse: oneOf(['enter', 'leave', 'banner']),
      },
    ],
    draft: (source, o) => draftOf('beacon', source, { hwid: o.hwid, type: o.beaconType }),
  },
  accountLink: {
    place: 'user',
    flags: [
      { flags: '--nonce <nonce>', description: 'the nonce', default: 'trigger-nonce' },
      { flags: '--result <result>', description: 'ok or failed', default: 'ok', parse: oneOf(['ok', 'failed']) },
    ],
    draft: (source, o) => draftOf('accountLink', source, o.result, o.nonce),
  },
  unsend: {
    place: 'any',
    userInChat: true,
    flags: [{ flags: '--message-id <id>', description: 'the id of the unsent message', default: '1' }],
    draft: (source, o) => draftOf('unsend', source, o.messageId ?? '1'),
  },
  memberJoined: { place: 'chat', flags: [], draft: (source, o) => draftOf('memberJoined', source, [o.user]) },
  memberLeft: { place: 'chat', flags: [], draft: (source, o) => draftOf('memberLeft', source, [o.user]) },
  delivery: {
    place: 'user',
    flags: [
      {
        flags: '--delivery-data <data>',
        description: 'the hashed phone number (SHA-256 hex of E.164) or delivery tag',
        default: DEFAULT_DELIVERY_DATA,
      },
    ],
    draft: (source, o) => draftOf('delivery', source, o.deliveryData ?? DEFAULT_DELIVERY_DATA),
  },
  membership: {
    place: 'user',
    flags: [
      {
        flags: '--membership-type <type>',
        description: 'joined, left or renewed',
        default: 'joined',
        parse: oneOf(['joined', 'left', 'renewed']),
      },
      {
        flags: '--membership-id <id>',
        description: 'the membership plan ID',
        default: '3189',
        parse: (v) => {
          if (!/^[0-9]{1,15}$/.test(v)) throw new TriggerError('a plan ID (digits)');
          return v;
        },
      },
    ],
    draft: (source, o) =>
      draftOf('membership', source, (o.membershipType ?? 'joined') as MembershipEventKind, Number(o.membershipId ?? '3189')),
  },
  videoPlayComplete: {
    place: 'any',
    userInChat: true,
    flags: [{ flags: '--tracking-id <id>', description: 'the trackingId of the watched video message', default: 'trigger-video' }],
    draft: (source, o) => draftOf('videoPlayComplete', source, o.trackingId ?? 'trigger-video'),
  },
  // Module channels' events (docs/platform/module-channels.md): post them to the module channel's webhook
  // with `--channel-id` / `--channel-secret` of the module channel.
  module: {
    place: 'user',
    flags: [
      { flags: '--module-type <type>', description: 'attached or detached', default: 'attached', parse: oneOf(['attached', 'detached']) },
      { flags: '--bot-id <userId>', description: 'the bot’s user ID', default: DEFAULT_MODULE_BOT_ID },
    ],
    // An event of no chat: no source.
    draft: (_source, o) => {
      const botId = o.botId ?? DEFAULT_MODULE_BOT_ID;
      return draftOf(
        'module',
        null,
        o.moduleType === 'detached'
          ? { type: 'detached', botId, reason: 'bot_deleted' }
          : { type: 'attached', botId, scopes: ['message:send', 'message:receive'] },
      );
    },
  },
  activated: { place: 'any', flags: [], draft: (source) => draftOf('activated', source, Date.now() + 3_600_000) },
  deactivated: { place: 'any', flags: [], draft: (source) => draftOf('deactivated', source) },
  botSuspended: { place: 'user', flags: [], draft: () => draftOf('botSuspended', null) },
  botResumed: { place: 'user', flags: [], draft: () => draftOf('botResumed', null) },
};

/**
 * The event types `trigger` makes: every type of the registry (the spec's webhook table, and the
 * published events a person causes in the host), in its order.
 */
export const TRIGGER_EVENTS: readonly EventType[] = EVENT_TYPE_NAMES;

/**
 * The event draft a trigger makes (pure): its source (a user, or a group or room with the user)
 * and the type's fields.
 * @throws TriggerError for an event type the registry does not have (naming those it has), or a
 *   group-only event without a group, or a user's event with one
 */
export function triggerDraft(type: string, o: TriggerDraftOptions): DraftEvent {
  if (!isEventType(type)) throw new TriggerError(`unknown event ${type}: use one of ${TRIGGER_EVENTS.join(', ')}`);
  // The entry of `type` makes drafts of `type`: TypeScript cannot pair the key with the union's member.
  const entry = TRIGGER_TABLE[type] as TriggerEntry<EventType>;
  const chat = o.group ? { chatId: o.group, type: 'group' } : o.room ? { chatId: o.room, type: 'room' } : { chatId: '', type: 'utou' };
  if (entry.place === 'chat' && chat.type === 'utou')
    throw new TriggerError(`a ${type} event happens in a group or a room: add --group <groupId> or --room <roomId>`);
  if (entry.place === 'user' && chat.type !== 'utou') throw new TriggerError(`a ${type} event comes from a user: drop --group / --room`);
  return entry.draft(sourceOf(chat, { userId: o.user, agreed: true }, entry.userInChat === true), o) as DraftEvent;
}

/** A flag's option name as commander derives it: `--beacon-type <type>` → `beaconType`. */
const optionName = (flags: string) => flags.replace(/^--([a-z-]+).*$/, '$1').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The type's own options for a trigger made without the command (the simulator API's
 * `triggerEvent`): the values given, each checked as its flag checks it, else the flags' defaults.
 * @returns the options, or the problem of the first value refused (`beaconType: one of enter, leave, banner`)
 */
export function triggerOptionsOf(
  given: Readonly<Record<string, string | undefined>>,
): { options: Omit<TriggerDraftOptions, 'user' | 'group' | 'room'> } | { problem: string } {
  const options: Record<string, string> = {};
  for (const type of TRIGGER_EVENTS)
    for (const f of TRIGGER_TABLE[type].flags as readonly TriggerFlag[]) {
      const name = optionName(f.flags);
      const value = given[name];
      if (value === undefined) {
        options[name] ??= f.default;
        continue;
      }
      try {
        options[name] = f.parse ? f.parse(value) : value;
      } catch (e) {
        return { problem: `${name}: ${(e as Error).message}` };
      }
    }
  return { options: options as unknown as Omit<TriggerDraftOptions, 'user' | 'group' | 'room'> };
}
