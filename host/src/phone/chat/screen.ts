/**
 * The phone's chat screen: a header with the chat name and a back button, the messages
 * (`#chat-messages`), and a bottom bar whose "Apps" button opens the chosen app in this chat.
 * The newest page of messages is polled every {@link POLL_INTERVAL_MS} while the page and the
 * screen are visible; older pages load as the reader scrolls up, and at most
 * {@link MAX_RENDERED} messages are in the page at once (chat/history.ts).
 */
import type { ChatMessage, SimulatorApi } from '../../simulator-api/phone-api.js';
import { h, replaceChildren } from '../../shared/dom.js';
import type { World, WorldChat } from '../../state/world.js';
import { avatar, chatTitle } from './list.js';
import type { Action, ActionContext } from './actions.js';
import { renderChatMessages, renderMessage, type RenderHandlers } from './render.js';
import type { CouponCalls } from '../messages/kind.js';
import type { ClientFeatures } from '../device.js';
import { applyIndicators, indicatorView } from './indicators.js';
import { EMPTY_WINDOW, withNewer, withNewest, withOlder, type HistoryPage, type HistoryWindow } from './history.js';

/** Messages asked for at once: the newest page, and each page loaded while scrolling. */
export const PAGE_SIZE = 50;
/** Most messages in the page at once; scrolling further gives up the far end (loaded again on the way back). */
export const MAX_RENDERED = 200;
/** Distance from the top or bottom (px) at which the next page loads. */
const EDGE_PX = 120;

const CHAT_KINDS: Record<WorldChat['type'], string> = { utou: '1:1 chat', room: 'Room', group: 'Group' };

/** Polling period of the open chat, in milliseconds: cheap until the server pushes events. */
export const POLL_INTERVAL_MS = 3000;

/** Callbacks of the chat screen. */
export interface ChatScreenHandlers {
  onBack(): void;
  onApps(): void;
  /** A tap on an action in a message (button, link, area, quick reply) of the chat on screen. */
  onAction?(action: Action, ctx: ActionContext): void;
  /** What the phone's client supports (phone/device.ts), read at each render; absent means a current client. */
  client?(): ClientFeatures;
  /** The person chose "Reply" on a message (the composer quotes it). */
  onQuote?(message: ChatMessage): void;
  /** The person chose "Unsend" on a message of theirs. */
  onUnsend?(message: ChatMessage): void;
  /** Bot messages came onto the screen of the person shown (each reported once, for the bot's insight). */
  onBotMessagesShown?(userId: string, messages: ChatMessage[]): void;
}

/** The chat screen inside `root` (the `#chat-view` section). */
export class ChatScreen {
  private chat: WorldChat | null = null;
  private userId = '';
  /** Ids of the rendered messages and the viewer, to skip re-rendering an unchanged chat. */
  private renderedKey = '';
  /** Counts loads so that an answer for a chat left meanwhile is dropped. */
  private generation = 0;
  /** Counts polls of the newest page, so that only the latest one's answer is drawn. */
  private refreshSeq = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** True while the reader is at the bottom of the messages (they follow new ones). */
  private followBottom = true;
  /** The messages held, and whether the chat has more beyond either end. */
  private window: HistoryWindow = EMPTY_WINDOW;
  /** A page above or below is loading (one at a time). */
  private paging = false;
  private readonly messagesEl: HTMLElement;
  private readonly titleEl: HTMLElement;
  private readonly avatarSlot: HTMLElement;
  private readonly subEl: HTMLElement;
  /** Hides the typing indicator when its time is up. */
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Lines about the chat's bots drawn after the messages, by channel ID (chat/delivery-notice.ts). */
  private readonly notices = new Map<string, string>();

  constructor(
    private readonly root: HTMLElement,
    private readonly api: SimulatorApi,
    private readonly handlers: ChatScreenHandlers,
  ) {
    this.titleEl = h('h2', { attrs: { id: 'chat-name' } });
    this.subEl = h('span', { className: 'header-sub', attrs: { id: 'chat-meta' } });
    this.avatarSlot = h('span', { className: 'avatar-slot' });
    this.messagesEl = h('div', { className: 'chat-messages', attrs: { id: 'chat-messages', role: 'log', 'aria-live': 'polite' } });
    // Pictures arrive after the messages are laid out: keep following the bottom while the reader is there.
    this.messagesEl.addEventListener('scroll', () => {
      this.followBottom = isNearBottom(this.messagesEl);
      void this.loadAtEdge();
    });
    this.messagesEl.addEventListener('load', () => this.followBottom && (this.messagesEl.scrollTop = this.messagesEl.scrollHeight), true);
    replaceChildren(root, [
      h(
        'header',
        { className: 'screen-header chat-header' },
        h('button', {
          className: 'icon-button',
          text: '‹',
          attrs: { id: 'chat-back', type: 'button', 'aria-label': 'Back to chats' },
          on: { click: () => handlers.onBack() },
        }),
        this.avatarSlot,
        h('div', { className: 'header-title' }, this.titleEl, this.subEl),
      ),
      this.messagesEl,
      h(
        'footer',
        { className: 'chat-bar' },
        h('button', {
          className: 'pill-button',
          text: 'Apps',
          attrs: { id: 'chat-apps', type: 'button', title: 'Open the app in this chat' },
          on: { click: () => handlers.onApps() },
        }),
        h('div', { className: 'fake-input', text: 'Message', attrs: { 'aria-hidden': 'true' } }),
      ),
    ]);
  }

  /** Puts the rich menu (chat/rich-menu.ts) under the bottom bar, as the messenger shows it. */
  mountRichMenu(menu: HTMLElement): void {
    this.root.querySelector('.chat-bar')?.after(menu);
  }

  /** Puts the message composer (chat/composer.ts) in the bottom bar, in place of the placeholder field. */
  mountComposer(composer: HTMLElement): void {
    this.root.querySelector('.chat-bar .fake-input')?.replaceWith(composer);
  }

  /** Shows `chat` as seen by `userId` and loads its messages; `null` empties the screen. */
  show(world: World, chat: WorldChat | null, userId: string): void {
    const changed = chat?.chatId !== this.chat?.chatId || userId !== this.userId;
    this.chat = chat;
    this.userId = userId;
    this.root.dataset.chatId = chat?.chatId ?? '';
    // The member count changes as people join and leave; the rest only with another chat.
    this.subEl.textContent = chat ? `${CHAT_KINDS[chat.type]} · ${chat.memberIds.length} members` : '';
    if (!changed) return;
    this.renderedKey = '';
    this.window = EMPTY_WINDOW;
    this.notices.clear();
    this.generation++;
    const title = chat ? chatTitle(world, chat, userId) : '';
    this.titleEl.textContent = title;
    replaceChildren(this.avatarSlot, [chat ? avatar(title, 'avatar small') : null]);
    replaceChildren(this.messagesEl, []);
    void this.refresh();
  }

  /**
   * Reloads the newest page of the shown chat (after the app sent some, or on the polling tick).
   * While the reader is back in the history (the window does not reach the newest message), the
   * window stays as it is until they scroll down to it.
   */
  async refresh(): Promise<void> {
    const chat = this.chat;
    if (!chat || this.window.newerMore) return;
    // A poll answered after a newer poll is dropped; a page loading above or below is not (it
    // would be lost, and a reader already at the top has no scroll left to ask again).
    const generation = this.generation;
    const seq = ++this.refreshSeq;
    let page: HistoryPage;
    try {
      page = await this.api.messages(chat.chatId, { limit: PAGE_SIZE });
    } catch (err) {
      if (generation !== this.generation || seq !== this.refreshSeq) return;
      replaceChildren(this.messagesEl, [h('p', { className: 'chat-error', text: `Could not load messages: ${(err as Error).message}` })]);
      this.renderedKey = '';
      return;
    }
    if (generation !== this.generation || seq !== this.refreshSeq || this.window.newerMore) return;
    this.window = withNewest(this.window, page, MAX_RENDERED);
    this.render();
    await this.showIndicators(chat, generation);
  }

  /** The bot's typing indicator and the "Read" marks of a 1:1 bot chat (chat/indicators.ts). */
  private async showIndicators(chat: WorldChat, generation: number): Promise<void> {
    if (chat.type !== 'utou' || !chat.bot) return;
    let state;
    try {
      state = await this.api.indicators(chat.chatId);
    } catch {
      return; // Decoration only: the next refresh tries again.
    }
    if (generation !== this.generation) return;
    const view = indicatorView(state, this.window.messages, this.userId, Date.now());
    applyIndicators(this.messagesEl, view, this.titleEl.textContent ?? 'The bot');
    if (view.typing && isNearBottom(this.messagesEl)) this.messagesEl.scrollTop = this.messagesEl.scrollHeight;
    clearTimeout(this.typingTimer);
    if (view.typingForMs !== null)
      this.typingTimer = setTimeout(() => void this.showIndicators(chat, this.generation), view.typingForMs + 50);
  }

  /** Loads the page above or below the window when the reader scrolled near that end. */
  private async loadAtEdge(): Promise<void> {
    const chat = this.chat;
    const el = this.messagesEl;
    if (!chat || this.paging || this.window.messages.length === 0) return;
    const up = el.scrollTop < EDGE_PX && this.window.olderMore;
    const down = !up && this.window.newerMore && el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (!up && !down) return;
    this.paging = true;
    const generation = this.generation;
    try {
      const edge = up ? this.window.messages[0]! : this.window.messages.at(-1)!;
      const page = await this.api.messages(chat.chatId, up ? { limit: PAGE_SIZE, before: edge.id } : { limit: PAGE_SIZE, after: edge.id });
      if (generation !== this.generation) return;
      this.window = up ? withOlder(this.window, page, MAX_RENDERED) : withNewer(this.window, page, MAX_RENDERED);
      // The message at the edge stays where the reader sees it while pages come and go around it.
      const anchor = el.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(edge.id)}"]`);
      const offset = anchor ? anchor.offsetTop - el.scrollTop : 0;
      this.render(false);
      const moved = el.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(edge.id)}"]`);
      if (moved) el.scrollTop = moved.offsetTop - offset;
    } catch {
      // The next scroll tries again.
    } finally {
      this.paging = false;
    }
  }

  /** Starts polling; `isVisible` says whether the chat screen is on screen now. */
  startPolling(isVisible: () => boolean): void {
    this.stopPolling();
    this.timer = setInterval(() => {
      if (document.visibilityState === 'visible' && isVisible()) void this.refresh();
    }, POLL_INTERVAL_MS);
  }

  /** Stops polling. */
  stopPolling(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Shows a muted line about a bot of the chat on screen after its messages (one per bot), or takes
   * it away (`null`). It goes when another chat is shown.
   */
  setNotice(channelId: string, text: string | null): void {
    if ((this.notices.get(channelId) ?? null) === text) return;
    if (text === null) this.notices.delete(channelId);
    else this.notices.set(channelId, text);
    this.render();
  }

  /** Draws the window; `follow`: keep the reader at the bottom when they were there. */
  private render(follow = true): void {
    const { messages } = this.window;
    const key = `${this.userId}|${messages.map((m) => (m.unsentAt !== undefined ? `${m.id}u` : m.id)).join(',')}|${[...this.notices.values()].join('|')}`;
    if (key === this.renderedKey) return;
    const el = this.messagesEl;
    // Follow new messages only when the reader is already at the bottom (or on first render).
    const atBottom = follow && (!this.renderedKey || el.scrollHeight - el.scrollTop - el.clientHeight < 40);
    this.renderedKey = key;
    const notices = [...this.notices].map(([channelId, text]) =>
      h(
        'div',
        {
          className: 'message system delivery-notice',
          attrs: { 'data-sender-type': 'system', 'data-channel-id': channelId, role: 'note' },
        },
        h('span', { className: 'system-text', text }),
      ),
    );
    replaceChildren(el, [
      ...(messages.length ? this.renderMessages(messages) : [h('p', { className: 'empty', text: 'No messages yet.' })]),
      ...notices,
    ]);
    this.root.dataset.history = this.window.olderMore ? 'more' : 'start';
    if (atBottom) el.scrollTop = el.scrollHeight;
  }

  /** Draws the messages again, as they are, for a changed client (the device setting). */
  redraw(): void {
    this.renderedKey = '';
    this.render(false);
  }

  /** A coupon message's calls for the person shown now: their state of a coupon, and Use. */
  private couponCalls(userId: string): CouponCalls {
    return {
      ticket: (couponId) => this.api.client.call('couponTicket', { params: { couponId, userId } }),
      use: (couponId) => this.api.client.call('useCoupon', { params: { couponId, userId } }),
    };
  }

  /**
   * The person shown now watched the video of a bot's message to its end: with a `trackingId`, the
   * server sends videoPlayComplete (once per person and message, its rule); a failure is not shown.
   */
  private videoEnded(from: ChatMessage): void {
    const chatId = this.chat?.chatId;
    if (!chatId || !this.userId || from.sender.type !== 'bot' || typeof from.message?.trackingId !== 'string') return;
    void this.api.client
      .call('videoPlayComplete', { params: { chatId, messageId: from.id }, body: { userId: this.userId } })
      .catch(() => undefined);
  }

  /** The messages with working actions, in the chat and as the user shown now. */
  private renderMessages(messages: ChatMessage[]): HTMLElement[] {
    const ctx: ActionContext | null = this.chat ? { chatId: this.chat.chatId, userId: this.userId } : null;
    const client = this.handlers.client?.();
    const byId = new Map(messages.map((m) => [m.id, m]));
    const handlers: RenderHandlers = {
      onAction: (action: Action, from?: ChatMessage) =>
        ctx && this.handlers.onAction?.(action, from?.sender.type === 'bot' ? { ...ctx, messageId: from.id } : ctx),
      ...(client ? { client } : {}),
      ...(this.handlers.onQuote ? { onQuote: this.handlers.onQuote } : {}),
      ...(this.handlers.onUnsend ? { onUnsend: this.handlers.onUnsend } : {}),
      quoted: (id) => byId.get(id),
      ...(this.userId ? { coupons: this.couponCalls(this.userId) } : {}),
      onVideoEnded: (from) => this.videoEnded(from),
    };
    const shown = messages.filter((m) => m.sender.type === 'bot' && m.unsentAt === undefined);
    if (shown.length && this.userId) this.handlers.onBotMessagesShown?.(this.userId, shown);
    // Quick replies belong to the chat's last message: not drawn while the window stops short of it.
    if (this.window.newerMore) return messages.map((m) => renderMessage(m, this.userId, handlers));
    return renderChatMessages(messages, this.userId, handlers);
  }
}

/** True when `el` is scrolled to (near) its bottom. */
function isNearBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < 40;
}
