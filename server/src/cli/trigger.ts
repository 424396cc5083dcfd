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
import {
  accountLinkEvent,
  beaconEvent,
  callbackBody,
  finishEvent,
  followEvent,
  isRepliable,
  memberEvent,
  messageEvent,
  postbackEvent,
  sourceOf,
  unsendEvent,
  type DraftEvent,
  type EventType,
} from '../webhooks/events.js';
import { signBody, WEBHOOK_USER_AGENT } from '../webhooks/signature.js';
import { botUserId } from '../world/bot-user-id.js';
import { DEFAULT_HEADER_PREFIX, HEADER_PREFIX_PATTERN, headerPrefixProblem, platformHeaders } from '../http/platform-headers.js';
import { parseHeaderPrefix } from './header-prefix.js';
import { botCall, channelOptions, CliError, guarded, reason, targetOf, type TargetOptions } from './http.js';
import { chatWithBot, storeUserMessage } from './user-message.js';

/**
 * The event types `trigger` makes: every type of the spec's webhook table, and the published
 * events a person causes in the host (unsend, memberJoined, memberLeft).
 */
export const TRIGGER_EVENTS: readonly EventType[] = [
  'message',
  'follow',
  'unfollow',
  'join',
  'leave',
  'postback',
  'beacon',
  'accountLink',
  'unsend',
  'memberJoined',
  'memberLeft',
];

/** Events that happen in a group or a room only. */
const GROUP_EVENTS: readonly string[] = ['join', 'leave', 'memberJoined', 'memberLeft'];

/** The default scenario's Alice: the user of a triggered event unless `--user` says otherwise. */
const DEFAULT_USER = 'U0a11ce0000000000000000000000a11c';

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
  /** `--header-prefix`: the platform header prefix to sign with. */
  headerPrefix?: string;
}

/**
 * The event draft a trigger makes (pure): its source (a user, or a group or room with the user)
 * and the type's fields.
 * @throws CliError for an event type the spec does not have, or a group-only event without a group
 */
export function triggerDraft(
  type: string,
  o: Pick<TriggerOptions, 'user' | 'group' | 'room' | 'text' | 'data' | 'hwid' | 'beaconType' | 'nonce' | 'result' | 'messageId'>,
): DraftEvent {
  if (!(TRIGGER_EVENTS as readonly string[]).includes(type))
    throw new CliError(`unknown event ${type}: use one of ${TRIGGER_EVENTS.join(', ')}`);
  const chat = o.group ? { chatId: o.group, type: 'group' } : o.room ? { chatId: o.room, type: 'room' } : { chatId: '', type: 'utou' };
  const user = { userId: o.user, agreed: true };
  if (GROUP_EVENTS.includes(type) && chat.type === 'utou')
    throw new CliError(`a ${type} event happens in a group or a room: add --group <groupId> or --room <roomId>`);
  if ((type === 'follow' || type === 'unfollow' || type === 'beacon' || type === 'accountLink') && chat.type !== 'utou')
    throw new CliError(`a ${type} event comes from a user: drop --group / --room`);
  const source = sourceOf(chat, user, type === 'message' || type === 'unsend');
  switch (type) {
    case 'message':
      return messageEvent(source, { id: String(Date.now()), type: 'text', text: o.text });
    case 'postback':
      return postbackEvent(source, o.data);
    case 'beacon':
      return beaconEvent(source, { hwid: o.hwid, type: o.beaconType });
    case 'accountLink':
      return accountLinkEvent(source, o.result, o.nonce);
    case 'follow':
      return followEvent(source, false);
    case 'unsend':
      return unsendEvent(source, o.messageId ?? '1');
    case 'memberJoined':
    case 'memberLeft':
      return memberEvent(source, type === 'memberJoined' ? 'joined' : 'left', [o.user]);
    default:
      return { type: type as EventType, source };
  }
}

/** A reply token the running embedkit accepts for this chat, or null when none answers or it refuses. */
async function replyTokenFrom(opts: TriggerOptions): Promise<string | null> {
  const t = targetOf(opts);
  const chat = opts.group ?? opts.room;
  try {
    const res = await botCall(t, 'POST', `/embedkit/v1/channels/${encodeURIComponent(t.channelId)}/reply-tokens`, {
      json: chat ? { chatId: chat } : { userId: opts.user },
    });
    if (res.status === 200) return res.body.replyToken as string;
    process.stderr.write(`embedkit trigger: no reply token from ${t.url}: ${reason(res)}\nusing a random one\n`);
  } catch {
    process.stderr.write(`embedkit trigger: no embedkit at ${t.url}; the reply token is random (a reply with it is refused)\n`);
  }
  return null;
}

/**
 * The header prefix to sign with: `--header-prefix`, else `EMBEDKIT_HEADER_PREFIX`, else the one the
 * running embedkit answers in `GET /embedkit/v1/world`, else the default (`X-Service-`).
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
    const res = await botCall(targetOf(opts), 'GET', '/embedkit/v1/world');
    const prefix = res.status === 200 ? (res.body?.headerPrefix as unknown) : undefined;
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
    const settings = await botCall(t, 'GET', `/embedkit/v1/channels/${encodeURIComponent(t.channelId)}/webhook`);
    if (settings.status === 200 && typeof settings.body?.url === 'string')
      process.stderr.write(
        `embedkit trigger: channel ${t.channelId} has a webhook (${settings.body.url}): embedkit delivers the stored message there too\n`,
      );
    return (await storeUserMessage(t, chatId, opts.user, opts.text)).id;
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    process.stderr.write(`embedkit trigger: the message is not stored in a chat: ${e.message}\n`);
    return undefined;
  }
}

const oneOf = (allowed: readonly string[]) => (v: string) => {
  if (!allowed.includes(v)) throw new InvalidArgumentError(`one of ${allowed.join(', ')}`);
  return v;
};

export function triggerCommand(): Command {
  return channelOptions(new Command('trigger'))
    .description(`post one signed webhook event to a bot, without the host (${TRIGGER_EVENTS.join(', ')})`)
    .argument('<event>', `event type: ${TRIGGER_EVENTS.join(', ')}`)
    .requiredOption('--to <url>', 'the bot’s webhook URL')
    .option('--user <userId>', 'the user the event comes from', DEFAULT_USER)
    .option('--group <groupId>', 'the event happens in this group')
    .option('--room <roomId>', 'the event happens in this room')
    .option('--text <text>', 'message: the text', 'Hello from embedkit trigger')
    .option('--data <data>', 'postback: the data', 'action=trigger')
    .option('--hwid <hwid>', 'beacon: the hardware ID', 'd41d8cd98f')
    .option('--beacon-type <type>', 'beacon: enter, leave or banner', oneOf(['enter', 'leave', 'banner']), 'enter')
    .option('--nonce <nonce>', 'accountLink: the nonce', 'trigger-nonce')
    .option('--result <result>', 'accountLink: ok or failed', oneOf(['ok', 'failed']), 'ok')
    .option('--message-id <id>', 'unsend: the id of the unsent message', '1')
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
          if (stored !== undefined) (draft.fields!.message as { id: string }).id = stored;
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
