/**
 * `link`: the v1 bots' link message (spec parts E and F), as the messenger shows it: a card with the
 * preview image, the text with `<b>` as its only markup, the sub text, and a link button.
 *
 * The text arrives with the template's `<b>` tags and the five entities the spec makes senders
 * escape; it is split into text and bold runs here and reaches the DOM as text only.
 */
import { h } from '../../../shared/dom.js';
import type { Action } from '../../chat/actions.js';
import type { Json, KindView } from '../kind.js';
import { messageImage, str, stringField, tappable } from '../parts.js';

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
function renderLink(m: Json, onAction: (action: Action) => void): HTMLElement {
  const runs = h(
    'div',
    { className: 'm-linkmsg-text' },
    ...linkTextRuns(stringField(m.text)).map((r) => (r.bold ? h('b', { text: r.text }) : document.createTextNode(r.text))),
  );
  const button = tappable(
    h('div', { className: 'm-linkmsg-button', text: stringField(m.linkText) || 'Check now' }),
    stringField(m.linkText) || 'Check now',
    () => onAction({ type: 'uri', uri: stringField(m.linkUri) }),
  );
  return h(
    'div',
    { className: 'bubble m-linkmsg' },
    messageImage(m.previewUrl, 'm-linkmsg-preview'),
    runs,
    ...(stringField(m.subText) ? [h('div', { className: 'm-linkmsg-subtext', text: stringField(m.subText) })] : []),
    button,
  );
}

/** `link`: the chat list shows its text without the markup. */
export const link: KindView = {
  label: () => 'link',
  draw: (m, { onAction }) => ({ node: renderLink(m, onAction), wide: false }),
  preview: (m) =>
    linkTextRuns(str(m.text))
      .map((r) => r.text)
      .join(''),
};
