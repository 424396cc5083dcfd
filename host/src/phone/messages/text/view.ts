/**
 * `text`: a bubble with line breaks kept and http(s) URLs turned into links that open the in-app
 * browser, as the messenger does. The text reaches the DOM as text nodes only.
 */
import { h } from '../../../shared/dom.js';
import { uriTarget } from '../../../shared/safe.js';
import type { KindView } from '../kind.js';
import { str } from '../parts.js';

/** A piece of a text: plain text, or a URL to show as a link. */
export type TextPiece = { text: string } | { text: string; url: string };

// A URL runs until whitespace or a character that cannot end one in running text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`{}|\\^\u3000-\u303f\uff00-\uffef]+/gi;

/**
 * Splits `text` into plain pieces and http(s) links. Trailing punctuation (`.,;:!?)` and closing
 * brackets without an opening one) stays outside the link, so "see https://x.test." links
 * `https://x.test`. Pure.
 */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const url = trimUrlEnd(m[0]);
    const start = m.index ?? 0;
    if (uriTarget(url).kind !== 'web') continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: url, url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** `url` without the punctuation of the sentence around it, keeping balanced closing brackets. */
function trimUrlEnd(url: string): string {
  const count = (s: string, ch: string) => s.split(ch).length - 1;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (`.,;:!?'"`.includes(last) && last !== '') url = url.slice(0, -1);
    else if (last === ')' && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    else if (last === ']' && count(url, '[') < count(url, ']')) url = url.slice(0, -1);
    else return url;
  }
}

/**
 * The text as DOM nodes: text nodes, and `a.m-link` elements whose click calls `onLink(url)`
 * (the default navigation is cancelled, so the host decides where the URL opens).
 */
export function textNodes(text: string, onLink: (url: string) => void): Node[] {
  return linkify(text).map((piece) => {
    if (!('url' in piece)) return document.createTextNode(piece.text);
    const a = document.createElement('a');
    a.className = 'm-link';
    a.href = piece.url;
    a.rel = 'noopener noreferrer';
    a.textContent = piece.text;
    a.addEventListener('click', (event) => {
      event.preventDefault();
      onLink(piece.url);
    });
    return a;
  });
}

/** `text`: its bubble; the chat list shows the text itself. */
export const text: KindView = {
  label: () => 'text',
  draw: (m, { onAction }) => ({
    node: h('div', { className: 'bubble m-text' }, ...textNodes(str(m.text), (url) => onAction({ type: 'uri', uri: url }))),
    wide: false,
  }),
  preview: (m) => str(m.text),
};
