/** `image`: the preview picture; a tap shows the original in the viewer. */
import { h } from '../../../shared/dom.js';
import type { KindView } from '../kind.js';
import { messageImage, openViewer, tappable } from '../parts.js';

/** `image`: the preview image; a tap shows `originalContentUrl` in the viewer. The chat list says "Photo". */
export const image: KindView = {
  label: () => 'Image',
  draw: (m) => {
    const node = h('div', { className: 'm-media m-image' }, messageImage(m.previewImageUrl, 'm-media-img'));
    return {
      node: tappable(node, 'Photo', () => openViewer(node, messageImage(m.originalContentUrl, 'm-viewer-img'), 'Photo')),
      wide: false,
    };
  },
  preview: () => 'Photo',
  cardText: () => 'Image',
};
