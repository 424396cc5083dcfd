/**
 * `embedkit trigger <event> --to <url>` (as `stripe trigger` does): posts one signed
 * webhook event of any type of the spec ("Events", bot messaging interface) to a bot, without the
 * host. The body and signature are exactly what embedkit's own deliveries carry; a repliable event
 * gets a reply token from the running embedkit (`--url` / `EMBEDKIT_URL`) so that the bot's reply
 * lands in the chat, or a random one (that only a running embedkit would accept) when none answers.
 * The signature goes in `<prefix>Signature`, with the prefix the running embedkit is configured with
 * unless `--header-prefix` or `EMBEDKIT_HEADER_PREFIX` names one. A `message` is stored in its
 * chat of the running embedkit first, as the host would (the event carries its ID).
 */
import { randomBytes } from 'node:crypto';
import { Command, InvalidArgumentError } from 'commander';
import { draftOf, EVENT_TYPE_NAMES, isEventType, type DraftEvent, type DraftOf, type EventType } from '../webhooks/event-types.js';
import { callbackBody, finishEvent, isRepliable, sourceOf, type EventSource } from '../webhooks/events.js';
import { signBody, WEBHOOK_USER_AGENT } from '../webhooks/signature.js';
import { botUserId } from '../world/bot-user-id.js';
import { DEFAULT_HEADER_PREFIX, HEADER_PREFIX_PATTERN, headerPrefixProblem, platformHeaders } from '../http/platform-headers.js';
import { parseHeaderPrefix } from './header-prefix.js';
import { channelOptions, CliError, guarded, reason, simSend, targetOf, type TargetOptions } from './http.js';
import { chatWithBot, storeUserMessage } from './user-message.js';
import { phoneNumberHash } from '../world/phone-numbers.js';

/** The default scenario's Alice: the user of a triggered event unless `--user` says otherwise. */
const DEFAULT_USER = 'U0a11ce0000000000000000000000a11c';
/** A delivery event's default `data`: the hash of the default scenario's Alice's phone number. */
const DEFAULT_DELIVERY_DATA = phoneNumberHash('+819012345678');

export interface TriggerOptions extends TargetOptions {
  to: string;
  user: string;
  group?: string;
  room?: string;
  text: string;
  data: string;
  hwid: string;
  beaconType: string;
  nonce: string;
  result: 'ok' | 'failed';
  /** `--message-id`: the message an unsend event names. */
  messageId?: string;
  /** `--delivery-data`: a delivery event's `delivery.data`. */
  deliveryData?: string;
  /** `--header-prefix`: the platform header prefix to sign with. */
  headerPrefix?: string;
}

/** The options a draft reads. */
export type TriggerDraftOptions = Pick<
  TriggerOptions,
  'user' | 'group' | 'room' | 'text' | 'data' | 'hwid' | 'beaconType' | 'nonce' | 'result' | 'messageId' | 'deliveryData'
>;

/** One flag of a type's trigger, as commander takes it; its help is prefixed with the type's name. */
export interface TriggerFlag {
  flags: string;
  description: string;
  default: string;
  /** Refuses a value the type does not take. */
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
  if (!allowed.includes(v)) throw new InvalidArgumentError(`one of ${allowed.join(', ')}`);
  return v;
};

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
};

/**
 * The event types `trigger` makes: every type of the registry (the spec's webhook table, and the
 * published events a person causes in the host), in its order.
 */
export const TRIGGER_EVENTS: readonly EventType[] = EVENT_TYPE_NAMES;

/**
 * The event draft a trigger makes (pure): its source (a user, or a group or room with the user)
 * and the type's fields.
 * @throws CliError for an event type the registry does not have (naming those it has), or a
 *   group-only event without a group, or a user's event with one
 */
export function triggerDraft(type: string, o: TriggerDraftOptions): DraftEvent {
  if (!isEventType(type)) throw new CliError(`unknown event ${type}: use one of ${TRIGGER_EVENTS.join(', ')}`);
  // The entry of `type` makes drafts of `type`: TypeScript cannot pair the key with the union's member.
  const entry = TRIGGER_TABLE[type] as TriggerEntry<EventType>;
  const chat = o.group ? { chatId: o.group, type: 'group' } : o.room ? { chatId: o.room, type: 'room' } : { chatId: '', type: 'utou' };
  if (entry.place === 'chat' && chat.type === 'utou')
    throw new CliError(`a ${type} event happens in a group or a room: add --group <groupId> or --room <roomId>`);
  if (entry.place === 'user' && chat.type !== 'utou') throw new CliError(`a ${type} event comes from a user: drop --group / --room`);
  return entry.draft(sourceOf(chat, { userId: o.user, agreed: true }, entry.userInChat === true), o) as DraftEvent;
}

/** A reply token the running embedkit accepts for this chat, or null when none answers or it refuses. */
async function replyTokenFrom(opts: TriggerOptions): Promise<string | null> {
  const t = targetOf(opts);
  const chat = opts.group ?? opts.room;
  try {
    const res = await simSend(t, 'replyToken', {
      params: { channelId: t.channelId },
      body: chat ? { chatId: chat } : { userId: opts.user },
    });
    if (res.status === 200) return (res.body as { replyToken: string }).replyToken;
    process.stderr.write(`embedkit trigger: no reply token from ${t.url}: ${reason(res)}\nusing a random one\n`);
  } catch {
    process.stderr.write(`embedkit trigger: no embedkit at ${t.url}; the reply token is random (a reply with it is refused)\n`);
  }
  return null;
}

/**
 * The header prefix to sign with: `--header-prefix`, else `EMBEDKIT_HEADER_PREFIX`, else the one the
 * running embedkit answers in simulator route `world`, else the default (`X-Service-`).
 * @throws CliError when `EMBEDKIT_HEADER_PREFIX` is malformed
 */
async function headerPrefixOf(opts: TriggerOptions): Promise<string> {
  if (opts.headerPrefix !== undefined) return opts.headerPrefix;
  const env = process.env.EMBEDKIT_HEADER_PREFIX || undefined;
  if (env !== undefined) {
    if (!HEADER_PREFIX_PATTERN.test(env)) throw new CliError(`EMBEDKIT_HEADER_PREFIX: ${headerPrefixProblem(env)}`);
    return env;
  }
  try {
    const res = await simSend(targetOf(opts), 'world', {});
    const prefix = res.status === 200 ? (res.body as { headerPrefix?: unknown } | null)?.headerPrefix : undefined;
    if (typeof prefix === 'string' && HEADER_PREFIX_PATTERN.test(prefix)) return prefix;
  } catch {
    // No embedkit running: the spec's prefix.
  }
  return DEFAULT_HEADER_PREFIX;
}

/**
 * Stores a triggered message in its chat of the running embedkit first, as the host would, so that
 * the chat shows what the bot answers to. The chat: `--group` / `--room`, else the user's 1:1 chat
 * with the channel's bot. Says so on stderr and goes on when it cannot.
 * @returns the stored message's ID (the event's `message.id`), or undefined when not stored
 */
async function storeTriggeredMessage(opts: TriggerOptions): Promise<string | undefined> {
  const t = targetOf(opts);
  try {
    const chatId = opts.group ?? opts.room ?? (await chatWithBot(t, opts.user));
    if (chatId === undefined) {
      process.stderr.write(
        `embedkit trigger: ${opts.user} has no 1:1 chat with channel ${t.channelId} at ${t.url}: the message is not stored\n`,
      );
      return undefined;
    }
    const settings = await simSend(t, 'webhook', { params: { channelId: t.channelId } });
    const url = settings.status === 200 ? (settings.body as { url?: unknown } | null)?.url : undefined;
    if (typeof url === 'string')
      process.stderr.write(
        `embedkit trigger: channel ${t.channelId} has a webhook (${url}): embedkit delivers the stored message there too\n`,
      );
    return (await storeUserMessage(t, chatId, opts.user, opts.text)).id;
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    process.stderr.write(`embedkit trigger: the message is not stored in a chat: ${e.message}\n`);
    return undefined;
  }
}

/** `embedkit trigger`: the common options, then each event type's own flags from {@link TRIGGER_TABLE}, in the registry's order. */
export function triggerCommand(): Command {
  const command = channelOptions(new Command('trigger'))
    .description(`post one signed webhook event to a bot, without the host (${TRIGGER_EVENTS.join(', ')})`)
    .argument('<event>', `event type: ${TRIGGER_EVENTS.join(', ')}`)
    .requiredOption('--to <url>', 'the bot’s webhook URL')
    .option('--user <userId>', 'the user the event comes from', DEFAULT_USER)
    .option('--group <groupId>', 'the event happens in this group')
    .option('--room <roomId>', 'the event happens in this room');
  for (const type of TRIGGER_EVENTS)
    for (const f of TRIGGER_TABLE[type].flags as readonly TriggerFlag[]) {
      if (f.parse) command.option(f.flags, `${type}: ${f.description}`, f.parse, f.default);
      else command.option(f.flags, `${type}: ${f.description}`, f.default);
    }
  return command
    .option(
      '--header-prefix <prefix>',
      'platform header prefix, e.g. X-Line- (default: EMBEDKIT_HEADER_PREFIX, else the running embedkit’s, else X-Service-)',
      parseHeaderPrefix,
    )
    .addHelpText(
      'after',
      `
The body is {"destination": <bot user ID>, "events": [event]}, signed in <prefix>Signature (X-Service-Signature unless the running
embedkit or --header-prefix says otherwise) with the channel secret. A repliable
event carries a reply token from the running embedkit (--url / EMBEDKIT_URL), so your bot's reply
shows in the chat.

Examples:
  $ npx embedkit trigger message --to http://127.0.0.1:3000/webhook --text "hi bot"
  $ npx embedkit trigger follow --to http://127.0.0.1:3000/webhook --user U000000000000000000000000000000b0
  $ npx embedkit trigger join --group C0000000000000000000000000000000a --to http://127.0.0.1:3000/webhook`,
    )
    .action(
      guarded('trigger', async (type: string, opts: TriggerOptions) => {
        let url: URL;
        try {
          url = new URL(opts.to);
        } catch {
          throw new CliError(`--to ${opts.to} is not a URL: give the bot's webhook URL, e.g. http://127.0.0.1:3000/webhook`);
        }
        const draft = triggerDraft(type, opts);
        if (draft.type === 'message') {
          const stored = await storeTriggeredMessage(opts);
          if (stored !== undefined) draft.fields.message.id = stored;
        }
        const replyToken = isRepliable(draft) ? ((await replyTokenFrom(opts)) ?? randomBytes(16).toString('hex')) : undefined;
        const t = targetOf(opts);
        const body = callbackBody(botUserId(t.channelId), [finishEvent(draft, Date.now(), replyToken, false)]);
        const names = platformHeaders(await headerPrefixOf(opts));
        let res: Response;
        try {
          res = await fetch(url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              [names.signature]: signBody(t.channelSecret, body),
              'User-Agent': WEBHOOK_USER_AGENT,
            },
            body,
          });
        } catch (e) {
          throw new CliError(`the bot at ${url.href} did not answer (${(e as Error).message}): is it running?`);
        }
        const answer = await res.text();
        process.stdout.write(`${type} → ${url.href}: ${res.status}${answer ? ` ${answer.slice(0, 500)}` : ''}\n`);
        if (res.status !== 200) throw new CliError(`the bot answered ${res.status}; the platform expects 200`);
      }),
    );
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
