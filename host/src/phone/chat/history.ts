/**
 * The part of a chat's history the chat screen holds: a window of at most `max`
 * messages, oldest first, that starts on the newest page, grows upward page by page as the user
 * scrolls back and gives up its far end when it is full, so a chat of 100,000 messages costs the
 * page no more than one of 200. Pure functions: the screen does the loading and the drawing.
 */
import type { ChatMessage, ChatPage } from '#contract/wire.js';

/** Messages the window holds; `olderMore`/`newerMore`: the chat has messages beyond either end. */
export interface HistoryWindow {
  messages: ChatMessage[];
  olderMore: boolean;
  /** True when the window does not reach the newest message (the reader is back in the history). */
  newerMore: boolean;
}

/** A page as the simulator API's `chatMessages` route answers it. */
export type HistoryPage = ChatPage;

/** The empty window of a chat not loaded yet. */
export const EMPTY_WINDOW: HistoryWindow = { messages: [], olderMore: false, newerMore: false };

const idOf = (m: ChatMessage) => Number(m.id);

/**
 * The window after a load of the newest page (opening the chat, a poll): new messages are added
 * at the bottom; when the page does not reach back to the window (more new messages than a page
 * since the last look), the window starts again from that page. Messages the page holds again
 * take the page's version (one unsent since shows unsent). Trimmed to `max` from the top.
 */
export function withNewest(w: HistoryWindow, page: HistoryPage, max: number): HistoryWindow {
  const last = w.messages.at(-1);
  const connects = last !== undefined && (!page.more || page.messages.some((m) => idOf(m) <= idOf(last)));
  if (!connects) return trimTop({ messages: page.messages, olderMore: page.more, newerMore: false }, max);
  const again = new Map(page.messages.map((m) => [m.id, m]));
  const kept = w.messages.map((m) => again.get(m.id) ?? m);
  const fresh = page.messages.filter((m) => idOf(m) > idOf(last));
  return trimTop({ messages: [...kept, ...fresh], olderMore: w.olderMore, newerMore: false }, max);
}

/** The window after a page older than its first message: added on top, the bottom trimmed to `max`. */
export function withOlder(w: HistoryWindow, page: HistoryPage, max: number): HistoryWindow {
  const first = w.messages[0];
  const older = first ? page.messages.filter((m) => idOf(m) < idOf(first)) : page.messages;
  const messages = [...older, ...w.messages];
  const over = Math.max(0, messages.length - max);
  return { messages: messages.slice(0, messages.length - over), olderMore: page.more, newerMore: w.newerMore || over > 0 };
}

/** The window after a page newer than its last message: added at the bottom, the top trimmed to `max`. */
export function withNewer(w: HistoryWindow, page: HistoryPage, max: number): HistoryWindow {
  const last = w.messages.at(-1);
  const newer = last ? page.messages.filter((m) => idOf(m) > idOf(last)) : page.messages;
  return trimTop({ messages: [...w.messages, ...newer], olderMore: w.olderMore, newerMore: page.more }, max);
}

function trimTop(w: HistoryWindow, max: number): HistoryWindow {
  const over = w.messages.length - max;
  return over > 0 ? { ...w, messages: w.messages.slice(over), olderMore: true } : w;
}
