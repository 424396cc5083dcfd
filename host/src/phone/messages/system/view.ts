/** `system`: a notice of the chat itself (a bot joined or left): one centred line, no sender, no bubble. */
import type { ChatMessage } from '../../../simulator-api/phone-api.js';
import { h } from '../../../shared/dom.js';
import type { KindView } from '../kind.js';
import { str } from '../parts.js';

/** The notice the chat itself sent (its sender is `system`): `.message.system` with the text. */
export function renderSystemNotice(msg: ChatMessage): HTMLElement {
  return h(
    'div',
    { className: 'message system', attrs: { 'data-sender-type': 'system', 'data-message-id': msg.id, role: 'note' } },
    h('span', { className: 'system-text', text: str(msg.message?.text) }),
  );
}

/** `system`: the chat list shows the notice's text. */
export const system: KindView = {
  label: () => 'system',
  // The chat draws a notice by its sender (renderSystemNotice), not as a message body: only a body
  // of this type from another sender reaches here, and it shows the plain card.
  draw: () => null,
  preview: (m) => str(m.text),
};
