// @vitest-environment happy-dom
// The bot's loading indicator and "Read" marks in a 1:1 bot chat.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/simulator-api/phone-api.js';
import { applyIndicators, indicatorView } from '../../../src/phone/chat/indicators.js';

const msg = (id: string, type: 'user' | 'bot', from: string, timestamp: number): ChatMessage => ({
  id,
  chatId: 'UB1',
  sender: { type, id: from, displayName: from },
  message: { type: 'text', text: id },
  timestamp,
});
const messages = [msg('1', 'user', 'U1', 1000), msg('2', 'bot', '165', 2000), msg('3', 'user', 'U1', 3000)];

describe('indicatorView', () => {
  it('types until loadingUntil, and stops at the bot’s next message', () => {
    const state = { loadingSince: 2500, loadingUntil: 10_000, readAt: null };
    expect(indicatorView(state, messages, 'U1', 4000)).toMatchObject({ typing: true, typingForMs: 6000 });
    expect(indicatorView(state, messages, 'U1', 10_000).typing).toBe(false);
    expect(indicatorView(state, [...messages, msg('4', 'bot', '165', 2600)], 'U1', 4000).typing).toBe(false);
    expect(indicatorView({ loadingSince: null, loadingUntil: null, readAt: null }, messages, 'U1', 4000).typing).toBe(false);
  });

  it('marks the user’s own messages up to readAt as read', () => {
    expect([...indicatorView({ loadingSince: null, loadingUntil: null, readAt: 2000 }, messages, 'U1', 4000).readIds]).toEqual(['1']);
    expect([...indicatorView({ loadingSince: null, loadingUntil: null, readAt: 3000 }, messages, 'U1', 4000).readIds]).toEqual(['1', '3']);
    expect(indicatorView({ loadingSince: null, loadingUntil: null, readAt: 3000 }, messages, 'U2', 4000).readIds.size).toBe(0);
  });
});

describe('applyIndicators', () => {
  it('draws one typing indicator and the Read marks, and removes them again', () => {
    const el = document.createElement('div');
    el.innerHTML = '<div class="message mine" data-message-id="1"></div><div class="message bot" data-message-id="2"></div>';
    applyIndicators(el, { typing: true, typingForMs: 10, readIds: new Set(['1']) }, 'Demo Bot');
    applyIndicators(el, { typing: true, typingForMs: 10, readIds: new Set(['1']) }, 'Demo Bot');
    expect(el.querySelectorAll('.typing-indicator').length).toBe(1);
    expect(el.querySelector('.typing-indicator')!.getAttribute('aria-label')).toBe('Demo Bot is typing');
    expect(el.querySelectorAll('.read-mark').length).toBe(1);
    expect(el.querySelector('[data-message-id="1"] .read-mark')!.textContent).toBe('Read');
    applyIndicators(el, { typing: false, typingForMs: null, readIds: new Set() }, 'Demo Bot');
    expect(el.querySelector('.typing-indicator')).toBeNull();
    expect(el.querySelector('.read-mark')).toBeNull();
  });
});
