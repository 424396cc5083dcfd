/**
 * How chat messages look in the phone, as the messenger shows them: each kind in its folder under
 * `../messages/` (its drawing, preview line, label and stylesheet), dispatched here through the
 * registry (`messages/index.ts`); a kind the chat does not know shows a card with the type and the
 * altText. Around the bodies: the sender, the time, the quote of a quoted message, the message's
 * own controls, the line of an unsent message, and the quick reply buttons of the last message.
 *
 * Message data only ever reaches the DOM as text (`textContent`) or as checked URLs and colors
 * (`../shared/safe.ts`); no markup from a message becomes HTML.
 */
import type { ChatMessage } from '../../simulator-api/phone-api.js';
import { h } from '../../shared/dom.js';
import type { ClientFeatures } from '../device.js';
import type { Action } from './actions.js';
import { kindOf } from '../messages/index.js';
import type { CouponCalls, RenderedContent } from '../messages/kind.js';
import { messageImage, NO_PREVIEW, obj, str } from '../messages/parts.js';
import { renderSystemNotice } from '../messages/system/view.js';
import { enableSwipe } from './swipe.js';

export type { RenderedContent } from '../messages/kind.js';

type Json = Record<string, unknown>;

/** What rendered messages do on a tap: every action (buttons, links, areas, quick replies) comes here. */
export interface RenderHandlers {
  /** `from`: the chat message whose content holds the action (none for a quick reply or a preview). */
  onAction(action: Action, from?: ChatMessage): void;
  /** What the phone's client supports (phone/device.ts); absent means a current client. */
  client?: ClientFeatures;
  /** The person's coupon calls (a coupon message's state and Use). */
  coupons?: CouponCalls;
  /** The person watched the video of chat message `from` to its end. */
  onVideoEnded?(from: ChatMessage): void;
  /** The person chose "Reply" on a message (quote it); no button without it. */
  onQuote?(message: ChatMessage): void;
  /** The person chose "Unsend" on a message of theirs; no button without it. */
  onUnsend?(message: ChatMessage): void;
  /** A message of the chat by id, for the quote shown above a message that quotes it. */
  quoted?(id: string): ChatMessage | undefined;
}

const NO_HANDLERS: RenderHandlers = { onAction: () => undefined };

/** What a message shows as a plain card: its text as a bubble, or a type label and a text. */
export type MessageView = { kind: 'text'; text: string } | { kind: 'card'; label: string; text: string };

/**
 * The plain view of a message object, for kinds the chat cannot draw (and for tests):
 * - `text` → a bubble with `text`;
 * - anything else → a card labelled by its kind (templates add the template type, e.g.
 *   "Template · buttons"; an unknown kind, its type) showing `altText` when it has one, else the
 *   kind's summary (image → "Image", sticker → "Sticker <packageId>/<stickerId>", location → its
 *   title and address on two lines, …), else "(no preview)".
 */
export function messageView(message: Record<string, unknown>): MessageView {
  const type = typeof message.type === 'string' ? message.type : 'unknown';
  if (type === 'text') return { kind: 'text', text: str(message.text) };
  const kind = kindOf(type);
  const label = kind ? kind.label(message) : type;
  return { kind: 'card', label, text: str(message.altText) || kind?.cardText?.(message) || NO_PREVIEW };
}

/**
 * The one-line preview of a message in the chat list and its notification, as the messenger
 * writes it: each kind's own line (the text of a text message; the `altText` of templates, flex
 * messages and imagemaps, as the spec says; "Photo", "Video", "Audio", "Sticker",
 * "Location: <title>" for the others); a kind the chat does not know, its `altText` or card text.
 * Line breaks become spaces.
 */
export function previewText(message: Record<string, unknown> | undefined): string {
  const m = message ?? {};
  const kind = kindOf(m.type);
  const text = kind ? kind.preview(m) : str(m.altText) || messageView(m).text;
  return text.replace(/\s+/g, ' ').trim();
}

/** "HH:MM" in the browser's time zone, or "" when the timestamp cannot be read. */
export function formatTime(timestamp: number | string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The body of one message object (no sender, no time): what the chat and the preview show; `from`: the chat message it is the body of. */
export function renderMessageContent(message: Json, handlers: RenderHandlers = NO_HANDLERS, from?: ChatMessage): RenderedContent {
  const onAction = (action: Action) => handlers.onAction(action);
  const onEnded = handlers.onVideoEnded;
  const drawn = kindOf(message.type)?.draw(message, {
    onAction,
    ...(handlers.client ? { client: handlers.client } : {}),
    ...(onEnded && from ? { onVideoEnded: () => onEnded(from) } : {}),
  });
  return drawn ?? { node: cardView(message), wide: false };
}

function cardView(message: Json): HTMLElement {
  const view = messageView(message);
  if (view.kind === 'text') return h('div', { className: 'bubble', text: view.text });
  return h(
    'div',
    { className: 'bubble card' },
    h('div', { className: 'card-type', text: view.label }),
    h('div', { className: 'card-text', text: view.text }),
  );
}

/**
 * One `.message` element: `data-sender-id`, `data-sender-type`, `data-message-id`,
 * `data-message-type`; class `mine` when the signed-in user sent it (right-aligned), else the
 * sender's name above it; class `wide` for carousels (full width, time below).
 */
export function renderMessage(msg: ChatMessage, signedInUserId: string, handlers: RenderHandlers = NO_HANDLERS): HTMLElement {
  // A notice of the chat itself: one centred line, no sender, no bubble.
  if (msg.sender.type === 'system') return renderSystemNotice(msg);
  const mine = msg.sender.type === 'user' && msg.sender.id === signedInUserId;
  // An unsent message: one centred line in its place, as the messenger shows it to everyone.
  if (msg.unsentAt !== undefined)
    return h(
      'div',
      {
        className: 'message system unsent',
        attrs: {
          'data-sender-type': msg.sender.type,
          'data-sender-id': msg.sender.id,
          'data-message-id': msg.id,
          'data-unsent': 'true',
          role: 'note',
        },
      },
      h('span', { className: 'system-text', text: mine ? 'You unsent a message' : `${msg.sender.displayName} unsent a message` }),
    );
  const message = msg.message ?? {};
  const { node, wide } = renderMessageContent(message, { ...handlers, onAction: (action) => handlers.onAction(action, msg) }, msg);
  node.classList.add('message-body');
  const classes = ['message', mine ? 'mine' : msg.sender.type];
  if (wide) classes.push('wide');
  const quotedId = typeof message.quotedMessageId === 'string' ? message.quotedMessageId : undefined;
  return h(
    'div',
    {
      className: classes.join(' '),
      attrs: {
        'data-sender-id': msg.sender.id,
        'data-sender-type': msg.sender.type,
        'data-message-id': msg.id,
        'data-message-type': str(message.type),
      },
    },
    mine ? null : h('div', { className: 'message-sender', text: msg.sender.displayName }),
    // A bot's message sent by phone number: the messenger labels notification messages.
    msg.notification ? h('div', { className: 'message-notification', text: 'Notification message' }) : null,
    quotedId ? renderQuoted(quotedId, handlers.quoted?.(quotedId)) : null,
    h(
      'div',
      { className: 'message-row' },
      node,
      h('time', { className: 'message-time', text: formatTime(msg.timestamp) }),
      messageActions(msg, mine, handlers),
    ),
  );
}

/**
 * The quote above a message that quotes another (`.message-quoted[data-quoted-id]`): the quoted
 * sender's name and the one-line preview; "Unsent message" once it was unsent, "Original message"
 * when it is not among the loaded messages.
 */
function renderQuoted(id: string, quoted: ChatMessage | undefined): HTMLElement {
  const text = !quoted ? 'Original message' : quoted.unsentAt !== undefined ? 'Unsent message' : previewText(quoted.message) || 'Message';
  return h(
    'div',
    { className: 'message-quoted', attrs: { 'data-quoted-id': id } },
    quoted ? h('strong', { className: 'message-quoted-sender', text: quoted.sender.displayName }) : null,
    h('span', { className: 'message-quoted-text', text }),
  );
}

/**
 * The message's own controls (`.message-actions`, shown on hover or focus as the messenger's
 * long-press menu): "Reply" (`.message-quote`) on any message, "Unsend" (`.message-unsend`) on the
 * person's own. Null when the screen gives no handler (the message preview).
 */
function messageActions(msg: ChatMessage, mine: boolean, handlers: RenderHandlers): HTMLElement | null {
  const quote = handlers.onQuote;
  const unsend = mine ? handlers.onUnsend : undefined;
  if (!quote && !unsend) return null;
  const button = (kind: string, text: string, title: string, act: (m: ChatMessage) => void) =>
    h('button', { className: `message-action message-${kind}`, text, attrs: { type: 'button', title }, on: { click: () => act(msg) } });
  return h(
    'div',
    { className: 'message-actions' },
    quote ? button('quote', 'Reply', 'Quote this message in your reply', quote) : null,
    unsend ? button('unsend', 'Unsend', 'Unsend this message for everyone', unsend) : null,
  );
}

/** Most quick reply buttons drawn (the platform allows 13). */
export const MAX_QUICK_REPLY_ITEMS = 13;

/**
 * The quick reply buttons of a message (`quickReply.items[]`, each `{type: 'action', imageUrl?,
 * action}`): `#quick-replies` > `button.quick-reply[data-action-type]` with an icon (the item's
 * `imageUrl`, or the camera / camera roll / location icon) and the label. `null` when none.
 * A client without quick reply (spec Versioning: 8.11.0; the desktop app) shows instead a muted
 * `.quick-replies-unsupported` line saying so, the rule as its tooltip.
 */
export function renderQuickReply(message: Json | undefined, handlers: RenderHandlers = NO_HANDLERS): HTMLElement | null {
  const items = Array.isArray(obj(message?.quickReply)?.items) ? (obj(message?.quickReply)!.items as unknown[]) : [];
  const buttons: HTMLElement[] = [];
  for (const raw of items.slice(0, MAX_QUICK_REPLY_ITEMS)) {
    const item = obj(raw);
    const action = obj(item?.action);
    if (!item || !action || typeof action.type !== 'string') continue;
    const icon =
      typeof item.imageUrl === 'string'
        ? messageImage(item.imageUrl, 'qr-icon')
        : action.type === 'camera' || action.type === 'cameraRoll' || action.type === 'location'
          ? h('span', { className: `qr-icon qr-icon-${action.type}`, attrs: { 'aria-hidden': 'true' } })
          : null;
    buttons.push(
      h(
        'button',
        {
          className: 'quick-reply',
          attrs: { type: 'button', 'data-action-type': action.type },
          on: { click: () => handlers.onAction(action) },
        },
        icon,
        h('span', { className: 'qr-label', text: str(action.label) }),
      ),
    );
  }
  if (!buttons.length) return null;
  const support = handlers.client?.quickReply;
  if (support && !support.supported)
    return h('div', {
      className: 'quick-replies-unsupported',
      attrs: { id: 'quick-replies', role: 'note', title: support.why },
      text: `${buttons.length} quick reply button${buttons.length === 1 ? '' : 's'} not shown on this client`,
    });
  return enableSwipe(
    h('div', { className: 'quick-replies', attrs: { id: 'quick-replies', role: 'group', 'aria-label': 'Quick replies' } }, ...buttons),
  );
}

/**
 * The chat's messages as elements, oldest first, with the quick reply buttons of the last message
 * under it (they disappear once another message follows, as in the messenger).
 */
export function renderChatMessages(messages: ChatMessage[], signedInUserId: string, handlers: RenderHandlers = NO_HANDLERS): HTMLElement[] {
  const nodes = messages.map((m) => renderMessage(m, signedInUserId, handlers));
  const quick = renderQuickReply(messages.at(-1)?.message, handlers);
  if (quick) nodes.push(quick);
  return nodes;
}
