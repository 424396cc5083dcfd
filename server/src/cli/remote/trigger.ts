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
import { callbackBody, finishEvent, isRepliable } from '../../webhooks/events.js';
import {
  TRIGGER_EVENTS,
  TRIGGER_TABLE,
  TriggerError,
  triggerDraft,
  type TriggerDraftOptions,
  type TriggerFlag,
} from '../../webhooks/triggers.js';
import { signBody, WEBHOOK_USER_AGENT } from '../../webhooks/signature.js';
import { botUserId } from '../../world/bot-user-id.js';
import { DEFAULT_HEADER_PREFIX, HEADER_PREFIX_PATTERN, headerPrefixProblem, platformHeaders } from '../../http/platform-headers.js';
import { parseHeaderPrefix } from '../options/header-prefix.js';
import { HttpError } from '#contract/client.js';
import { channelOptions, CliError, guarded, reason, simulatorOf, targetOf, type TargetOptions } from './http.js';
import { chatWithBot, storeUserMessage } from './user-message.js';

/** The default scenario's Alice: the user of a triggered event unless `--user` says otherwise. */
const DEFAULT_USER = 'U0a11ce0000000000000000000000a11c';

/** The command's options: where to send, and the event's fields (`webhooks/triggers.ts`). */
export interface TriggerOptions extends TargetOptions, TriggerDraftOptions {
  to: string;
  /** `--header-prefix`: the platform header prefix to sign with. */
  headerPrefix?: string;
}

/** A reply token the running embedkit accepts for this chat, or null when none answers or it refuses. */
async function replyTokenFrom(opts: TriggerOptions): Promise<string | null> {
  const t = targetOf(opts);
  const chat = opts.group ?? opts.room;
  try {
    const answer = await simulatorOf(t).call('replyToken', {
      params: { channelId: t.channelId },
      body: chat ? { chatId: chat } : { userId: opts.user },
    });
    return answer.replyToken;
  } catch (e) {
    if (e instanceof HttpError) process.stderr.write(`embedkit trigger: no reply token from ${t.url}: ${reason(e)}\nusing a random one\n`);
    else process.stderr.write(`embedkit trigger: no embedkit at ${t.url}; the reply token is random (a reply with it is refused)\n`);
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
    const { headerPrefix } = await simulatorOf(targetOf(opts)).call('world');
    if (HEADER_PREFIX_PATTERN.test(headerPrefix)) return headerPrefix;
  } catch {
    // No embedkit running, or one that refuses: the spec's prefix.
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
    // A refusal of the settings only leaves the note out.
    const url = await simulatorOf(t)
      .call('webhook', { params: { channelId: t.channelId } })
      .then(
        (settings) => settings.url,
        (e: unknown) => {
          if (e instanceof HttpError) return null;
          throw e;
        },
      );
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
      const parse = f.parse;
      if (parse) command.option(f.flags, `${type}: ${f.description}`, (v: string) => asArgument(() => parse(v)), f.default);
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
        let draft;
        try {
          draft = triggerDraft(type, opts);
        } catch (e) {
          throw e instanceof TriggerError ? new CliError(e.message) : e;
        }
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

/** A field's check as commander reports a refused value (`error: option '--beacon-type <type>' argument 'x' is invalid. one of …`). */
function asArgument(parse: () => string): string {
  try {
    return parse();
  } catch (e) {
    throw e instanceof TriggerError ? new InvalidArgumentError(e.message) : e;
  }
}
