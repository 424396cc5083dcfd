/** `sticker`: a placeholder picture naming the package and sticker ids (the host has no sticker images). */
import { h } from '../../../shared/dom.js';
import type { Json, KindView } from '../kind.js';
import { str } from '../parts.js';

/** `sticker`: a placeholder picture (its colour derived from the ids) labelled with package and sticker id. */
function renderSticker(m: Json): HTMLElement {
  const pkg = str(m.packageId);
  const id = str(m.stickerId);
  let hash = 0;
  for (const ch of `${pkg}/${id}`) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const face = h(
    'div',
    { className: 'm-sticker-face', attrs: { 'aria-hidden': 'true' } },
    h('span', { className: 'eye left' }),
    h('span', { className: 'eye right' }),
    h('span', { className: 'mouth' }),
  );
  face.style.setProperty('--sticker-hue', String(hash % 360));
  return h(
    'div',
    { className: 'm-sticker', attrs: { role: 'img', 'aria-label': `Sticker ${pkg}/${id}`, 'data-package-id': pkg, 'data-sticker-id': id } },
    face,
    h('span', { className: 'm-sticker-ids', text: `${pkg} / ${id}` }),
  );
}

/** `sticker`. */
export const sticker: KindView = {
  label: () => 'Sticker',
  draw: (m) => ({ node: renderSticker(m), wide: false }),
  preview: () => 'Sticker',
  cardText: (m) => `Sticker ${str(m.packageId)}/${str(m.stickerId)}`,
};
