/**
 * The stage around one phone: the panes beside it (the message preview, the blockchain's signed
 * requests and wallets, a bot's insight) and the tabs that switch between them. A pane that reads
 * the server is read only while it shows.
 */
import type { SimulatorApi } from '../simulator-api/phone-api.js';
import { BlockchainPane } from '../blockchain/pane.js';
import { InsightPane } from '../insight/pane.js';
import { MessagePreviewPane } from '../message-preview/pane.js';
import { StageTabs, tabOfSearch } from './tabs.js';
import type { World } from '../state/world.js';

/**
 * The tabs over the phone: "Chat", "Simulator" (the message preview beside the phone,
 * `?tab=simulator`) and "Blockchain" (signed requests with their verdicts, wallets, tokens,
 * transactions), which is read only while it shows. `screen` is the phone's screen; `onSwitch`
 * hears every change of tab.
 */
export function mountStageTabs(screen: HTMLElement, api: SimulatorApi, world: World, onSwitch: () => void): StageTabs {
  const phone = screen.closest<HTMLElement>('.phone')!;
  const preview = new MessagePreviewPane({ validate: (messages) => api.validateMessages(messages) });
  phone.after(preview.root);
  const blockchain = new BlockchainPane(() => api.blockchain(), world.urls?.blockchain ?? '');
  preview.root.after(blockchain.root);
  const insight = new InsightPane((channelId) => api.client.call('botInsight', { params: { channelId }, query: {} }), world.channels);
  blockchain.root.after(insight.root);
  const tabs = new StageTabs(
    phone.parentElement!,
    { chat: phone, simulator: preview.root, blockchain: blockchain.root, insight: insight.root },
    tabOfSearch(location.search),
    (tab) => {
      if (tab === 'blockchain') void blockchain.refresh();
      if (tab === 'insight') void insight.refresh();
      onSwitch();
    },
  );
  if (tabs.current === 'blockchain') void blockchain.refresh();
  if (tabs.current === 'insight') void insight.refresh();
  blockchain.startPolling(() => tabs.current === 'blockchain');
  return tabs;
}
