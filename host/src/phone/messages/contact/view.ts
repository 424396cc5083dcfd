/** `contact`: a contact shared by a v1 bot, as a card with the person's name. */
import { h } from '../../../shared/dom.js';
import type { Json, KindView } from '../kind.js';
import { str, stringField } from '../parts.js';

/** `contact`: `.m-contact` with the shared person's display name. */
function renderContact(m: Json): HTMLElement {
  return h(
    'div',
    { className: 'bubble card m-contact', attrs: { 'data-mid': stringField(m.mid) } },
    h('div', { className: 'card-type', text: 'Contact' }),
    h('div', { className: 'card-text', text: stringField(m.displayName) }),
  );
}

/** `contact`: the chat list says "Contact: <name>". */
export const contact: KindView = {
  label: () => 'contact',
  draw: (m) => ({ node: renderContact(m), wide: false }),
  preview: (m) => `Contact: ${str(m.displayName)}`,
};
