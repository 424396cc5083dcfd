// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/simulator-api/phone-api.js';
import type { Message } from '#contract/bridge/messages.js';
import * as Sample from '../../../src/phone/messages/samples.js';
import { messageView, previewText, renderChatMessages, renderMessage } from '../../../src/phone/chat/render.js';

describe('messageView', () => {
  it('text is a bubble with its text', () => {
    expect(messageView({ type: 'text', text: 'hi\nthere' })).toEqual({ kind: 'text', text: 'hi\nthere' });
  });

  it('summaries for kinds without altText', () => {
    expect(messageView({ type: 'image', originalContentUrl: 'https://x/a.png' })).toEqual({ kind: 'card', label: 'Image', text: 'Image' });
    expect(messageView({ type: 'sticker', packageId: '446', stickerId: '1988' })).toEqual({
      kind: 'card',
      label: 'Sticker',
      text: 'Sticker 446/1988',
    });
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
    expect(messageView({ type: 'flex', altText: 'Receipt', contents: {} })).toEqual({
      kind: 'card',
      label: 'Flex message',
      text: 'Receipt',
    });
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

  it('a sticker is a placeholder picture naming package and sticker id', () => {
    const el = renderMessage(msg({ message: { type: 'sticker', packageId: '1', stickerId: '2' } }), 'Ubob');
    const sticker = el.querySelector<HTMLElement>('.m-sticker')!;
    expect(sticker.dataset.packageId).toBe('1');
    expect(sticker.dataset.stickerId).toBe('2');
    expect(sticker.textContent).toBe('1 / 2');
  });

  it('draws each kind with its own view', () => {
    const kinds: [Message, string][] = [
      [Sample.IMAGE, '.m-image img'],
      [Sample.VIDEO, '.m-video .m-play'],
      [Sample.AUDIO, '.m-audio .m-audio-play'],
      [Sample.LOCATION, '.m-location .m-map-link'],
      [Sample.IMAGEMAP, '.m-imagemap .m-imagemap-area'],
      [Sample.CONFIRM_TEMPLATE, '.m-confirm .m-tpl-action'],
      [Sample.IMAGE_CAROUSEL_TEMPLATE, '.m-image-carousel .m-image-label'],
      [Sample.FLEX_BUBBLE, '.m-flex .fx-bubble'],
    ];
    for (const [message, selector] of kinds)
      expect(renderMessage(msg({ message: { ...message } }), 'Ubob').querySelector(selector), selector).not.toBeNull();
    // Over a minute, to show the minutes.
    const minuteLong = { ...Sample.AUDIO, duration: 61_000 };
    expect(renderMessage(msg({ message: minuteLong }), 'Ubob').querySelector('.m-audio-time')?.textContent).toBe('1:01');
  });

  it('links URLs in text and keeps the rest as text', () => {
    const el = renderMessage(msg({ message: { type: 'text', text: 'go to https://example.com/a.\nthen <b>stop</b>' } }), 'Ubob');
    expect(el.querySelector('a.m-link')?.getAttribute('href')).toBe('https://example.com/a');
    expect(el.querySelector('b')).toBeNull();
  });

  it('carousels take the full width', () => {
    const el = renderMessage(msg({ message: { type: 'template', altText: 'a', template: { type: 'carousel', columns: [] } } }), 'Ubob');
    expect(el.classList.contains('wide')).toBe(true);
  });

  it('an unknown template type falls back to the altText card', () => {
    const el = renderMessage(msg({ message: { type: 'template', altText: 'Menu', template: { type: 'hologram' } } }), 'Ubob');
    expect(el.querySelector('.card-type')?.textContent).toBe('Template · hologram');
    expect(el.querySelector('.card-text')?.textContent).toBe('Menu');
  });
});

describe('quick replies', () => {
  const msg = (message: Record<string, unknown>, id: string): ChatMessage => ({
    id,
    chatId: 'c1',
    sender: { type: 'bot', id: 'B', displayName: 'Bot' },
    message,
    timestamp: 0,
  });
  const quick = {
    items: [
      { type: 'action', action: { type: 'camera', label: 'Camera' } },
      { type: 'action', action: { type: 'message', label: 'Hi', text: 'hi' } },
    ],
  };

  it('shows the buttons of the last message under it', () => {
    const nodes = renderChatMessages(
      [msg({ type: 'text', text: 'a' }, '1'), msg({ type: 'text', text: 'b', quickReply: quick }, '2')],
      'U',
    );
    const bar = nodes.at(-1)!;
    expect(bar.id).toBe('quick-replies');
    expect([...bar.querySelectorAll('.quick-reply')].map((b) => b.textContent)).toEqual(['Camera', 'Hi']);
    expect(bar.querySelector('.qr-icon-camera')).not.toBeNull();
  });

  it('hides them once another message follows', () => {
    const nodes = renderChatMessages(
      [msg({ type: 'text', text: 'b', quickReply: quick }, '1'), msg({ type: 'text', text: 'c' }, '2')],
      'U',
    );
    expect(nodes.some((n) => n.id === 'quick-replies')).toBe(false);
  });
});

describe('previewText', () => {
  it('shows the altText of templates, flex messages and imagemaps', () => {
    expect(previewText({ type: 'flex', altText: 'Receipt\nfor you', contents: {} })).toBe('Receipt for you');
    expect(previewText({ type: 'template', altText: 'Pick one', template: { type: 'buttons' } })).toBe('Pick one');
    expect(previewText({ type: 'imagemap', altText: 'Map' })).toBe('Map');
  });

  it('names the media kinds', () => {
    expect(previewText({ type: 'text', text: 'hi\nthere' })).toBe('hi there');
    expect(previewText({ type: 'image' })).toBe('Photo');
    expect(previewText({ type: 'sticker' })).toBe('Sticker');
    expect(previewText({ type: 'location', title: 'Office' })).toBe('Location: Office');
  });
});
