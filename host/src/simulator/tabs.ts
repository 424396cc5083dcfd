/**
 * The host's two tabs above the stage: "Chat" (the phone) and "Simulator" (the message preview).
 * The tab is part of the URL (`tab=simulator`), so a link opens the preview directly.
 */
import { h } from '../dom.js';

/** The host's tabs. */
export type Tab = 'chat' | 'simulator';

/** The tab a query string asks for (`?tab=simulator`); `chat` otherwise. */
export function tabOfSearch(search: string): Tab {
  return new URLSearchParams(search).get('tab') === 'simulator' ? 'simulator' : 'chat';
}

/** `query` (a query string with `?`, or "") with `tab=simulator` appended when that tab shows. */
export function withTab(query: string, tab: Tab): string {
  if (tab !== 'simulator') return query;
  return query ? `${query}&tab=simulator` : '?tab=simulator';
}

/**
 * The tab bar (`#stage-tabs`, buttons `[data-tab]`) put at the top of `stage`; it shows `chat`
 * (the phone) or `simulator` (the pane) and reports changes.
 */
export class StageTabs {
  private tab: Tab;
  private readonly buttons: Record<Tab, HTMLButtonElement>;

  constructor(
    stage: HTMLElement,
    private readonly panes: Record<Tab, HTMLElement>,
    initial: Tab,
    private readonly onChange: (tab: Tab) => void,
  ) {
    this.tab = initial;
    const button = (tab: Tab, text: string) =>
      h('button', { className: 'stage-tab', text, attrs: { type: 'button', role: 'tab', 'data-tab': tab, id: `tab-${tab}` }, on: { click: () => this.show(tab) } });
    this.buttons = { chat: button('chat', 'Chat'), simulator: button('simulator', 'Simulator') };
    stage.classList.add('has-tabs');
    stage.prepend(h('nav', { className: 'stage-tabs', attrs: { id: 'stage-tabs', role: 'tablist', 'aria-label': 'Host view' } }, this.buttons.chat, this.buttons.simulator));
    this.apply();
  }

  /** The tab on screen. */
  get current(): Tab {
    return this.tab;
  }

  /** Shows `tab` (no-op when it already shows). */
  show(tab: Tab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.apply();
    this.onChange(tab);
  }

  private apply(): void {
    for (const t of ['chat', 'simulator'] as const) {
      this.panes[t].hidden = t !== this.tab;
      this.buttons[t].setAttribute('aria-selected', String(t === this.tab));
    }
  }
}
