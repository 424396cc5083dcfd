/**
 * The stage around one phone: the tabs over it ("Chat", "Simulator": the message preview,
 * "Blockchain": signed requests with their verdicts, wallets, tokens, transactions; "Insight": a
 * bot's figures) and the panes they switch to. The panes are a chunk of the script of their own
 * (stage-panes.ts), loaded the first time their tab shows; a pane that reads the server is read
 * only while it shows.
 */
import type { SimulatorApi } from '../simulator-api/phone-api.js';
import { h } from '../shared/dom.js';
import { StageTabs, tabOfSearch, type Tab } from './tabs.js';
import type { PaneTab, StagePanes } from './stage-panes.js';
import type { World } from '../state/world.js';

const PANE_TABS: readonly PaneTab[] = ['simulator', 'blockchain', 'insight'];

/**
 * The tabs over the phone (`?tab=simulator` opens one). `screen` is the phone's screen;
 * `onSwitch` hears every change of tab.
 */
export function mountStageTabs(screen: HTMLElement, api: SimulatorApi, world: World, onSwitch: () => void): StageTabs {
  const phone = screen.closest<HTMLElement>('.phone')!;
  // Where each pane goes once loaded, in the order the panes sit after the phone.
  const placeholders = Object.fromEntries(PANE_TABS.map((tab) => [tab, h('section', { attrs: { 'data-pane': tab } })])) as Record<
    PaneTab,
    HTMLElement
  >;
  phone.after(...PANE_TABS.map((tab) => placeholders[tab]));
  let loading: Promise<StagePanes> | null = null;
  const load = (): Promise<StagePanes> =>
    (loading ??= import('./stage-panes.js').then(({ buildStagePanes }) => {
      const panes = buildStagePanes(api, world, () => tabs.current);
      for (const tab of PANE_TABS) {
        placeholders[tab].replaceWith(panes.roots[tab]);
        tabs.replacePane(tab, panes.roots[tab]);
      }
      return panes;
    }));
  const showPane = (tab: Tab): void => {
    if (tab === 'chat') return;
    load().then(
      (panes) => panes.shown(tab),
      // A chunk that could not be fetched: the tab stays empty, and showing it again tries again.
      () => (loading = null),
    );
  };
  const tabs = new StageTabs(phone.parentElement!, { chat: phone, ...placeholders }, tabOfSearch(location.search), (tab) => {
    showPane(tab);
    onSwitch();
  });
  showPane(tabs.current);
  return tabs;
}
