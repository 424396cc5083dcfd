/**
 * Messages only the v1 bot interfaces have (spec parts E and F), as the messenger shows
 * them: the link message as a card (preview image, text with `<b>` as its only markup, sub text, a
 * link button), and a shared contact as a card with the person's name. The rich message is stored
 * as an imagemap and drawn by the imagemap renderer.
 *
 * The link text arrives with the template's `<b>` tags and the five entities the spec makes senders
 * escape; it is split into text and bold runs here and reaches the DOM as text only.
 */
import { h } from '../dom.js';
import type { Action } from './actions.js';
import { messageImage, tappable } from './media.js';

type Json = Record<string, unknown>;

/** A run of a link message's text: plain or bold. */
export interface TextRun {
  text: string;
  bold: boolean;
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The five entities of the spec decoded; anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (m) => ENTITIES[m]!);
}

/**
 * The runs of a link message's text: `<b>` … `</b>` bold, every other character (tags other than
 * `<b>`, stray `<`, entities decoded) plain text. An unclosed `<b>` runs to the end.
 */
export function linkTextRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let bold = false;
  for (const part of text.split(/(<\/?b>)/)) {
    if (part === '<b>') bold = true;
    else if (part === '</b>') bold = false;
    else if (part) runs.push({ text: decodeEntities(part), bold });
  }
  return runs;
}

/**
 * `link`: `.m-linkmsg` with the preview image, `.m-linkmsg-text` (bold runs as `<b>` elements holding
 * text), `.m-linkmsg-subtext`, and a `.m-linkmsg-button` named by the link text that runs a `uri` action.
 */
export function renderLinkMessage(m: Json, onAction: (action: Action) => void): HTMLElement {
  const text = h(
    'div',
    { className: 'm-linkmsg-text' },
    ...linkTextRuns(str(m.text)).map((r) => (r.bold ? h('b', { text: r.text }) : document.createTextNode(r.text))),
  );
  const button = tappable(
    h('div', { className: 'm-linkmsg-button', text: str(m.linkText) || 'Check now' }),
    str(m.linkText) || 'Check now',
    () => onAction({ type: 'uri', uri: str(m.linkUri) }),
  );
  return h(
    'div',
    { className: 'bubble m-linkmsg' },
    messageImage(m.previewUrl, 'm-linkmsg-preview'),
    text,
    ...(str(m.subText) ? [h('div', { className: 'm-linkmsg-subtext', text: str(m.subText) })] : []),
    button,
  );
}

/** `contact`: `.m-contact` with the shared person's display name. */
export function renderContactMessage(m: Json): HTMLElement {
  return h(
    'div',
    { className: 'bubble card m-contact', attrs: { 'data-mid': str(m.mid) } },
    h('div', { className: 'card-type', text: 'Contact' }),
    h('div', { className: 'card-text', text: str(m.displayName) }),
  );
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
