// The chat screen's window over a long history: it starts on the newest page, grows
// upward as the reader scrolls back, and never holds more than its maximum.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/simulator-api/phone-api.js';
import { EMPTY_WINDOW, withNewer, withNewest, withOlder } from '../../../src/phone/chat/history.js';

const msg = (id: number): ChatMessage => ({
  id: String(id),
  chatId: 'c',
  sender: { type: 'user', id: 'U1', displayName: 'A' },
  message: { type: 'text', text: `m${id}` },
  timestamp: id,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
const ids = (w: { messages: ChatMessage[] }) => w.messages.map((m) => Number(m.id));

describe('history window', () => {
  it('opens on the newest page and adds new messages at the bottom', () => {
    const w = withNewest(EMPTY_WINDOW, { messages: range(51, 100), more: true }, 200);
    expect(ids(w)).toEqual(range(51, 100).map((m) => Number(m.id)));
    expect(w).toMatchObject({ olderMore: true, newerMore: false });
    const polled = withNewest(w, { messages: range(53, 102), more: true }, 200);
    expect(ids(polled).slice(-3)).toEqual([100, 101, 102]);
    expect(ids(polled)[0]).toBe(51);
  });

  it('starts again from the newest page when more than a page arrived since the last look', () => {
    const w = withNewest(EMPTY_WINDOW, { messages: range(51, 100), more: true }, 200);
    const jumped = withNewest(w, { messages: range(301, 350), more: true }, 200);
    expect(ids(jumped)[0]).toBe(301);
    expect(jumped.olderMore).toBe(true);
  });

  it('grows upward page by page, and gives up the bottom beyond the maximum', () => {
    let w = withNewest(EMPTY_WINDOW, { messages: range(951, 1000), more: true }, 120);
    w = withOlder(w, { messages: range(901, 950), more: true }, 120);
    expect(w.messages).toHaveLength(100);
    expect(w.newerMore).toBe(false);
    w = withOlder(w, { messages: range(851, 900), more: true }, 120);
    expect(w.messages).toHaveLength(120);
    expect(ids(w)[0]).toBe(851);
    expect(ids(w).at(-1)).toBe(970);
    expect(w).toMatchObject({ olderMore: true, newerMore: true });
    w = withOlder(w, { messages: range(1, 10), more: false }, 120);
    expect(w.olderMore).toBe(false);
    expect(w.messages.length).toBeLessThanOrEqual(120);
  });

  it('comes back down to the newest message, the top given up on the way', () => {
    let w = { messages: range(1, 120), olderMore: false, newerMore: true };
    w = withNewer(w, { messages: range(121, 170), more: true }, 120);
    expect(ids(w)[0]).toBe(51);
    expect(w).toMatchObject({ olderMore: true, newerMore: true });
    w = withNewer(w, { messages: range(171, 200), more: false }, 120);
    expect(ids(w).at(-1)).toBe(200);
    expect(w.newerMore).toBe(false);
    expect(w.messages).toHaveLength(120);
  });
});
