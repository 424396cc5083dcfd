/**
 * The in-app browser: what `embed.openWindow({url, external: false})` opens. It covers the whole
 * phone screen, above the app overlay, and closing it returns to the app.
 */
import { h } from '../../shared/dom.js';
import { policedFrame } from './policed-frame.js';

/**
 * The in-app browser inside the phone screen. Elements: `#inapp-browser[data-url]`,
 * `#inapp-url` (the URL as text), `#inapp-close`, `#inapp-external`, `#inapp-frame`.
 */
export class InAppBrowser {
  private root: HTMLElement | null = null;

  constructor(private readonly screen: HTMLElement) {}

  /** True while the browser is in the DOM. */
  get isOpen(): boolean {
    return this.root !== null;
  }

  /** Shows `url` (an absolute http(s) URL, checked by the caller), replacing any page shown. */
  open(url: string): void {
    this.close();
    const frame = policedFrame({ id: 'inapp-frame', title: 'In-app browser', url, referrerPolicy: 'no-referrer' });
    this.root = h(
      'section',
      { className: 'inapp-browser', attrs: { id: 'inapp-browser', 'data-url': url, role: 'dialog', 'aria-label': 'In-app browser' } },
      h(
        'header',
        { className: 'inapp-header' },
        h('button', {
          className: 'icon-button',
          text: '✕',
          attrs: { id: 'inapp-close', type: 'button', 'aria-label': 'Close browser' },
          on: { click: () => this.close() },
        }),
        h('span', { className: 'inapp-url', text: url, attrs: { id: 'inapp-url', title: url } }),
        h('button', {
          className: 'icon-button',
          text: '↗',
          attrs: { id: 'inapp-external', type: 'button', 'aria-label': 'Open in a new tab', title: 'Open in a new tab' },
          on: { click: () => window.open(url, '_blank', 'noopener,noreferrer') },
        }),
      ),
      frame,
    );
    this.screen.append(this.root);
    // The source last, once the sandbox is in place (policed-frame.ts).
    frame.src = url;
  }

  /** Removes the browser from the DOM (no-op when closed). */
  close(): void {
    this.root?.remove();
    this.root = null;
  }
}
