/** `flex`: a bubble or a carousel of bubbles, laid out by the flex engine (`host/src/phone/flex/`). */
import { h } from '../../../shared/dom.js';
import { renderFlex } from '../../flex/render.js';
import { enableSwipe } from '../../chat/swipe.js';
import type { KindView } from '../kind.js';
import { altTextPreview, obj } from '../parts.js';

/** `flex`: a carousel takes the chat's full width and swipes; other contents show the plain card. The chat list shows its `altText`. */
export const flex: KindView = {
  label: () => 'Flex message',
  draw: (m, { onAction, client }) => {
    const contents = obj(m.contents);
    if (contents?.type !== 'bubble' && contents?.type !== 'carousel') return null;
    const node = renderFlex(contents, { onAction, ...(client ? { client } : {}) });
    if (contents.type === 'carousel') enableSwipe(node);
    return {
      node: h('div', { className: `m-flex ${contents.type === 'carousel' ? 'm-flex-carousel' : 'm-flex-single'}` }, node),
      wide: contents.type === 'carousel',
    };
  },
  preview: altTextPreview,
};
