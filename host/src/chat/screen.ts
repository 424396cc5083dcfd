/**
 * The phone's chat screen: a header with the chat name and a back button, the messages
 * (`#chat-messages`), and a bottom bar whose "Apps" button opens the chosen app in this chat.
 * Messages are polled every {@link POLL_INTERVAL_MS} while the page and the screen are visible.
 */
import type { ChatMessage, SimulatorApi } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import type { World, WorldChat } from '../world.js';
import { avatar, chatTitle } from './list.js';
import type { Action, ActionContext } from './actions.js';
import { renderChatMessages } from './render.js';

const CHAT_KINDS: Record<WorldChat['type'], string> = { utou: '1:1 chat', room: 'Room', group: 'Group' };

/** Polling period of the open chat, in milliseconds: cheap until the server pushes events. */
export const POLL_INTERVAL_MS = 3000;

/** Callbacks of the chat screen. */
export interface ChatScreenHandlers {
  onBack(): void;
  onApps(): void;
  /** A tap on an action in a message (button, link, area, quick reply) of the chat on screen. */
  onAction?(action: Action, ctx: ActionContext): void;
}

/** The chat screen inside `root` (the `#chat-view` section). */
export class ChatScreen {
  private chat: WorldChat | null = null;
  private userId = '';
  /** Ids of the rendered messages and the viewer, to skip re-rendering an unchanged chat. */
  private renderedKey = '';
  /** Counts loads so that an answer for a chat left meanwhile is dropped. */
  private generation = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** True while the reader is at the bottom of the messages (they follow new ones). */
  private followBottom = true;
  private readonly messagesEl: HTMLElement;
  private readonly titleEl: HTMLElement;
  private readonly avatarSlot: HTMLElement;
  private readonly subEl: HTMLElement;

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
    this.messagesEl.addEventListener('scroll', () => (this.followBottom = isNearBottom(this.messagesEl)));
    this.messagesEl.addEventListener('load', () => this.followBottom && (this.messagesEl.scrollTop = this.messagesEl.scrollHeight), true);
    replaceChildren(root, [
      h(
        'header',
        { className: 'screen-header chat-header' },
        h('button', { className: 'icon-button', text: '‹', attrs: { id: 'chat-back', type: 'button', 'aria-label': 'Back to chats' }, on: { click: () => handlers.onBack() } }),
        this.avatarSlot,
        h('div', { className: 'header-title' }, this.titleEl, this.subEl),
      ),
      this.messagesEl,
      h(
        'footer',
        { className: 'chat-bar' },
        h('button', { className: 'pill-button', text: 'Apps', attrs: { id: 'chat-apps', type: 'button', title: 'Open the app in this chat' }, on: { click: () => handlers.onApps() } }),
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
    if (!changed) return;
    this.renderedKey = '';
    const title = chat ? chatTitle(world, chat, userId) : '';
    this.titleEl.textContent = title;
    this.subEl.textContent = chat ? `${CHAT_KINDS[chat.type]} · ${chat.memberIds.length} members` : '';
    replaceChildren(this.avatarSlot, [chat ? avatar(title, 'avatar small') : null]);
    replaceChildren(this.messagesEl, []);
    void this.refresh();
  }

  /** Reloads the messages of the shown chat (after the app sent some, or on the polling tick). */
  async refresh(): Promise<void> {
    const chat = this.chat;
    if (!chat) return;
    const generation = ++this.generation;
    let messages: ChatMessage[];
    try {
      messages = await this.api.messages(chat.chatId);
    } catch (err) {
      if (generation !== this.generation) return;
      replaceChildren(this.messagesEl, [h('p', { className: 'chat-error', text: `Could not load messages: ${(err as Error).message}` })]);
      this.renderedKey = '';
      return;
    }
    if (generation !== this.generation) return;
    this.render(messages);
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

  private render(messages: ChatMessage[]): void {
    const key = `${this.userId}|${messages.map((m) => m.id).join(',')}`;
    if (key === this.renderedKey) return;
    const el = this.messagesEl;
    // Follow new messages only when the reader is already at the bottom (or on first render).
    const atBottom = !this.renderedKey || el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    this.renderedKey = key;
    replaceChildren(
      el,
      messages.length ? this.renderMessages(messages) : [h('p', { className: 'empty', text: 'No messages yet.' })],
    );
    if (atBottom) el.scrollTop = el.scrollHeight;
  }

  /** The messages with working actions, in the chat and as the user shown now. */
  private renderMessages(messages: ChatMessage[]): HTMLElement[] {
    const ctx: ActionContext | null = this.chat ? { chatId: this.chat.chatId, userId: this.userId } : null;
    return renderChatMessages(messages, this.userId, { onAction: (action) => ctx && this.handlers.onAction?.(action, ctx) });
  }
}

/** True when `el` is scrolled to (near) its bottom. */
function isNearBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < 40;
}
