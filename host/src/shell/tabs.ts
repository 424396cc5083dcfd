/**
 * The host's tabs above the stage: "Chat" (the phone), "Simulator" (the message preview) and
 * "Blockchain" (part A: wallets, tokens, transactions and signed requests). The tab is part of
 * the URL (`tab=simulator`, `tab=blockchain`), so a link opens it directly. "Insight": a bot's
 * insight figures (insight/pane.ts).
 */
import { h } from '../shared/dom.js';

/** The host's tabs, in their order on screen. */
export const TABS = ['chat', 'simulator', 'blockchain', 'insight'] as const;
export type Tab = (typeof TABS)[number];

const LABELS: Record<Tab, string> = { chat: 'Chat', simulator: 'Simulator', blockchain: 'Blockchain', insight: 'Insight' };

/** The tab a query string asks for (`?tab=simulator`, `?tab=blockchain`); `chat` otherwise. */
export function tabOfSearch(search: string): Tab {
  const asked = new URLSearchParams(search).get('tab');
  return (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'chat';
}

/** `query` (a query string with `?`, or "") with `tab=<tab>` appended when a tab other than chat shows. */
export function withTab(query: string, tab: Tab): string {
  if (tab === 'chat') return query;
  return query ? `${query}&tab=${tab}` : `?tab=${tab}`;
}

/**
 * The tab bar (`#stage-tabs`, buttons `[data-tab]`) put at the top of `stage`; it shows one pane
 * of `panes` at a time and reports changes.
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
      h('button', {
        className: 'stage-tab',
        text,
        attrs: { type: 'button', role: 'tab', 'data-tab': tab, id: `tab-${tab}` },
        on: { click: () => this.show(tab) },
      });
    this.buttons = Object.fromEntries(TABS.map((t) => [t, button(t, LABELS[t])])) as Record<Tab, HTMLButtonElement>;
    stage.classList.add('has-tabs');
    stage.prepend(
      h(
        'nav',
        { className: 'stage-tabs', attrs: { id: 'stage-tabs', role: 'tablist', 'aria-label': 'Host view' } },
        ...TABS.map((t) => this.buttons[t]),
      ),
    );
    this.apply();
  }

  /** The tab on screen. */
  get current(): Tab {
    return this.tab;
  }

  /** Puts `pane` in place of what `tab` showed until now (a pane loaded late), hidden unless its tab shows. */
  replacePane(tab: Tab, pane: HTMLElement): void {
    this.panes[tab] = pane;
    this.apply();
  }

  /** Shows `tab` (no-op when it already shows). */
  show(tab: Tab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.apply();
    this.onChange(tab);
  }

  private apply(): void {
    for (const t of TABS) {
      this.panes[t].hidden = t !== this.tab;
      this.buttons[t].setAttribute('aria-selected', String(t === this.tab));
    }
  }
}
