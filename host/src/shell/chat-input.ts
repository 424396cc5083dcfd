/**
 * What the signed-in person does in an open chat, wired to the bots and the phone: actions tapped
 * in messages and rich menu areas, messages written in the composer, postbacks handed to the bots,
 * and unsending. The shell builds these parts once over one {@link ChatWiring}.
 */
import type { ChatMessage, SimulatorApi } from '../simulator-api/phone-api.js';
import type { BotApi } from '../simulator-api/bot-api.js';
import { ActionDispatcher, type ActionContext, type PostbackEvent } from '../phone/chat/actions.js';
import { Composer } from '../phone/chat/composer.js';
import { RichMenuBar, type RichMenuCall } from '../phone/chat/rich-menu.js';
import { HttpError } from '../simulator-api/client.js';
import type { ClientFeatures } from '../phone/device.js';
import type { InsightReports } from '../insight/reports.js';
import type { InAppBrowser } from '../phone/views/inapp-browser.js';
import { Pickers } from '../phone/views/pickers.js';
import type { Toasts } from '../phone/views/toast.js';
import type { World } from '../state/world.js';

/** What the chat's parts use of the shell: its clients, the phone's screen and views, and its state as it is when they act. */
export interface ChatWiring {
  api: SimulatorApi;
  botApi: BotApi;
  screen: HTMLElement;
  browser: InAppBrowser;
  toasts: Toasts;
  insight: InsightReports;
  /** What the phone's client supports now. */
  client: () => ClientFeatures;
  world(): World;
  /** The signed-in person. */
  userId(): string;
  /** The chat on screen and the signed-in user, or null on the chat list. */
  target(): ActionContext | null;
  /** Reads the open chat again. */
  refreshChat(): Promise<void>;
  /** A link in a message opens a registered app (`embedId`). */
  openAppLink(embedId: string): void;
  /** A web link in a message that is an app's own platform URL opens the app (true); false: not one. */
  openPlatformUrl(url: string): boolean;
}

/** Actions in messages (buttons, links, quick replies): see phone/chat/actions.ts for what each does. */
export function actionDispatcher(w: ChatWiring): ActionDispatcher {
  return new ActionDispatcher({
    sendAsUser: (chatId, userId, message) => w.api.sendAsUser(chatId, userId, message),
    openBrowser: (url) => w.browser.open(url),
    pickers: new Pickers(w.screen),
    toast: (text, kind) => w.toasts.show(text, kind),
    // Postbacks become webhook events; the text shown was already sent as the user's message.
    onPostback: (event) => sendPostback(w, event),
    onSent: () => void w.refreshChat(),
    onAppLink: (embedId) => w.openAppLink(embedId),
    openPlatformUrl: (url) => w.openPlatformUrl(url),
    client: w.client,
    onUrlOpened: (ctx, url) => w.insight.send({ type: 'click', userId: ctx.userId, messageId: ctx.messageId, url }),
  });
}

/** The chat bar's composer: text, stickers, media and contacts, sent as the signed-in user. */
export function composer(w: ChatWiring): Composer {
  return new Composer({
    target: () => w.target(),
    sendMessage: (chatId, userId, message, quotedMessageId) => w.api.sendAsUser(chatId, userId, message, quotedMessageId),
    sendMedia: (chatId, upload) => w.botApi.sendMedia(chatId, upload),
    shareContact: (chatId, userId, mid) => w.botApi.shareContact(chatId, userId, mid),
    contacts: () => w.world().users.map((u) => ({ userId: u.userId, displayName: u.displayName })),
    onSent: () => void w.refreshChat(),
    onError: (text) => w.toasts.show(text, 'error'),
  });
}

/** The bot's rich menu under a 1:1 bot chat: its areas run actions as chat buttons do. */
export function richMenuBar(w: ChatWiring, actions: ActionDispatcher): RichMenuBar {
  return new RichMenuBar({
    getJson: (...[name, input]: RichMenuCall) =>
      nullOn404(name === 'shownRichMenu' ? w.api.client.call(name, input) : w.api.client.call(name, input)),
    run: (action, ctx) => void actions.run(action, ctx),
    postback: (event) => sendPostback(w, event),
    report: (report) => w.insight.send(report),
    client: w.client,
  });
}

/** The signed-in person unsends a message of theirs: the chat's bots hear `unsend`, the chat shows it unsent. */
export async function unsend(w: ChatWiring, message: ChatMessage): Promise<void> {
  try {
    await w.botApi.unsend(message.chatId, message.id, w.userId());
    await w.refreshChat();
  } catch (err) {
    w.toasts.show(`Could not unsend: ${(err as Error).message}`, 'error');
  }
}

/** Hands a postback to the chat's bots as a webhook event. */
async function sendPostback(w: ChatWiring, event: PostbackEvent): Promise<void> {
  await w.botApi.postback(event.chatId, {
    userId: event.userId,
    data: event.data,
    ...(event.displayText ? { displayText: event.displayText } : {}),
    ...(event.params ? { params: event.params } : {}),
  });
}

/** The answer of a call, or null for a 404 (no such thing: a user without a rich menu, an unknown alias). @throws HttpError otherwise */
async function nullOn404<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}
