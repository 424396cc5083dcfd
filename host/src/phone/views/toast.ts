/**
 * Toasts: short notices at the top of the phone screen ("Postback sent", "Blocked a javascript:
 * link"), gone after a few seconds. Text only.
 */
import { h } from '../../shared/dom.js';

/** How long a toast stays, in milliseconds. */
export const TOAST_MS = 4000;

/** Most toasts shown at once; older ones go first. */
const MAX_TOASTS = 3;

/** The toast stack of one phone screen: `.toast-stack` > `.toast[data-kind]`. */
export class Toasts {
  private stack: HTMLElement | null = null;

  /** @param screen the positioned phone screen (`#phone-screen`) */
  constructor(private readonly screen: HTMLElement) {}

  /** Shows `text`; `kind` colors it (`info`, `ok`, `error`). Returns the element (tests read it). */
  show(text: string, kind: 'info' | 'ok' | 'error' = 'info'): HTMLElement {
    if (!this.stack || !this.stack.isConnected) {
      this.stack = h('div', { className: 'toast-stack', attrs: { role: 'status', 'aria-live': 'polite' } });
      this.screen.append(this.stack);
    }
    const toast = h('div', { className: 'toast', text, attrs: { 'data-kind': kind } });
    this.stack.append(toast);
    while (this.stack.children.length > MAX_TOASTS) this.stack.firstElementChild?.remove();
    setTimeout(() => toast.remove(), TOAST_MS);
    return toast;
  }
}
