/**
 * The share target picker of `liff.shareTargetPicker`: a sheet over the phone screen listing the
 * person's chats (friends' and bots' 1:1 chats, groups, rooms) to pick one, or several when the app
 * asked `isMultiple`. Resolves with the picked chat ids, or null when the person cancels.
 */
import { h } from '../../shared/dom.js';
import type { WorldChat } from '../../state/world.js';

/** Shows the picker on `screen` (the positioned phone screen) for `chats`. */
export function pickShareTargets(screen: HTMLElement, chats: readonly WorldChat[], multiple: boolean): Promise<string[] | null> {
  return new Promise((resolve) => {
    const inputs = chats.map((chat) =>
      h('input', {
        attrs: { type: multiple ? 'checkbox' : 'radio', name: 'share-target', value: chat.chatId, 'data-chat-id': chat.chatId },
      }),
    );
    const rows = chats.map((chat, i) =>
      h(
        'label',
        { className: 'share-target', attrs: { style: 'display:block;padding:6px 0' } },
        inputs[i]!,
        ` ${chat.name} (${chat.type})`,
      ),
    );
    const finish = (ids: string[] | null) => {
      root.remove();
      resolve(ids);
    };
    const send = h('button', {
      text: 'Send',
      attrs: { id: 'share-target-send', type: 'button', disabled: true },
      on: { click: () => finish(inputs.filter((i) => i.checked).map((i) => i.value)) },
    });
    for (const input of inputs) input.addEventListener('change', () => (send.disabled = !inputs.some((i) => i.checked)));
    const cancel = h('button', { text: 'Cancel', attrs: { id: 'share-target-cancel', type: 'button' }, on: { click: () => finish(null) } });
    const root = h(
      'div',
      {
        attrs: {
          id: 'share-target-picker',
          role: 'dialog',
          'aria-label': 'Share with',
          style: 'position:absolute;inset:0;z-index:1000;overflow:auto;padding:16px;background:#fff;color:#1d2330',
        },
      },
      h('h2', { text: multiple ? 'Share with (pick one or more)' : 'Share with' }),
      ...rows,
      h('div', {}, cancel, ' ', send),
    );
    screen.append(root);
  });
}
