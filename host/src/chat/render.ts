/**
 * How one chat message looks in the phone: a text bubble, or a card for any other kind.
 * Message data only ever reaches the DOM through `textContent`.
 */
import type { ChatMessage } from '../api.js';
import { h } from '../dom.js';

/** What a message shows: its text as a bubble, or a card with a type label and a text. */
export type MessageView = { kind: 'text'; text: string } | { kind: 'card'; label: string; text: string };

const LABELS: Record<string, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  sticker: 'Sticker',
  location: 'Location',
  imagemap: 'Imagemap',
  template: 'Template',
  flex: 'Flex message',
};

/**
 * The view of a message object (spec part B message objects):
 * - `text` → a bubble with `text` (line breaks kept by the stylesheet);
 * - anything else → a card labelled with its type (templates add the template type, e.g.
 *   "Template · buttons") showing `altText` when it has one, else a summary: image → "Image",
 *   video → "Video", audio → "Audio", sticker → "Sticker <packageId>/<stickerId>", location →
 *   its title and address on two lines; else "(no preview)".
 */
export function messageView(message: Record<string, unknown>): MessageView {
  const type = typeof message.type === 'string' ? message.type : 'unknown';
  if (type === 'text') return { kind: 'text', text: str(message.text) };
  let label = LABELS[type] ?? type;
  const template = message.template as Record<string, unknown> | undefined;
  if (type === 'template' && template && typeof template.type === 'string') label += ` · ${template.type}`;
  const altText = str(message.altText);
  return { kind: 'card', label, text: altText || summary(type, message) };
}

function summary(type: string, m: Record<string, unknown>): string {
  switch (type) {
    case 'image':
      return 'Image';
    case 'video':
      return 'Video';
    case 'audio':
      return 'Audio';
    case 'sticker':
      return `Sticker ${str(m.packageId)}/${str(m.stickerId)}`;
    case 'location':
      return [str(m.title), str(m.address)].filter(Boolean).join('\n') || 'Location';
    default:
      return '(no preview)';
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** "HH:MM" in the browser's time zone, or "" when the timestamp cannot be read. */
export function formatTime(timestamp: number | string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * One `.message` element: `data-sender-id`, `data-sender-type`, class `mine` when the signed-in
 * user sent it (right-aligned, green), else the sender's name above it.
 */
export function renderMessage(msg: ChatMessage, signedInUserId: string): HTMLElement {
  const mine = msg.sender.type === 'user' && msg.sender.id === signedInUserId;
  const view = messageView(msg.message ?? {});
  const body =
    view.kind === 'text'
      ? h('div', { className: 'bubble', text: view.text })
      : h(
          'div',
          { className: 'bubble card', attrs: { 'data-message-type': String(msg.message?.type ?? '') } },
          h('div', { className: 'card-type', text: view.label }),
          h('div', { className: 'card-text', text: view.text }),
        );
  return h(
    'div',
    {
      className: mine ? 'message mine' : `message ${msg.sender.type}`,
      attrs: { 'data-sender-id': msg.sender.id, 'data-sender-type': msg.sender.type, 'data-message-id': msg.id },
    },
    mine ? null : h('div', { className: 'message-sender', text: msg.sender.displayName }),
    h('div', { className: 'message-row' }, body, h('time', { className: 'message-time', text: formatTime(msg.timestamp) })),
  );
}
