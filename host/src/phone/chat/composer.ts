/**
 * The phone's message composer, at the bottom of the chat screen: a text field with a send
 * button, and a "+" menu to send a sticker, an image, a video, an audio file, any file, a
 * location or another user's contact as the signed-in user. Text, stickers and locations go through
 * the simulator API's `sendMessage` route; media are uploaded as binary with its `sendMedia` route,
 * which keeps them for the bot's content endpoint.
 * A message chosen to quote (the messenger's "Reply") shows in a bar over the field until the next
 * text or sticker is sent with it (`quotedMessageId`), or the bar is closed.
 */
import type { ChatMessage } from '#contract/wire.js';
import type { MediaUpload } from '../../simulator-api/bot-api.js';
import { h, replaceChildren } from '../../shared/dom.js';

/** What the composer needs from the page. */
export interface ComposerDeps {
  /** The chat on screen and the signed-in user, or null when no chat shows. */
  target(): { chatId: string; userId: string } | null;
  /** `quotedMessageId`: the message the person quotes (text and sticker only). */
  sendMessage(chatId: string, userId: string, message: Record<string, unknown>, quotedMessageId?: string): Promise<ChatMessage>;
  sendMedia(chatId: string, upload: MediaUpload): Promise<ChatMessage>;
  /** Shares a user's contact (the v1 bots' contentType 10). */
  shareContact(chatId: string, userId: string, mid: string): Promise<ChatMessage>;
  /** The users whose contact can be shared: every user of the world. */
  contacts(): { userId: string; displayName: string }[];
  /** A message was sent: reload the chat. */
  onSent(): void;
  /** A send failed: tell the user. */
  onError(message: string): void;
}

/** Stickers offered by the menu: package and sticker ids of the platform's free sticker set. */
export const STICKERS: readonly { packageId: string; stickerId: string; label: string }[] = [
  { packageId: '446', stickerId: '1988', label: '👍' },
  { packageId: '446', stickerId: '1989', label: '😄' },
  { packageId: '446', stickerId: '1990', label: '😢' },
  { packageId: '446', stickerId: '1991', label: '😮' },
  { packageId: '789', stickerId: '10855', label: '🎉' },
  { packageId: '789', stickerId: '10856', label: '❤️' },
];

type Attachment = 'sticker' | 'image' | 'video' | 'audio' | 'file' | 'location' | 'contact';
const ATTACHMENTS: readonly { kind: Attachment; label: string }[] = [
  { kind: 'sticker', label: 'Sticker' },
  { kind: 'image', label: 'Image' },
  { kind: 'video', label: 'Video' },
  { kind: 'audio', label: 'Audio' },
  { kind: 'file', label: 'File' },
  { kind: 'location', label: 'Location' },
  { kind: 'contact', label: 'Contact' },
];
const ACCEPT: Record<'image' | 'video' | 'audio' | 'file', string> = { image: 'image/*', video: 'video/*', audio: 'audio/*', file: '' };

/**
 * The composer element (`.composer`): `#chat-input`, `#chat-send`, `#chat-attach` (the "+"),
 * and a sheet `#composer-sheet` with `[data-attach=<kind>]` buttons, the sticker grid
 * (`[data-sticker]`) and the location form (`#composer-location`).
 */
export class Composer {
  readonly root: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly sheet: HTMLElement;
  private readonly fileInput: HTMLInputElement;
  private pendingKind: 'image' | 'video' | 'audio' | 'file' = 'image';
  private busy = false;
  /** The message the next text or sticker quotes, shown in {@link quoteBar}. */
  private quoted: { id: string; chatId: string } | null = null;
  private readonly quoteBar: HTMLElement;

  constructor(private readonly deps: ComposerDeps) {
    this.input = h('input', {
      className: 'composer-input',
      attrs: { id: 'chat-input', type: 'text', placeholder: 'Message', autocomplete: 'off', maxlength: 5000, 'aria-label': 'Message' },
      on: {
        keydown: (e) => {
          if (e.key === 'Enter' && !e.isComposing) {
            e.preventDefault();
            void this.sendText();
          }
        },
      },
    });
    this.fileInput = h('input', { attrs: { type: 'file', hidden: true, id: 'composer-file' }, on: { change: () => void this.sendFile() } });
    this.sheet = h('div', { className: 'composer-sheet', attrs: { id: 'composer-sheet', hidden: true } });
    const attach = h('button', {
      className: 'icon-button composer-attach',
      text: '+',
      attrs: {
        id: 'chat-attach',
        type: 'button',
        'aria-label': 'Attach',
        'aria-expanded': 'false',
        title: 'Sticker, image, video, audio, file, location',
      },
      on: { click: () => this.toggleSheet() },
    });
    const send = h('button', {
      className: 'pill-button composer-send',
      text: 'Send',
      attrs: { id: 'chat-send', type: 'button' },
      on: { click: () => void this.sendText() },
    });
    this.quoteBar = h('div', { className: 'composer-quote', attrs: { id: 'composer-quote', hidden: true } });
    this.root = h('div', { className: 'composer' }, this.quoteBar, this.sheet, attach, this.input, send, this.fileInput);
    this.showMenu();
  }

  /** Empties the field and closes the menu (another chat was opened). */
  reset(): void {
    this.input.value = '';
    this.closeSheet();
    this.clearQuote();
  }

  /**
   * The person chose to quote `message` (the messenger's "Reply"): the bar `#composer-quote` names
   * its sender and preview, and the next text or sticker sent in that chat quotes it.
   */
  quote(message: ChatMessage, preview: string): void {
    this.quoted = { id: message.id, chatId: message.chatId };
    replaceChildren(this.quoteBar, [
      h(
        'div',
        { className: 'composer-quote-text' },
        h('strong', { text: message.sender.displayName }),
        h('span', { text: preview || 'Message' }),
      ),
      h('button', {
        className: 'icon-button',
        text: '×',
        attrs: { id: 'composer-quote-cancel', type: 'button', 'aria-label': 'Do not quote' },
        on: { click: () => this.clearQuote() },
      }),
    ]);
    this.quoteBar.hidden = false;
    this.input.focus();
  }

  private clearQuote(): void {
    this.quoted = null;
    this.quoteBar.hidden = true;
    replaceChildren(this.quoteBar, []);
  }

  private toggleSheet(): void {
    if (this.sheet.hidden) {
      this.showMenu();
      this.sheet.hidden = false;
      this.root.querySelector('#chat-attach')?.setAttribute('aria-expanded', 'true');
    } else this.closeSheet();
  }

  private closeSheet(): void {
    this.sheet.hidden = true;
    this.root.querySelector('#chat-attach')?.setAttribute('aria-expanded', 'false');
  }

  private showMenu(): void {
    replaceChildren(this.sheet, [
      h(
        'div',
        { className: 'composer-menu' },
        ...ATTACHMENTS.map((a) =>
          h('button', {
            className: 'composer-item',
            text: a.label,
            attrs: { type: 'button', 'data-attach': a.kind },
            on: { click: () => this.pick(a.kind) },
          }),
        ),
      ),
    ]);
  }

  private pick(kind: Attachment): void {
    if (kind === 'sticker') return this.showStickers();
    if (kind === 'location') return this.showLocation();
    if (kind === 'contact') return this.showContacts();
    this.pendingKind = kind;
    this.fileInput.accept = ACCEPT[kind];
    this.fileInput.value = '';
    this.fileInput.click();
  }

  private showStickers(): void {
    replaceChildren(this.sheet, [
      h(
        'div',
        { className: 'composer-stickers' },
        ...STICKERS.map((s) =>
          h('button', {
            className: 'composer-sticker',
            text: s.label,
            attrs: { type: 'button', 'data-sticker': `${s.packageId}/${s.stickerId}`, title: `Sticker ${s.packageId}/${s.stickerId}` },
            on: { click: () => void this.send({ type: 'sticker', packageId: s.packageId, stickerId: s.stickerId }) },
          }),
        ),
      ),
    ]);
  }

  private showLocation(): void {
    const field = (name: string, label: string, value: string, type = 'text') =>
      h(
        'label',
        { className: 'field' },
        h('span', { text: label }),
        h('input', { attrs: { name, value, type, step: type === 'number' ? 'any' : undefined, required: true } }),
      );
    const form = h(
      'form',
      {
        className: 'composer-location',
        attrs: { id: 'composer-location' },
        on: {
          submit: (e) => {
            e.preventDefault();
            const data = new FormData(form);
            const latitude = Number(data.get('latitude'));
            const longitude = Number(data.get('longitude'));
            if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
              return this.deps.onError('Latitude and longitude must be numbers');
            void this.send({
              type: 'location',
              title: String(data.get('title') ?? ''),
              address: String(data.get('address') ?? ''),
              latitude,
              longitude,
            });
          },
        },
      },
      field('title', 'Title', 'Tokyo Station'),
      field('address', 'Address', '1 Chome Marunouchi, Chiyoda City, Tokyo'),
      field('latitude', 'Latitude', '35.681236', 'number'),
      field('longitude', 'Longitude', '139.767125', 'number'),
      h('button', { className: 'primary', text: 'Send location', attrs: { type: 'submit' } }),
    );
    replaceChildren(this.sheet, [form]);
  }

  /** The people whose contact the user can share (`[data-contact=<userId>]`), the user excluded. */
  private showContacts(): void {
    const me = this.deps.target()?.userId;
    replaceChildren(this.sheet, [
      h(
        'div',
        { className: 'composer-menu', attrs: { id: 'composer-contacts', role: 'group', 'aria-label': 'Share a contact' } },
        ...this.deps
          .contacts()
          .filter((c) => c.userId !== me)
          .map((c) =>
            h('button', {
              className: 'composer-item',
              text: c.displayName,
              attrs: { type: 'button', 'data-contact': c.userId, title: `Share ${c.displayName}'s contact` },
              on: { click: () => void this.shareContact(c.userId) },
            }),
          ),
      ),
    ]);
  }

  private async shareContact(mid: string): Promise<void> {
    const target = this.deps.target();
    if (!target || this.busy) return;
    this.busy = true;
    try {
      await this.deps.shareContact(target.chatId, target.userId, mid);
      this.closeSheet();
      this.deps.onSent();
    } catch (err) {
      this.deps.onError(`Could not share the contact: ${(err as Error).message}`);
    } finally {
      this.busy = false;
    }
  }

  private async sendText(): Promise<void> {
    const text = this.input.value;
    if (!text.trim()) return;
    if (await this.send({ type: 'text', text })) this.input.value = '';
  }

  /** Sends one message as the user. @returns whether it was sent. */
  private async send(message: Record<string, unknown>): Promise<boolean> {
    const target = this.deps.target();
    if (!target || this.busy) return false;
    this.busy = true;
    try {
      const quote =
        this.quoted?.chatId === target.chatId && (message.type === 'text' || message.type === 'sticker') ? this.quoted.id : undefined;
      await (quote
        ? this.deps.sendMessage(target.chatId, target.userId, message, quote)
        : this.deps.sendMessage(target.chatId, target.userId, message));
      if (quote) this.clearQuote();
      this.closeSheet();
      this.deps.onSent();
      return true;
    } catch (err) {
      this.deps.onError(`Could not send: ${(err as Error).message}`);
      return false;
    } finally {
      this.busy = false;
    }
  }

  private async sendFile(): Promise<void> {
    const file = this.fileInput.files?.[0];
    const target = this.deps.target();
    if (!file || !target) return;
    const type = this.pendingKind;
    try {
      const durationMs = type === 'audio' ? await audioDurationMs(file) : undefined;
      await this.deps.sendMedia(target.chatId, {
        userId: target.userId,
        type,
        file,
        fileName: file.name,
        ...(durationMs ? { durationMs } : {}),
      });
      this.closeSheet();
      this.deps.onSent();
    } catch (err) {
      this.deps.onError(`Could not send the ${type}: ${(err as Error).message}`);
    }
  }
}

/** Length of an audio file in ms, or undefined when the browser cannot tell within a second. */
function audioDurationMs(file: Blob): Promise<number | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (ms: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(ms);
    };
    const timer = setTimeout(() => done(undefined), 1000);
    audio.addEventListener('loadedmetadata', () => {
      clearTimeout(timer);
      done(Number.isFinite(audio.duration) ? audio.duration * 1000 : undefined);
    });
    audio.addEventListener('error', () => {
      clearTimeout(timer);
      done(undefined);
    });
    audio.preload = 'metadata';
    audio.src = url;
  });
}
