/**
 * The tools of `embedkit mcp`: what a coding agent does as the people of the world and reads of
 * the inspector, each a call of the simulator API through its one client
 * (`contract/src/client.ts`). Input schemas are built from the contract's TypeBox schemas
 * (`contract/src/requests.ts`): a tool's arguments are a route's path parameters beside its body or
 * query, so the agent sees the same field names, limits and enums as the host's calls.
 */
import { IapOrdersQuerySchema, IapPaymentBodySchema } from '#contract/iap.js';
import { FaultRuleBodySchema } from '#contract/faults.js';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  ChatPageQuerySchema,
  ClockBodySchema,
  DeliveriesQuerySchema,
  FriendshipBodySchema,
  PersonBodySchema,
  PostbackBodySchema,
  TriggerEventBodySchema,
  UserMessageRequestSchema,
  ValidateBodySchema,
} from '#contract/requests.js';
import type { SimulatorClient } from '#contract/client.js';
import { CHAT_TYPES, VIEW_TYPES, type ChatMessage, type PhoneLogLine, type PhoneView } from '#contract/wire.js';
import { messageText } from '#contract/message-text.js';
import { EVENT_TYPE_NAMES } from '#contract/event-types.js';
import { readImage } from './image.js';
import { ToolInputError } from './errors.js';

export { ToolInputError };

/** What a tool runs with: the simulator client of one embedkit, and what this agent's session has seen. */
export interface ToolContext {
  client: SimulatorClient;
  /** Per chat, the id of the last message this session said or waited for: a reply is what a bot stores after it. */
  seen: Map<string, string>;
}

/** One tool: its name and description for the agent, its input schema, and what it does. */
export interface McpTool<S extends TSchema = TSchema> {
  name: string;
  description: string;
  input: S;
  /** Answers the tool's structured result. @throws HttpError with the simulator API's message when a call is refused */
  run(args: Static<S>, ctx: ToolContext): Promise<unknown>;
}

/** The longest a wait may last, in ms: an agent's call should not outlive its client's request timeout (60 s by default). */
export const MAX_WAIT_MS = 50_000;
/** How often a wait reads the chat again, in ms. */
const POLL_MS = 150;

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const ChatId = Id('a chat ID of the world (get_world: chats[].chatId): a 1:1 chat with a bot, a group or a room');
const UserId = Id('the person (get_world: users[].userId), a member of the chat');
const ChannelId = Id('a channel ID (get_world: channels[].channelId)');
const MessageId = Id('a message ID (read_transcript: messages[].id)');

const tool = <S extends TSchema>(t: McpTool<S>): McpTool => t as unknown as McpTool;

/** A chat message with the line a person reads for it. */
function withText(m: ChatMessage) {
  return { ...m, text: m.unsentAt !== undefined ? `${m.sender.displayName} unsent a message` : messageText(m.message) };
}

/** The chat's messages after `marker` sent by bots, oldest first (all of them when the marker is not on the page). */
function botMessagesAfter(list: ChatMessage[], marker: string | undefined): ChatMessage[] {
  const i = marker === undefined ? -1 : list.findIndex((m) => m.id === marker);
  return list.slice(i + 1).filter((m) => m.sender.type === 'bot');
}

/**
 * A page of a chat as `read_transcript` and the chat resources answer it: the messages with the
 * line a person reads, `more`, and the page as one text (`Alice (user, <id>): hello` a line).
 * @throws HttpError with the simulator API's message (an unknown chat: 404)
 */
export async function readTranscript(client: SimulatorClient, chatId: string, query: Static<typeof ChatPageQuerySchema>) {
  const page = await client.call('chatMessages', { params: { chatId }, query });
  const messages = page.messages.map(withText);
  return {
    messages,
    more: page.more,
    transcript: messages.map((m) => `${m.sender.displayName} (${m.sender.type}, ${m.id}): ${m.text}`).join('\n'),
  };
}

/** A scenario file of this machine as an object. @throws ToolInputError when it cannot be read or is not a JSON object */
async function scenarioFromFile(path: string): Promise<Record<string, unknown>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new ToolInputError(`Could not read the scenario file ${path}: ${(e as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ToolInputError(`${path} does not hold a JSON object`);
  return data as Record<string, unknown>;
}

/** One log line of a phone as the desktop's inspector shows it: `#12 call getProfile() → ok {…} (3 ms)`. */
export function appLogText(l: PhoneLogLine): string {
  const ms = l.durationMs !== undefined ? ` (${Math.round(l.durationMs)} ms)` : '';
  const head = `#${l.seq ?? '?'} `;
  switch (l.kind) {
    case 'call':
      return `${head}call ${l.method ?? '?'}(${l.args ?? ''}) → ${l.ok === false ? 'error' : 'ok'}${l.outcome ? ` ${l.outcome}` : ''}${ms}`;
    case 'rejected':
      return `${head}rejected by the bridge: ${l.text ?? ''}${l.origin ? ` (from ${l.origin})` : ''}`;
    case 'notice':
      return `${head}notice ${l.method ?? ''}: ${l.text ?? ''}`;
    default:
      if (l.appKind === 'request') return `${head}app request ${l.method ?? 'GET'} ${l.url ?? ''} → ${l.status ?? 'failed'}${ms}`;
      if (l.appKind === 'error') return `${head}app uncaught error: ${l.text ?? ''}`;
      return `${head}app console.${l.level ?? 'log'}: ${l.text ?? ''}`;
  }
}

/** The phone an agent most likely means: the one most recently reporting with an app open, else the most recent. */
function likelyPhone(phones: readonly PhoneView[]): PhoneView | undefined {
  return phones.find((p) => p.app !== null) ?? phones[0];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every tool of the server, in the order an agent meets them. */
export const TOOLS: readonly McpTool[] = [
  // The world.
  tool({
    name: 'get_world',
    description:
      'The simulated world: people (users), chats (1:1 chats with a bot, groups, rooms: their members and bot), channels (bots) and registered apps, and the URLs of every interface.',
    input: Type.Object({}, { additionalProperties: false }),
    run: (_args, { client }) => client.call('world'),
  }),
  tool({
    name: 'list_bots',
    description: 'Every channel’s bot: its webhook URL, its friends (followed or blocked) and the groups and rooms it is in.',
    input: Type.Object({}, { additionalProperties: false }),
    run: (_args, { client }) => client.call('bots'),
  }),

  // Acting as a person.
  tool({
    name: 'say',
    description:
      'A person sends a message in a chat from the phone (the bots in the chat get a message webhook event). Give `text` for a text message, `image` for a photo (a path of a PNG, JPEG, GIF or WebP file, or an http(s) URL of one; at most 10 MB), or `message` for another message object: {"type":"sticker","packageId":"446","stickerId":"1988"}, {"type":"location","title":"…","address":"…","latitude":35.65,"longitude":139.74}.',
    input: Type.Object(
      {
        chatId: ChatId,
        userId: UserMessageRequestSchema.properties.userId,
        text: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'a text message' })),
        message: Type.Optional(UserMessageRequestSchema.properties.message),
        image: Type.Optional(
          Type.String({ minLength: 1, maxLength: 2000, description: 'a path of an image file on this machine, or an http(s) URL of one' }),
        ),
        quotedMessageId: UserMessageRequestSchema.properties.quotedMessageId,
      },
      { additionalProperties: false },
    ),
    run: async ({ chatId, userId, text, message, image, quotedMessageId }, { client, seen }) => {
      if ([text, message, image].filter((x) => x !== undefined).length !== 1)
        throw new ToolInputError('Give exactly one of text, image and message');
      if (image !== undefined) {
        const { data, contentType } = await readImage(image);
        const sent = await client.call('sendMedia', { params: { chatId }, query: { userId, type: 'image' }, body: data, contentType });
        seen.set(chatId, sent.id);
        return withText(sent);
      }
      const stored = await client.call('sendMessage', {
        params: { chatId },
        body: { userId, message: message ?? { type: 'text', text }, ...(quotedMessageId !== undefined ? { quotedMessageId } : {}) },
      });
      seen.set(chatId, stored.id);
      return withText(stored);
    },
  }),
  tool({
    name: 'tap_action',
    description:
      'A person taps an action of a message, a quick-reply item or a rich menu area in a chat: pass the action object as the transcript shows it. A postback sends a postback event (a datetimepicker needs `value`: "2025-01-31", "13:30" or "2025-01-31T13:30" by its mode); a message action says its text; a uri action answers the URI the phone opens.',
    input: Type.Object(
      {
        chatId: ChatId,
        userId: PostbackBodySchema.properties.userId,
        action: Type.Object(
          {
            type: Type.String({ enum: ['postback', 'message', 'uri', 'datetimepicker'] }),
            label: Type.Optional(Type.String({ maxLength: 1000 })),
            data: Type.Optional(PostbackBodySchema.properties.data),
            displayText: PostbackBodySchema.properties.displayText,
            text: Type.Optional(Type.String({ maxLength: 5000 })),
            uri: Type.Optional(Type.String({ maxLength: 1000 })),
            mode: Type.Optional(Type.String({ enum: ['date', 'time', 'datetime'] })),
          },
          { description: 'the action object of the message, quick-reply item or rich menu area' },
        ),
        value: Type.Optional(Type.String({ maxLength: 40, description: 'the date, time or datetime a datetime picker picks' })),
        channelId: PostbackBodySchema.properties.channelId,
      },
      { additionalProperties: false },
    ),
    run: async ({ chatId, userId, action, value, channelId }, { client, seen }) => {
      switch (action.type) {
        case 'message': {
          if (!action.text) throw new ToolInputError('A message action needs its text');
          const stored = await client.call('sendMessage', {
            params: { chatId },
            body: { userId, message: { type: 'text', text: action.text } },
          });
          seen.set(chatId, stored.id);
          return withText(stored);
        }
        case 'uri':
          if (!action.uri) throw new ToolInputError('A uri action needs its uri');
          return { opens: action.uri };
        default: {
          if (!action.data) throw new ToolInputError(`A ${action.type} action needs its data`);
          let params: Static<typeof PostbackBodySchema>['params'];
          if (action.type === 'datetimepicker') {
            const mode = action.mode ?? 'datetime';
            if (value === undefined) throw new ToolInputError(`A datetimepicker action needs the ${mode} picked as value`);
            params = mode === 'date' ? { date: value } : mode === 'time' ? { time: value } : { datetime: value };
          }
          return client.call('postback', {
            params: { chatId },
            body: {
              userId,
              data: action.data,
              ...(action.displayText !== undefined ? { displayText: action.displayText } : {}),
              ...(params ? { params } : {}),
              ...(channelId !== undefined ? { channelId } : {}),
            },
          });
        }
      }
    },
  }),
  tool({
    name: 'set_friendship',
    description: 'A person adds (or unblocks) a bot as a friend, or blocks it (the bot gets a follow or unfollow event).',
    input: Type.Object({ userId: UserId, channelId: ChannelId, ...FriendshipBodySchema.properties }, { additionalProperties: false }),
    run: ({ userId, channelId, state }, { client }) => client.call('setFriendship', { params: { userId, channelId }, body: { state } }),
  }),
  tool({
    name: 'join_chat',
    description: 'A person joins a group or room (the bots in it get a memberJoined event).',
    input: Type.Object({ chatId: ChatId, ...PersonBodySchema.properties }, { additionalProperties: false }),
    run: ({ chatId, userId }, { client }) => client.call('joinChat', { params: { chatId }, body: { userId } }),
  }),
  tool({
    name: 'leave_chat',
    description: 'A person leaves a group or room (the bots in it get a memberLeft event).',
    input: Type.Object({ chatId: ChatId, ...PersonBodySchema.properties }, { additionalProperties: false }),
    run: ({ chatId, userId }, { client }) => client.call('leaveChat', { params: { chatId, userId } }),
  }),
  tool({
    name: 'unsend',
    description: 'A person unsends a message they sent (the bots in the chat get an unsend event).',
    input: Type.Object({ chatId: ChatId, messageId: MessageId, ...PersonBodySchema.properties }, { additionalProperties: false }),
    run: ({ chatId, messageId, userId }, { client }) => client.call('unsend', { params: { chatId, messageId }, body: { userId } }),
  }),

  tool({
    name: 'open_app',
    description:
      'Opens a registered app (get_world: apps[]) as a person in a context: answers the host’s deep link, the URL of the host page that shows that person with the app open in that chat (open it in a browser). `context`: utou, group or room with the `chatId` of one of the person’s chats of that type, or none.',
    input: Type.Object(
      {
        embedId: Id('the app (get_world: apps[].embedId)'),
        userId: UserId,
        context: Type.String({ enum: [...CHAT_TYPES, 'none'], description: 'the chat type the app opens in, or none' }),
        chatId: Type.Optional(ChatId),
        view: Type.Optional(Type.String({ enum: [...VIEW_TYPES], description: 'the view size (default: the app’s own)' })),
      },
      { additionalProperties: false },
    ),
    run: async ({ embedId, userId, context, chatId, view }, { client }) => {
      const world = await client.call('world');
      const app = world.apps.find((a) => a.embedId === embedId);
      if (!app) throw new ToolInputError(`No app ${embedId}: get_world lists the apps (${world.apps.map((a) => a.embedId).join(', ')})`);
      if (!world.users.some((u) => u.userId === userId)) throw new ToolInputError(`No user ${userId}: get_world lists the users`);
      if (context === 'none') {
        if (chatId !== undefined) throw new ToolInputError('An app opened in context none has no chat: leave chatId out');
      } else {
        const chat = world.chats.find((c) => c.chatId === chatId);
        if (chatId === undefined || !chat)
          throw new ToolInputError(`Give the chatId of one of ${userId}’s ${context} chats (get_world: chats)`);
        if (chat.type !== context) throw new ToolInputError(`Chat ${chatId} is a ${chat.type} chat, not a ${context}`);
        if (!chat.memberIds.includes(userId)) throw new ToolInputError(`${userId} is not a member of chat ${chatId}`);
      }
      // The host's URL parameters (host/src/deeplink.ts); `app` opens it on load.
      const query = new URLSearchParams({ app: embedId, view: view ?? app.view.type, context, user: userId });
      if (chatId !== undefined) query.set('chat', chatId);
      return { url: `${world.urls.base}/?${query}`, app };
    },
  }),

  // Reading.
  tool({
    name: 'read_transcript',
    description:
      'A page of a chat, oldest first: each message with its sender, its message object and `text`, the line a person reads (alt texts, template and flex texts, buttons as [label → what it does], quick replies). Page with `before` or `after` a message ID; `more` says messages exist beyond the page.',
    input: Type.Object(
      {
        chatId: ChatId,
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'messages per page (default 50)' })),
        before: ChatPageQuerySchema.properties.before,
        after: ChatPageQuerySchema.properties.after,
      },
      { additionalProperties: false },
    ),
    run: ({ chatId, limit, before, after }, { client }) => readTranscript(client, chatId, { limit: limit ?? 50, before, after }),
  }),
  tool({
    name: 'list_deliveries',
    description:
      'Webhook deliveries, newest first: the event types, the signed body and headers sent (the signature header included), the status, and every attempt with the bot’s status code, answer and error.',
    input: Type.Object(
      {
        channelId: DeliveriesQuerySchema.properties.channelId,
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'how many (default 20)' })),
      },
      { additionalProperties: false },
    ),
    run: ({ channelId, limit }, { client }) => client.call('deliveries', { query: { channelId, limit: limit ?? 20 } }),
  }),

  // Control.
  tool({
    name: 'trigger_event',
    description: `Sends a bot one webhook event of any type, as embedkit itself would (signed with the channel secret, with a reply token of its chat, kept in list_deliveries): ${EVENT_TYPE_NAMES.join(', ')}. From \`userId\`, in \`chatId\` (a group or room the bot is in) for the events that happen there, else in the person’s 1:1 chat with the bot. A message event is the event alone, not stored in the chat (say stores a message). The type's own fields: text (message), data (postback), hwid and beaconType (beacon), nonce and result (accountLink), messageId (unsend), deliveryData (delivery).`,
    input: Type.Object({ channelId: ChannelId, ...TriggerEventBodySchema.properties }, { additionalProperties: false }),
    run: ({ channelId, ...body }, { client }) => client.call('triggerEvent', { params: { channelId }, body }),
  }),
  tool({
    name: 'redeliver',
    description: 'Sends a webhook delivery again now (the body is marked as a redelivery).',
    input: Type.Object(
      { deliveryId: Type.Integer({ minimum: 1, description: 'list_deliveries: deliveries[].id' }) },
      { additionalProperties: false },
    ),
    run: ({ deliveryId }, { client }) => client.call('redeliver', { params: { id: String(deliveryId) } }),
  }),
  tool({
    name: 'advance_clock',
    description:
      'Moves the simulated clock forward: `advance` as "90m", "1d12h", "2w", or `advanceMs`. Tokens and reply tokens expire by it.',
    input: ClockBodySchema,
    run: (body, { client }) => client.call('advanceClock', { body }),
  }),
  tool({
    name: 'set_fault',
    description:
      'Makes the platform fail on purpose for the calls a rule names, to see how a bot or app copes: `kind` rateLimited (429), serverError (500), unavailable (503), expiredToken (401), status (your `status`, `body`), delay (`delayMs`, then answered as usual) or drop (connection closed). Name the calls by `operation` (a published operationId such as pushMessage, or a simulator route name), `method`, `path` (glob: * one segment, trailing /** the rest) or `origin`. Or hit the webhook deliveries of a channel: `channelId` (and `eventTypes`) with `kind` redeliver (sent again after a 200, isRedelivery true), duplicate (the same body sent twice), reorder (held until the next delivery of the channel of another chat was answered) or delayDelivery (`delayMs` late). Limit it with `times`, `share` (0 to 1), `from`/`until` (simulated ms). Answers the rule with its id.',
    input: FaultRuleBodySchema,
    run: (body, { client }) => client.call('addFault', { body }),
  }),
  tool({
    name: 'list_faults',
    description: 'The fault rules in force, each with its hits, what is left of it and its newest hits (method, path, status).',
    input: Type.Object({}, { additionalProperties: false }),
    run: (_args, { client }) => client.call('faults'),
  }),
  tool({
    name: 'clear_faults',
    description: 'Removes one fault rule (`faultId`, from set_fault or list_faults) or, without it, every rule.',
    input: Type.Object({ faultId: Type.Optional(Id('set_fault: id')) }, { additionalProperties: false }),
    run: async ({ faultId }, { client }) => {
      if (faultId !== undefined) await client.call('deleteFault', { params: { faultId } });
      else await client.call('clearFaults');
      return { cleared: faultId ?? 'all' };
    },
  }),
  tool({
    name: 'list_orders',
    description:
      'LINE MINI App in-app purchase orders, newest first: each with its order ID, MINI App, person, product, store, price, currency and status (reserved, paid, cancelled, failed, refunded). Filter by `channelId`, `userId` or `status`.',
    input: Type.Object({ ...IapOrdersQuerySchema.properties }, { additionalProperties: false }),
    run: (query, { client }) => client.call('iapOrders', { query }),
  }),
  tool({
    name: 'pay_order',
    description:
      'What the person does on the store’s payment sheet for a reserved order: `paid` (the MINI App’s webhook gets purchaseComplete), `cancelled`, or `failed` with `failure` cardDeclined or networkLost.',
    input: Type.Object(
      { orderId: Id('list_orders: orders[].orderId'), ...IapPaymentBodySchema.properties },
      { additionalProperties: false },
    ),
    run: ({ orderId, ...body }, { client }) => client.call('payIapOrder', { params: { orderId }, body }),
  }),
  tool({
    name: 'refund_order',
    description: 'Refunds a paid in-app purchase order, as the store would: the MINI App’s webhook gets refundComplete.',
    input: Type.Object({ orderId: Id('list_orders: orders[].orderId') }, { additionalProperties: false }),
    run: ({ orderId }, { client }) => client.call('refundIapOrder', { params: { orderId } }),
  }),
  tool({
    name: 'read_notifications',
    description:
      'A person’s LINE MINI App service messages (their “LINE MINI App Notice” chat), oldest first: each with its template, title, fields and buttons.',
    input: Type.Object({ userId: UserId }, { additionalProperties: false }),
    run: ({ userId }, { client }) => client.call('serviceMessages', { params: { userId } }),
  }),
  tool({
    name: 'validate_messages',
    description:
      'Checks message objects as the platform’s send calls do, without sending: {valid: true}, or the error message and each detail with its property path (messages[0].contents.body.contents[0].text).',
    input: Type.Object({ messages: ValidateBodySchema.properties.messages }, { additionalProperties: false }),
    run: ({ messages }, { client }) => client.call('validateMessages', { body: { messages } }),
  }),
  tool({
    name: 'export_scenario',
    description:
      'Today’s world as a scenario file (channels with their secrets, users, chats, apps), to load with `embedkit start --import <file>`.',
    input: Type.Object({}, { additionalProperties: false }),
    run: (_args, { client }) => client.call('scenario'),
  }),
  tool({
    name: 'import_scenario',
    description:
      'Replaces the whole world with a scenario: `path` of a scenario file on this machine (one export_scenario or `embedkit export` wrote, or one written by hand), or `scenario` as the JSON object itself; exactly one. Everything that happened is gone (messages, tokens, deliveries, rich menus, friendships made since); the simulated clock is kept; open host pages reload. A scenario with problems is refused with each problem named, and the world is left as it was. Answers the scenario loaded and how many channels, users, chats and apps the world now has.',
    input: Type.Object(
      {
        path: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'a scenario file (JSON) on this machine' })),
        scenario: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), { description: 'a scenario object: {channels, users, chats, apps, ...}' }),
        ),
      },
      { additionalProperties: false },
    ),
    run: async ({ path, scenario }, { client, seen }) => {
      if ((path === undefined) === (scenario === undefined)) throw new ToolInputError('Give exactly one of path and scenario');
      const body = path !== undefined ? { scenario: await scenarioFromFile(path), name: resolve(path) } : { scenario: scenario! };
      const answer = await client.call('resetWorld', { body });
      // The chats this session followed are gone with their messages.
      seen.clear();
      return answer;
    },
  }),
  tool({
    name: 'reset_world',
    description:
      'Starts the world over from the scenario embedkit started with: every message, token, delivery, rich menu and change since is gone; the simulated clock is kept; open host pages reload. Answers the scenario loaded and how many channels, users, chats and apps the world now has.',
    input: Type.Object({}, { additionalProperties: false }),
    run: async (_args, { client, seen }) => {
      const answer = await client.call('resetWorld', { body: {} });
      seen.clear();
      return answer;
    },
  }),
  tool({
    name: 'read_app_log',
    description:
      'The log of an app open in a host page (a browser tab of the host, e.g. the link open_app gave): each bridge call the app made (method, arguments, result or error, duration), calls the bridge refused, SDK notices, and, when the app loads the SDK by script tag (`embed.js`), its console lines, uncaught errors and requests (the ESM build does not capture them). Tokens are redacted. Lists the connected host pages (`phones`: device, person, open app) and reads one: `phoneId`, default the one most recently reporting with an app open. Give `after` (the `next` of the last answer) to get only the new lines. Pages report within a second; the server keeps the newest 500 lines per page, in memory.',
    input: Type.Object(
      {
        phoneId: Type.Optional(
          Type.String({ minLength: 8, maxLength: 64, description: 'a host page (phones[].phoneId of an earlier answer)' }),
        ),
        after: Type.Optional(Type.Integer({ minimum: 0, description: 'only lines with a seq above this (default 0: every line kept)' })),
      },
      { additionalProperties: false },
    ),
    run: async ({ phoneId, after }, { client }) => {
      const { phones } = await client.call('phones');
      const phone = phoneId !== undefined ? phones.find((p) => p.phoneId === phoneId) : likelyPhone(phones);
      if (!phone)
        throw new ToolInputError(
          phoneId !== undefined
            ? `No host page ${phoneId} is connected (connected: ${phones.map((p) => p.phoneId).join(', ') || 'none'})`
            : 'No host page is connected: open the host in a browser (open_app answers a link that opens the app in it); a page reports within a second',
        );
      const log = await client.call('phoneLog', { params: { phoneId: phone.phoneId }, query: { after: after ?? 0 } });
      return {
        phones,
        phone: log.phone,
        lines: log.lines,
        next: log.lines.at(-1)?.seq ?? after ?? 0,
        log: log.lines.map(appLogText).join('\n'),
      };
    },
  }),

  // Waiting.
  tool({
    name: 'wait_for_reply',
    description:
      'Waits for the bots’ next messages in a chat: those after the last message this session said there (say, tap_action) or waited for, else after the chat’s newest message. Answers every bot message after that point as soon as there is one, or an error after `timeoutMs`.',
    input: Type.Object(
      {
        chatId: ChatId,
        timeoutMs: Type.Optional(
          Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS, description: 'how long to wait, in ms (default 10000)' }),
        ),
      },
      { additionalProperties: false },
    ),
    run: async ({ chatId, timeoutMs }, { client, seen }) => {
      const read = async () => (await client.call('chatMessages', { params: { chatId }, query: { limit: 200 } })).messages;
      const first = await read();
      const marker = seen.get(chatId) ?? first.at(-1)?.id;
      // Wall time, not the simulated clock: the wait is for the bot process, which runs in real time.
      const deadline = performance.now() + (timeoutMs ?? 10_000);
      for (let list = first; ; list = await read()) {
        const replies = botMessagesAfter(list, marker);
        if (replies.length > 0) {
          seen.set(chatId, replies.at(-1)!.id);
          return { messages: replies.map(withText) };
        }
        if (performance.now() >= deadline) break;
        await sleep(Math.min(POLL_MS, Math.max(0, deadline - performance.now())));
      }
      throw new ToolInputError(
        `No bot message in chat ${chatId} within ${timeoutMs ?? 10_000} ms: is the channel’s webhook set (list_bots), and does the bot answer 200 and reply? list_deliveries shows what it answered`,
      );
    },
  }),
];
