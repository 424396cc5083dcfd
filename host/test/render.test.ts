// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../src/api.js';
import { messageView, renderMessage } from '../src/chat/render.js';

describe('messageView', () => {
  it('text is a bubble with its text', () => {
    expect(messageView({ type: 'text', text: 'hi\nthere' })).toEqual({ kind: 'text', text: 'hi\nthere' });
  });

  it('summaries for kinds without altText', () => {
    expect(messageView({ type: 'image', originalContentUrl: 'https://x/a.png' })).toEqual({ kind: 'card', label: 'Image', text: 'Image' });
    expect(messageView({ type: 'sticker', packageId: '446', stickerId: '1988' })).toEqual({ kind: 'card', label: 'Sticker', text: 'Sticker 446/1988' });
    expect(messageView({ type: 'location', title: 'Office', address: '1-1 Chiyoda', latitude: 1, longitude: 2 })).toEqual({
      kind: 'card',
      label: 'Location',
      text: 'Office\n1-1 Chiyoda',
    });
    expect(messageView({ type: 'video' }).text).toBe('Video');
    expect(messageView({ type: 'audio' }).text).toBe('Audio');
  });

  it('altText wins, with the template type in the label', () => {
    expect(messageView({ type: 'template', altText: 'Pick one', template: { type: 'buttons' } })).toEqual({
      kind: 'card',
      label: 'Template · buttons',
      text: 'Pick one',
    });
    expect(messageView({ type: 'flex', altText: 'Receipt', contents: {} })).toEqual({ kind: 'card', label: 'Flex message', text: 'Receipt' });
  });

  it('unknown kinds still read', () => {
    expect(messageView({ type: 'hologram' })).toEqual({ kind: 'card', label: 'hologram', text: '(no preview)' });
    expect(messageView({})).toEqual({ kind: 'card', label: 'unknown', text: '(no preview)' });
  });
});

describe('renderMessage', () => {
  const msg = (over: Partial<ChatMessage>): ChatMessage => ({
    id: 'm1',
    chatId: 'c1',
    sender: { type: 'user', id: 'Ualice', displayName: 'Alice' },
    message: { type: 'text', text: '<img src=x onerror=alert(1)>' },
    timestamp: Date.UTC(2025, 0, 1, 12, 0),
    ...over,
  });

  it("marks the signed-in user's message as mine, without a sender name", () => {
    const el = renderMessage(msg({}), 'Ualice');
    expect(el.classList.contains('message')).toBe(true);
    expect(el.classList.contains('mine')).toBe(true);
    expect(el.dataset.senderId).toBe('Ualice');
    expect(el.querySelector('.message-sender')).toBeNull();
  });

  it("shows another sender's name, and message text as text only", () => {
    const el = renderMessage(msg({}), 'Ubob');
    expect(el.classList.contains('mine')).toBe(false);
    expect(el.querySelector('.message-sender')?.textContent).toBe('Alice');
    expect(el.querySelector('.bubble')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(el.querySelector('img')).toBeNull();
  });

  it('a bot with the same id as the user is not mine', () => {
    const el = renderMessage(msg({ sender: { type: 'bot', id: 'Ualice', displayName: 'Bot' } }), 'Ualice');
    expect(el.classList.contains('mine')).toBe(false);
  });

  it('renders a card for other kinds', () => {
    const el = renderMessage(msg({ message: { type: 'sticker', packageId: '1', stickerId: '2' } }), 'Ubob');
    expect(el.querySelector('.card-type')?.textContent).toBe('Sticker');
    expect(el.querySelector('.card-text')?.textContent).toBe('Sticker 1/2');
  });
});
