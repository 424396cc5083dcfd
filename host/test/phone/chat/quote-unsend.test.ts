// @vitest-environment happy-dom
// Quoting and unsending as the chat shows them: the quote above a message that quotes another, the
// line in place of an unsent message, the message's own "Reply" and "Unsend", and a poll that
// brings a message back unsent.
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/simulator-api/phone-api.js';
import { renderMessage } from '../../../src/phone/chat/render.js';
import { withNewest } from '../../../src/phone/chat/history.js';
import { ChatPreviews } from '../../../src/phone/chat/previews.js';

const msg = (id: string, sender: string, message: Record<string, unknown>, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 'C1',
  sender: { type: 'user', id: sender, displayName: sender === 'U1' ? 'Alice' : 'Bob' },
  message,
  timestamp: 0,
  ...extra,
});

describe('quoting and unsending in the chat', () => {
  it('a message that quotes another shows the quoted sender and text above it', () => {
    const original = msg('1', 'U2', { type: 'text', text: 'Lunch?' });
    const el = renderMessage(msg('2', 'U1', { type: 'text', text: 'Yes', quotedMessageId: '1' }), 'U1', {
      onAction: () => undefined,
      quoted: (id) => (id === '1' ? original : undefined),
    });
    const quote = el.querySelector('.message-quoted')!;
    expect(quote.getAttribute('data-quoted-id')).toBe('1');
    expect(quote.textContent).toBe('BobLunch?');
    const missing = renderMessage(msg('3', 'U1', { type: 'text', text: 'x', quotedMessageId: '9' }), 'U1');
    expect(missing.querySelector('.message-quoted')!.textContent).toBe('Original message');
    const gone = renderMessage(msg('4', 'U1', { type: 'text', text: 'x', quotedMessageId: '1' }), 'U1', {
      onAction: () => undefined,
      quoted: () => ({ ...original, unsentAt: 5 }),
    });
    expect(gone.querySelector('.message-quoted-text')!.textContent).toBe('Unsent message');
  });

  it('an unsent message is one line: "You unsent a message" for its sender, "<name> unsent a message" for others', () => {
    const unsent = msg('5', 'U2', { type: 'text', text: 'secret' }, { unsentAt: 10 });
    expect(renderMessage(unsent, 'U2').textContent).toBe('You unsent a message');
    const seen = renderMessage(unsent, 'U1');
    expect(seen.textContent).toBe('Bob unsent a message');
    expect(seen.textContent).not.toContain('secret');
    expect(seen.dataset.unsent).toBe('true');
  });

  it('"Reply" on every message, "Unsend" on the person’s own only', () => {
    const onQuote = vi.fn();
    const onUnsend = vi.fn();
    const handlers = { onAction: () => undefined, onQuote, onUnsend };
    const theirs = renderMessage(msg('6', 'U2', { type: 'text', text: 'a' }), 'U1', handlers);
    const own = renderMessage(msg('7', 'U1', { type: 'text', text: 'b' }), 'U1', handlers);
    expect(theirs.querySelector('.message-unsend')).toBeNull();
    (theirs.querySelector('.message-quote') as HTMLButtonElement).click();
    (own.querySelector('.message-unsend') as HTMLButtonElement).click();
    expect(onQuote.mock.calls[0]![0].id).toBe('6');
    expect(onUnsend.mock.calls[0]![0].id).toBe('7');
    expect(renderMessage(msg('8', 'U1', { type: 'text', text: 'c' }), 'U1').querySelector('.message-actions')).toBeNull();
  });

  it('a poll brings a message already shown back in its new state (unsent since)', () => {
    const first = withNewest(
      { messages: [], olderMore: false, newerMore: false },
      { messages: [msg('1', 'U1', { type: 'text', text: 'a' })], more: false },
      200,
    );
    const again = withNewest(first, { messages: [msg('1', 'U1', { type: 'text', text: 'a' }, { unsentAt: 3 })], more: false }, 200);
    expect(again.messages.map((m) => m.unsentAt)).toEqual([3]);
  });

  it('the chat list previews an unsent last message as the line in its place, not its text', async () => {
    const previews = new ChatPreviews(
      async () => ({ messages: [msg('9', 'U2', { type: 'text', text: 'secret' }, { unsentAt: 1 })] }),
      () => undefined,
    );
    await previews.load(['C1']);
    expect(previews.get()).toEqual({ C1: 'Bob unsent a message' });
  });
});
