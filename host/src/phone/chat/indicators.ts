/**
 * The bot's loading indicator and the "Read" marks of a 1:1 bot chat (the platform's
 * `POST /v2/bot/chat/loading/start` and `POST /v2/bot/message/markAsRead`), drawn over
 * the chat's messages from the simulator API's `indicators` route. Pure decisions in
 * {@link indicatorView}; {@link applyIndicators} changes the DOM.
 */
import type { ChatMessage, IndicatorState } from '#contract/wire.js';
import { h } from '../../shared/dom.js';

/** What to draw: the typing indicator or not, and the ids of the user's messages marked "Read". */
export interface IndicatorView {
  typing: boolean;
  /** ms until the typing indicator must go (null when not typing). */
  typingForMs: number | null;
  readIds: Set<string>;
}

/**
 * The indicator shows while `now < loadingUntil` and no bot message came at or after
 * `loadingSince` (the platform ends it with the bot's next message); the user's own messages sent
 * at or before `readAt` are "Read".
 */
export function indicatorView(state: IndicatorState, messages: readonly ChatMessage[], userId: string, now: number): IndicatorView {
  const { loadingSince, loadingUntil, readAt } = state;
  const answered = loadingSince !== null && messages.some((m) => m.sender.type === 'bot' && timeOf(m) >= loadingSince);
  const typing = loadingUntil !== null && loadingUntil > now && !answered;
  const readIds = new Set(
    readAt === null
      ? []
      : messages.filter((m) => m.sender.type === 'user' && m.sender.id === userId && timeOf(m) <= readAt).map((m) => m.id),
  );
  return { typing, typingForMs: typing ? loadingUntil! - now : null, readIds };
}

/**
 * Draws `view` into the messages element: a `.typing-indicator` (role status, "<bot> is typing")
 * at the end, and a `.read-mark` "Read" in each of the user's read messages.
 */
export function applyIndicators(messagesEl: HTMLElement, view: IndicatorView, botName: string): void {
  messagesEl.querySelector(':scope > .typing-indicator')?.remove();
  for (const el of messagesEl.querySelectorAll<HTMLElement>('.message.mine')) {
    const read = view.readIds.has(el.dataset.messageId ?? '');
    const mark = el.querySelector(':scope > .read-mark');
    if (read && !mark) el.append(h('span', { className: 'read-mark', text: 'Read' }));
    if (!read) mark?.remove();
  }
  if (view.typing)
    messagesEl.append(
      h(
        'div',
        { className: 'typing-indicator', attrs: { role: 'status', 'aria-label': `${botName} is typing` } },
        h('span'),
        h('span'),
        h('span'),
      ),
    );
}

/** A message's time in ms (the API sends a number; an ISO string is read too). */
function timeOf(m: ChatMessage): number {
  return typeof m.timestamp === 'number' ? m.timestamp : Date.parse(m.timestamp);
}
