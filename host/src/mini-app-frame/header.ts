/**
 * The header the LINE app generates for a MINI App (LINE MINI App docs, "LINE MINI App UI
 * Components", numbered as there): (4) the back button, (1) the service name, the subtext, (2)
 * the action button, (3) the close or minimize button, (5) the loading bar. Which ones and how,
 * `rules.ts` decides; this draws them, every value as text.
 *
 * Elements: `header#mini-app-header.app-header[data-action][data-end]`, `#app-back` (hidden while
 * the page has no page before it), `#app-title` (the service name), `#app-subtext[data-subtext]`
 * (`domain`, or `name-and-badge` with `#app-verified`), `#app-action`, `#app-close` or
 * `#app-minimize`, `#app-loading` (hidden once the page loaded).
 */
import { h } from '../shared/dom.js';
import type { Frame } from './rules.js';
import type { FrameTexts } from './texts.js';

/** The MINI App header's frame (`rules.ts`). */
export type MiniAppFrameRules = Extract<Frame, { header: 'mini-app' }>;

/** What the header's buttons do. */
export interface HeaderActions {
  back(): void;
  action(): void;
  close(): void;
  minimize(): void;
}

/** The header of one open MINI App; its parts change as the page reports itself. */
export class MiniAppHeader {
  /** The header element, to put in the overlay's header slot. */
  readonly root: HTMLElement;
  private readonly title: HTMLElement;
  private readonly subtext: HTMLElement;
  private readonly backButton: HTMLButtonElement;
  private readonly loadingBar: HTMLElement;

  /**
   * @param frame which parts to show (`rules.ts`)
   * @param appName the MINI App's registered name: the verified subtext, and the service name until the page tells its title
   */
  constructor(frame: MiniAppFrameRules, texts: FrameTexts, appName: string, actions: HeaderActions) {
    const button = (id: string, text: string, label: string, onClick: () => void, extra: Record<string, string> = {}) =>
      h('button', {
        className: 'icon-button',
        text,
        attrs: { id, type: 'button', 'aria-label': label, title: label, ...extra },
        on: { click: onClick },
      });
    this.backButton = button('app-back', '‹', texts.back, () => actions.back());
    this.backButton.hidden = true;
    this.title = h('h2', { attrs: { id: 'app-title' }, text: appName });
    this.subtext = h('span', { className: 'app-origin', attrs: { id: 'app-subtext', 'data-subtext': frame.subtext } });
    if (frame.subtext === 'name-and-badge') {
      this.subtext.append(
        h('span', { className: 'mini-app-name', text: appName }),
        h('span', {
          className: 'verified-badge',
          text: '✓',
          attrs: { id: 'app-verified', role: 'img', 'aria-label': texts.verified, title: texts.verified },
        }),
      );
    }
    const end =
      frame.end === 'minimize'
        ? button('app-minimize', '⌄', texts.minimize, () => actions.minimize())
        : button('app-close', '✕', texts.close, () => actions.close());
    this.loadingBar = h('div', {
      className: 'mini-app-loading',
      attrs: { id: 'app-loading', role: 'progressbar', 'aria-label': texts.loading },
    });
    this.root = h(
      'header',
      {
        className: 'app-header mini-app-header',
        attrs: { id: 'mini-app-header', 'data-action': frame.action, 'data-end': frame.end },
      },
      this.backButton,
      h('div', { className: 'app-heading' }, this.title, this.subtext),
      button('app-action', '⋯', texts.actionButton, () => actions.action(), { 'aria-haspopup': 'dialog' }),
      end,
      this.loadingBar,
    );
  }

  /** Shows the service name (text: a title never renders as markup). */
  setTitle(name: string): void {
    this.title.textContent = name;
  }

  /** Shows the domain of an unverified MINI App's page (no-op for a verified one, whose subtext is its name). */
  setDomain(domain: string): void {
    if (this.subtext.dataset.subtext === 'domain') this.subtext.textContent = domain;
  }

  /** Shows the back button while the page has a page before it. */
  setCanGoBack(canGoBack: boolean): void {
    this.backButton.hidden = !canGoBack;
  }

  /** Shows the loading bar from a load's start until the page's `load` event. */
  setLoading(loading: boolean): void {
    this.loadingBar.hidden = !loading;
    this.root.toggleAttribute('data-loading', loading);
  }
}
