// @vitest-environment happy-dom
// The v1 bots' messages in the phone: a link message card with `<b>` as its only markup,
// a shared contact, and their chat list previews; hostile text stays text.
import { describe, expect, it, vi } from 'vitest';
import { previewText, renderMessageContent } from '../../../src/phone/chat/render.js';
import { linkTextRuns } from '../../../src/phone/messages/link/view.js';

const link = (text: string) => ({
  type: 'link',
  templateId: 'welcome',
  text,
  subText: 'Order A-1',
  linkText: 'Open order',
  linkUri: 'https://example.com/orders/A-1',
  previewUrl: 'https://example.com/p.jpg',
});

describe('link message', () => {
  it('splits text into bold and plain runs, decoding the five entities', () => {
    expect(linkTextRuns('Hello <b>Alice &amp; Bob</b>, &lt;3 &quot;x&quot; &#39;y&#39;')).toEqual([
      { text: 'Hello ', bold: false },
      { text: 'Alice & Bob', bold: true },
      { text: ', <3 "x" \'y\'', bold: false },
    ]);
  });

  it('renders a card: preview, bold text, sub text and a link button that opens the link', () => {
    const onAction = vi.fn();
    const { node } = renderMessageContent(link('Hello <b>Alice</b>'), { onAction });
    document.body.replaceChildren(node);
    expect(node.querySelector('img.m-linkmsg-preview')!.getAttribute('src')).toBe('https://example.com/p.jpg');
    expect(node.querySelector('.m-linkmsg-text b')!.textContent).toBe('Alice');
    expect(node.querySelector('.m-linkmsg-text')!.textContent).toBe('Hello Alice');
    expect(node.querySelector('.m-linkmsg-subtext')!.textContent).toBe('Order A-1');
    const button = node.querySelector<HTMLElement>('.m-linkmsg-button')!;
    expect(button.getAttribute('aria-label')).toBe('Open order');
    button.click();
    expect(onAction).toHaveBeenCalledWith({ type: 'uri', uri: 'https://example.com/orders/A-1' });
  });

  it('keeps hostile markup inert: only <b> becomes an element, everything else is text', () => {
    const { node } = renderMessageContent(link('<img src=x onerror=alert(1)><b>ok</b><script>alert(2)</script>&lt;i&gt;'));
    expect(node.querySelectorAll('img:not(.m-linkmsg-preview), script, i').length).toBe(0);
    expect(node.querySelector('.m-linkmsg-text')!.textContent).toBe('<img src=x onerror=alert(1)>ok<script>alert(2)</script><i>');
    const { node: js } = renderMessageContent({ ...link('x'), previewUrl: 'javascript:alert(1)' });
    expect(js.querySelector('img.m-linkmsg-preview')?.getAttribute('src') ?? null).toBeNull();
  });

  it('previews in the chat list as its text without markup', () => {
    expect(previewText(link('Hello <b>Alice &amp; Bob</b>'))).toBe('Hello Alice & Bob');
  });
});

describe('shared contact', () => {
  it('shows the person’s name, and “Contact: <name>” in the chat list', () => {
    const { node } = renderMessageContent({ type: 'contact', mid: 'U2', displayName: '<b>Bob</b>' });
    expect(node.querySelector('.card-type')!.textContent).toBe('Contact');
    expect(node.querySelector('.card-text')!.textContent).toBe('<b>Bob</b>');
    expect(node.querySelector('b')).toBeNull();
    expect(previewText({ type: 'contact', mid: 'U2', displayName: 'Bob' })).toBe('Contact: Bob');
  });
});

describe('notices of the chat itself', () => {
  it('a bot leaving shows as one centred line, without sender or bubble, and previews as its text', async () => {
    const { renderMessage } = await import('../../../src/phone/chat/render.js');
    const el = renderMessage(
      {
        id: '9',
        chatId: 'C1',
        sender: { type: 'system', id: '', displayName: '' },
        message: { type: 'system', text: 'Enterprise Bot left the group.' },
        timestamp: 0,
      },
      'U1',
    );
    expect(el.className).toBe('message system');
    expect(el.textContent).toBe('Enterprise Bot left the group.');
    expect(el.querySelector('.message-sender, .bubble')).toBeNull();
    expect(previewText({ type: 'system', text: 'Enterprise Bot left the group.' })).toBe('Enterprise Bot left the group.');
  });
});
