// @vitest-environment happy-dom
/**
 * The textV2 kind (`host/src/phone/messages/text-v2/view.ts`): mentions named as the chat names the
 * person, "@All", emojis drawn inline, `{{` / `}}` as braces, unknown keys left as written, links
 * still working, hostile text and names staying text, and the chat list's line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { previewText, renderMessageContent } from '../../../src/phone/chat/render.js';
import { TEXT_V2 } from '../../../src/phone/messages/text-v2/samples.js';
import { substitute, UNKNOWN_MENTION, useDisplayNames } from '../../../src/phone/messages/text-v2/view.js';
import type { Action } from '../../../src/phone/chat/actions.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const names: Record<string, string> = { [ALICE]: 'Alice' };

function draw(message: Record<string, unknown>, onAction: (a: Action) => void = () => undefined): HTMLElement {
  const { node } = renderMessageContent(message, { onAction });
  document.body.replaceChildren(node);
  return node;
}

describe('textV2 in the chat', () => {
  afterEach(() => useDisplayNames(() => undefined));

  it('replaces a user mention by "@" and the display name, and an all mention by "@All", highlighted', () => {
    useDisplayNames((id) => names[id]);
    const node = draw(TEXT_V2);
    expect(node.textContent).toBe('Welcome @Alice! @All, lunch is at noon  (reply with {yes} or {no})');
    const mentions = [...node.querySelectorAll('.m-mention')].map((e) => [e.textContent, e.getAttribute('data-user-id')]);
    expect(mentions).toEqual([
      ['@Alice', ALICE],
      ['@All', null],
    ]);
  });

  it('draws an emoji as an inline picture labelled with its ids', () => {
    const node = draw(TEXT_V2);
    const emoji = node.querySelectorAll('.m-emoji');
    expect(emoji).toHaveLength(1);
    expect(emoji[0]!.getAttribute('role')).toBe('img');
    expect(emoji[0]!.getAttribute('data-product-id')).toBe('5ac1bfd5040ab15980c9b435');
    expect(emoji[0]!.getAttribute('data-emoji-id')).toBe('001');
    expect(emoji[0]!.getAttribute('aria-label')).toBe('(emoji 5ac1bfd5040ab15980c9b435/001)');
  });

  it('names a person the host does not know "@Unknown"', () => {
    const node = draw({
      type: 'textV2',
      text: 'hi {x}',
      substitution: { x: { type: 'mention', mentionee: { type: 'user', userId: 'Unobody' } } },
    });
    expect(node.textContent).toBe(`hi ${UNKNOWN_MENTION}`);
  });

  it('keeps {{ and }} as one brace, and a key without a usable substitution as written', () => {
    expect(substitute('{{a}} {b} {c} }}{{', { c: { type: 'sticker' } })).toEqual([{ kind: 'text', text: '{a} {b} {c} }{' }]);
    expect(substitute('{{{a}}}', { a: { type: 'mention', mentionee: { type: 'all' } } })).toEqual([
      { kind: 'text', text: '{' },
      { kind: 'mention', text: '@All' },
      { kind: 'text', text: '}' },
    ]);
    // A key named like a property of every object is not a substitution.
    expect(substitute('{constructor}', {})).toEqual([{ kind: 'text', text: '{constructor}' }]);
  });

  it('keeps links working around substitutions', () => {
    const taps: Action[] = [];
    const node = draw(
      { type: 'textV2', text: '{a} see https://example.com/x', substitution: { a: { type: 'mention', mentionee: { type: 'all' } } } },
      (a) => taps.push(a),
    );
    node.querySelector<HTMLAnchorElement>('a.m-link')!.click();
    expect(taps).toEqual([{ type: 'uri', uri: 'https://example.com/x' }]);
  });

  it('keeps hostile text and names as text', () => {
    useDisplayNames(() => '<img src=x onerror=alert(1)>');
    const node = draw({
      type: 'textV2',
      text: '<script>alert(1)</script>{m}<b>bold</b>',
      substitution: { m: { type: 'mention', mentionee: { type: 'user', userId: ALICE } } },
    });
    expect(node.querySelector('script, img, b')).toBeNull();
    expect(node.textContent).toBe('<script>alert(1)</script>@<img src=x onerror=alert(1)><b>bold</b>');
  });

  it('shows the substituted text in the chat list and notification', () => {
    useDisplayNames((id) => names[id]);
    expect(previewText(TEXT_V2)).toBe('Welcome @Alice! @All, lunch is at noon (emoji) (reply with {yes} or {no})');
  });
});
