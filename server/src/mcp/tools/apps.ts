/**
 * The tools on apps in the host: the deep link that opens one for a person in a chat, and the log
 * of an app open in a connected host page, as the desktop's inspector shows it.
 */
import { Type } from '@sinclair/typebox';
import { CHAT_TYPES, VIEW_TYPES, type PhoneLogLine, type PhoneView } from '#contract/wire.js';
import { ToolInputError } from '../errors.js';
import { ChatId, Id, tool, UserId } from './tool.js';

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

export const openApp = tool({
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
    // The host's URL parameters (host/src/state/deeplink.ts); `app` opens it on load.
    const query = new URLSearchParams({ app: embedId, view: view ?? app.view.type, context, user: userId });
    if (chatId !== undefined) query.set('chat', chatId);
    return { url: `${world.urls.base}/?${query}`, app };
  },
});

export const readAppLog = tool({
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
});
