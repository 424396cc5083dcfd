/**
 * The phone's home screen: the signed-in user's chats (world chats whose members include them)
 * and an "Apps" button that opens the chosen app outside any chat (context `none`).
 */
import { h, replaceChildren } from '../../shared/dom.js';
import { chatsOfUser, findUser, type World, type WorldChat } from '../../state/world.js';

/** What the chat list shows and whom it tells. */
export interface ChatListProps {
  world: World;
  userId: string;
  /** Called with the chat the user tapped. */
  onSelect(chat: WorldChat): void;
  /** Called when the user taps "Apps" on the home screen. */
  onApps(): void;
  /** Preview of each chat's last message by chat id (see `previewText`); chats without one show their member count. */
  previews?: Readonly<Record<string, string>>;
}

const TYPE_LABELS: Record<WorldChat['type'], string> = { utou: '1:1', room: 'Room', group: 'Group' };

/** A round avatar with the first letter of a name; its hue is derived from the name so it stays stable. */
export function avatar(name: string, className = 'avatar'): HTMLElement {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const el = h('span', { className, text: (Array.from(name.trim())[0] ?? '?').toUpperCase(), attrs: { 'aria-hidden': 'true' } });
  el.style.setProperty('--avatar-hue', String(hash % 360));
  return el;
}

/**
 * The chat's name as the user sees it: a 1:1 chat shows the other member's name, as the messenger
 * does (the scenario's name is the same for both sides); other chats show their name.
 */
export function chatTitle(world: World, chat: WorldChat, userId: string): string {
  if (chat.type === 'utou') {
    const other = chat.memberIds.find((id) => id !== userId);
    const name = other && findUser(world, other)?.displayName;
    if (name) return name;
  }
  return chat.name || chat.chatId;
}

/** Rebuilds `root` (the `#chat-list-view` section) for the user. Items are `button.chat-item[data-chat-id]`. */
export function renderChatList(root: HTMLElement, props: ChatListProps): void {
  const { world, userId } = props;
  const user = findUser(world, userId);
  const chats = chatsOfUser(world, userId);
  const header = h(
    'header',
    { className: 'screen-header home-header' },
    avatar(user?.displayName ?? userId, 'avatar small'),
    h(
      'div',
      { className: 'header-title' },
      h('h2', { text: 'Chats' }),
      h('span', { className: 'header-sub', text: user?.displayName ?? userId }),
    ),
    h('button', {
      className: 'pill-button',
      text: 'Apps',
      attrs: { id: 'home-apps', type: 'button', title: 'Open the app outside any chat' },
      on: { click: () => props.onApps() },
    }),
  );
  const list = h('ul', { className: 'chat-list', attrs: { id: 'chat-list' } });
  for (const chat of chats) {
    const title = chatTitle(world, chat, userId);
    list.append(
      h(
        'li',
        {},
        h(
          'button',
          {
            className: 'chat-item',
            attrs: { type: 'button', 'data-chat-id': chat.chatId, 'data-chat-type': chat.type },
            on: { click: () => props.onSelect(chat) },
          },
          avatar(title),
          h(
            'span',
            { className: 'chat-item-text' },
            h('span', { className: 'chat-item-name', text: title }),
            props.previews?.[chat.chatId]
              ? h('span', { className: 'chat-item-meta chat-item-preview', text: props.previews[chat.chatId] })
              : h('span', {
                  className: 'chat-item-meta',
                  text: `${chat.memberIds.length} member${chat.memberIds.length === 1 ? '' : 's'}`,
                }),
          ),
          h('span', { className: `badge badge-${chat.type}`, text: TYPE_LABELS[chat.type] }),
        ),
      ),
    );
  }
  replaceChildren(root, [header, chats.length ? list : h('p', { className: 'empty', text: 'No chats for this user.' })]);
}
