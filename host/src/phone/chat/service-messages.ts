/**
 * The person's service-message chat (LINE MINI App docs, "Chat room where service messages are
 * displayed"): the notices LINE MINI Apps sent them, one card each, in a chat of its own named in
 * the messenger's language ("LINE MINI App Notice", "LINEミニアプリ お知らせ"). It heads the chat
 * list once the person has a notice; tapping it shows the cards. docs/platform/mini-apps.md.
 */
import type { SimulatorClient } from '../../simulator-api/client.js';
import { serviceChatName, type ServiceMessageView, type ServiceNotice } from '#contract/mini-apps.js';
import { h, replaceChildren } from '../../shared/dom.js';
import { avatar } from './list.js';

/** The service-message chat of the signed-in person: their notices, loaded from the simulator API. */
export class ServiceChat {
  private userId = '';
  private messages: ServiceMessageView[] = [];
  private open = false;
  private loading: Promise<void> | undefined;

  /**
   * @param client the simulator API's client (route `serviceMessages`)
   * @param changed called when what the chat shows changed (loaded, opened, closed): the shell redraws
   */
  constructor(
    private readonly client: SimulatorClient,
    private readonly changed: () => void,
  ) {}

  /** Whether the chat's cards are on the screen (instead of the chat list). */
  get isOpen(): boolean {
    return this.open;
  }

  /** Loads the person's notices when they are not the ones loaded (another person signed in). */
  follow(userId: string): void {
    if (userId === this.userId) return;
    this.userId = userId;
    this.messages = [];
    this.open = false;
    void this.reload();
  }

  /** Loads the notices again (the live feed said the person got one). */
  reload(): Promise<void> {
    const userId = this.userId;
    this.loading = this.client.call('serviceMessages', { params: { userId } }).then(
      (answer) => {
        if (userId !== this.userId) return;
        this.messages = answer.messages;
        this.changed();
      },
      () => undefined,
    );
    return this.loading;
  }

  /**
   * Puts the chat at the head of the chat list drawn in `root` (`#chat-list-view`), when the person
   * has notices; the item is `button.chat-item[data-service-chat]`.
   */
  addToList(root: HTMLElement, language: string): void {
    if (!this.messages.length) return;
    const name = serviceChatName(language);
    const last = this.messages[this.messages.length - 1]!;
    const item = h(
      'li',
      {},
      h(
        'button',
        {
          className: 'chat-item service-chat-item',
          attrs: { type: 'button', 'data-service-chat': '' },
          on: { click: () => this.show(true) },
        },
        avatar(name),
        h(
          'span',
          { className: 'chat-item-text' },
          h('span', { className: 'chat-item-name', text: name }),
          h('span', { className: 'chat-item-meta chat-item-preview', text: last.notice.title }),
        ),
      ),
    );
    let list = root.querySelector('#chat-list');
    if (!list) {
      list = h('ul', { className: 'chat-list', attrs: { id: 'chat-list' } });
      root.querySelector('.empty')?.replaceWith(list);
    }
    list.prepend(item);
  }

  /** Draws the open chat into `root`: a header with its name and a way back, then a card per notice, oldest first. */
  render(root: HTMLElement, language: string): void {
    const header = h(
      'header',
      { className: 'screen-header chat-header' },
      h('button', {
        className: 'icon-button',
        text: '‹',
        attrs: { type: 'button', 'aria-label': 'Back to chats', id: 'service-chat-back' },
        on: { click: () => this.show(false) },
      }),
      h('div', { className: 'header-title' }, h('h2', { text: serviceChatName(language) })),
    );
    const cards = h(
      'ol',
      { className: 'service-cards', attrs: { id: 'service-chat', 'aria-label': serviceChatName(language) } },
      ...this.messages.map((m) => h('li', {}, card(m.notice, m.sentAt, language))),
    );
    replaceChildren(root, [header, cards]);
  }

  private show(open: boolean): void {
    this.open = open;
    this.changed();
  }
}

/** One notice as its card: title, subtitle, the items as a list of terms, the buttons as links, the MINI App in the footer. */
function card(notice: ServiceNotice, sentAt: number, language: string): HTMLElement {
  return h(
    'article',
    { className: `service-card service-card-${notice.layout}`, attrs: { 'data-template': notice.templateName } },
    h('time', {
      className: 'service-card-time',
      text: new Date(sentAt).toLocaleString(language),
      attrs: { datetime: new Date(sentAt).toISOString() },
    }),
    h('h3', { className: 'service-card-title', text: notice.title }),
    notice.subtitle ? h('p', { className: 'service-card-subtitle', text: notice.subtitle }) : null,
    h('dl', { className: 'service-card-items' }, ...notice.items.flatMap((i) => [h('dt', { text: i.label }), h('dd', { text: i.value })])),
    h(
      'div',
      { className: 'service-card-buttons' },
      ...notice.buttons.map((b) =>
        h('a', { className: 'service-card-button', text: b.label, attrs: { href: b.url, target: '_blank', rel: 'noopener noreferrer' } }),
      ),
    ),
    h('footer', { className: 'service-card-footer', text: notice.app.name }),
  );
}
