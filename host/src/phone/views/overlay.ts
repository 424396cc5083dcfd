/**
 * The app overlay: a sheet at the bottom of the phone screen holding the app's frame, 50%, 80% or
 * 100% of the screen's height for the view types compact, tall and full (spec part D, "view").
 * It exists in the DOM only while an app is open.
 */
import type { ViewType } from '#contract/bridge/protocol.js';
import { h } from '../../shared/dom.js';
import { originOf } from './frame-policy.js';
import { policedFrame } from './policed-frame.js';

/** What to show in the overlay. */
export interface OverlayContent {
  /** App name, shown in the header (`#app-title`). */
  title: string;
  /** The app's view URL, loaded in `#app-frame`. */
  url: string;
  viewType: ViewType;
}

/**
 * The overlay inside the phone screen. Elements: `#app-overlay[data-view-type]` (the sheet),
 * `#app-title`, `#app-origin`, `#app-close`, `#app-frame`, and a `.app-backdrop` behind the sheet.
 */
export class AppOverlay {
  private sheet: HTMLElement | null = null;
  private backdrop: HTMLElement | null = null;

  /**
   * @param screen the positioned phone screen (`#phone-screen`) whose height the view type divides
   * @param onCloseClick called when the user taps the close button (the owner decides how to close)
   */
  constructor(
    private readonly screen: HTMLElement,
    private readonly onCloseClick: () => void,
  ) {}

  /** True while the overlay is in the DOM. */
  get isOpen(): boolean {
    return this.sheet !== null;
  }

  /** Shows the overlay (replacing any open one) and returns its frame, already pointed at `content.url`. */
  open(content: OverlayContent): HTMLIFrameElement {
    this.close();
    const frame = policedFrame({ id: 'app-frame', title: content.title, url: content.url, referrerPolicy: 'origin' });
    this.backdrop = h('div', { className: 'app-backdrop', attrs: { 'data-view-type': content.viewType } });
    this.sheet = h(
      'section',
      {
        className: 'app-overlay',
        attrs: { id: 'app-overlay', 'data-view-type': content.viewType, role: 'dialog', 'aria-labelledby': 'app-title' },
      },
      h(
        'header',
        { className: 'app-header' },
        h(
          'div',
          { className: 'app-heading' },
          h('h2', { attrs: { id: 'app-title' }, text: content.title }),
          h('span', { attrs: { id: 'app-origin' }, className: 'app-origin', text: originOf(content.url) ?? content.url }),
        ),
        h('button', {
          className: 'icon-button',
          text: '✕',
          attrs: { id: 'app-close', type: 'button', 'aria-label': 'Close app' },
          on: { click: () => this.onCloseClick() },
        }),
      ),
      frame,
    );
    this.screen.append(this.backdrop, this.sheet);
    // Set the source last, once the sandbox is in place, so the page never loads without it.
    frame.src = content.url;
    return frame;
  }

  /**
   * Offers to add the app channel's bot as a friend (the app's `botPrompt`, LIFF server API):
   * `normal` is an option bar under the header, the app usable beside it; `aggressive` is a screen
   * of its own over the app, which the person leaves by adding the bot or by "Not now". The element
   * is `#app-bot-prompt[data-bot-prompt]`, its buttons `#app-bot-prompt-add` and
   * `#app-bot-prompt-dismiss`. Either button removes it; "Add friend" calls `onAdd` first.
   * No-op when the overlay is closed.
   */
  showBotPrompt(kind: 'normal' | 'aggressive', botName: string, onAdd: () => Promise<void>): void {
    const sheet = this.sheet;
    if (!sheet) return;
    const done = () => prompt.remove();
    const add = h('button', {
      className: 'pill-button',
      text: 'Add friend',
      attrs: { id: 'app-bot-prompt-add', type: 'button' },
      on: {
        click: () => {
          add.disabled = true;
          void onAdd().finally(done);
        },
      },
    });
    const dismiss = h('button', {
      className: 'icon-button',
      text: kind === 'aggressive' ? 'Not now' : '✕',
      attrs: { id: 'app-bot-prompt-dismiss', type: 'button', 'aria-label': 'Do not add the bot' },
      on: { click: done },
    });
    const prompt =
      kind === 'aggressive'
        ? h(
            'div',
            {
              className: 'app-bot-prompt',
              attrs: { id: 'app-bot-prompt', 'data-bot-prompt': kind, role: 'dialog', 'aria-label': 'Add friend' },
            },
            h('h3', { text: 'Add friend' }),
            h('p', { text: `Add ${botName} as a friend to get its messages.` }),
            h('div', { className: 'app-bot-prompt-actions' }, add, dismiss),
          )
        : h(
            'div',
            {
              className: 'app-bot-prompt',
              attrs: { id: 'app-bot-prompt', 'data-bot-prompt': kind, role: 'region', 'aria-label': 'Add friend' },
            },
            h('span', { text: `Add ${botName} as a friend` }),
            add,
            dismiss,
          );
    sheet.querySelector('#app-bot-prompt')?.remove();
    // The option bar sits between the header and the frame; the screen covers the frame.
    sheet.querySelector('.app-header')?.after(prompt);
  }

  /**
   * The header slot: puts `header` in place of the overlay's own header (the LIFF browser's), as
   * the frame the LINE app draws around a MINI App does (mini-app-frame/). No-op when closed.
   */
  useHeader(header: HTMLElement): void {
    this.sheet?.querySelector('.app-header')?.replaceWith(header);
  }

  /** Hides the overlay without removing it, so its frame keeps running (a minimized MINI App), or shows it again. */
  setHidden(hidden: boolean): void {
    if (this.sheet) this.sheet.hidden = hidden;
    if (this.backdrop) this.backdrop.hidden = hidden;
  }

  /** Removes the overlay and its frame from the DOM (no-op when closed). */
  close(): void {
    this.sheet?.remove();
    this.backdrop?.remove();
    this.sheet = null;
    this.backdrop = null;
  }
}
