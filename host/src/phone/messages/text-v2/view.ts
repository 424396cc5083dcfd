/**
 * `textV2`: a bot's text whose `{key}` placeholders are replaced by its `substitution` (published
 * `TextMessageV2`, `SubstitutionObject`): a `mention` of a `user` as "@" and the person's display
 * name, of `all` as "@All", both highlighted as the messenger highlights mentions; an `emoji` as an
 * inline emoji picture. `{{` and `}}` show one brace; a `{key}` without a substitution stays as
 * written. Everything reaches the DOM as text nodes, so no text or name becomes markup.
 */
import { h } from '../../../shared/dom.js';
import type { Json, KindView } from '../kind.js';
import { obj, str } from '../parts.js';
import { textNodes } from '../text/view.js';

/** One piece of a textV2 text once substituted. */
export type TextV2Piece =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; userId?: string }
  | { kind: 'emoji'; productId: string; emojiId: string };

/** How the chat names a person: their display name, or `undefined` for a person the host does not know. */
export type DisplayNames = (userId: string) => string | undefined;

let displayNames: DisplayNames = () => undefined;

/**
 * Sets how mentions name people (the host sets it from the world it loaded, so a mention reads as
 * the chat shows that person). Until then, and for a user the world does not hold, a mention
 * shows "@Unknown".
 */
export function useDisplayNames(names: DisplayNames): void {
  displayNames = names;
}

/** The name a mention of a person the host does not know shows (the messenger cannot name them either). */
export const UNKNOWN_MENTION = '@Unknown';

// `{{`, `}}`, or a `{key}` placeholder (the server's rule: letters, digits and `_`).
const TOKEN = /\{\{|\}\}|\{([a-zA-Z0-9_]+)\}/g;

/**
 * The pieces of `text` with `substitution` applied, in order; neighbouring plain text is joined.
 * `{{` → `{`, `}}` → `}`; `{key}` with a `mention` or `emoji` substitution → that piece; any other
 * `{key}` (no substitution, or one of an unknown type) stays as written. Pure but for the display
 * names set by {@link useDisplayNames}.
 */
export function substitute(text: string, substitution: Json | undefined): TextV2Piece[] {
  const pieces: TextV2Piece[] = [];
  const plain = (t: string) => {
    if (!t) return;
    const last = pieces.at(-1);
    if (last?.kind === 'text') last.text += t;
    else pieces.push({ kind: 'text', text: t });
  };
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    plain(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[0] === '{{') plain('{');
    else if (m[0] === '}}') plain('}');
    else {
      const piece = substitutionPiece(substitution && Object.hasOwn(substitution, m[1]!) ? obj(substitution[m[1]!]) : undefined);
      if (piece) pieces.push(piece);
      else plain(m[0]);
    }
  }
  plain(text.slice(at));
  return pieces;
}

/** The piece of one substitution object, or `undefined` when it is none the chat can show. */
function substitutionPiece(s: Json | undefined): TextV2Piece | undefined {
  if (s?.type === 'mention') {
    const mentionee = obj(s.mentionee);
    if (mentionee?.type === 'all') return { kind: 'mention', text: '@All' };
    if (mentionee?.type === 'user' && typeof mentionee.userId === 'string') {
      const name = displayNames(mentionee.userId);
      return { kind: 'mention', text: name ? `@${name}` : UNKNOWN_MENTION, userId: mentionee.userId };
    }
    return undefined;
  }
  if (s?.type === 'emoji' && typeof s.productId === 'string' && typeof s.emojiId === 'string')
    return { kind: 'emoji', productId: s.productId, emojiId: s.emojiId };
  return undefined;
}

/** The line of the chat list and notification: mentions as their "@Name", an emoji as "(emoji)". */
export function substitutedText(m: Json): string {
  return substitute(str(m.text), obj(m.substitution))
    .map((p) => (p.kind === 'emoji' ? '(emoji)' : p.text))
    .join('');
}

/**
 * An emoji's picture: the host ships no emoji artwork (as for stickers), so a small face whose
 * colour is derived from the ids, one line high, labelled with the ids.
 */
function emojiNode(productId: string, emojiId: string): HTMLElement {
  let hash = 0;
  for (const ch of `${productId}/${emojiId}`) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const node = h('span', {
    className: 'm-emoji',
    attrs: { role: 'img', 'aria-label': `(emoji ${productId}/${emojiId})`, 'data-product-id': productId, 'data-emoji-id': emojiId },
  });
  node.style.setProperty('--emoji-hue', String(hash % 360));
  return node;
}

/** `textV2`: its bubble, with mentions highlighted, emojis drawn and links working as in `text`. */
export const textV2: KindView = {
  label: () => 'text',
  draw: (m, { onAction }) => {
    const onLink = (url: string) => onAction({ type: 'uri', uri: url });
    const nodes = substitute(str(m.text), obj(m.substitution)).flatMap((p): Node[] => {
      if (p.kind === 'text') return textNodes(p.text, onLink);
      if (p.kind === 'emoji') return [emojiNode(p.productId, p.emojiId)];
      return [h('span', { className: 'm-mention', text: p.text, attrs: p.userId ? { 'data-user-id': p.userId } : {} })];
    });
    return { node: h('div', { className: 'bubble m-text m-text-v2' }, ...nodes), wide: false };
  },
  preview: substitutedText,
  cardText: substitutedText,
};
