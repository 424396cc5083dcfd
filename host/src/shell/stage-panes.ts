/**
 * The panes beside the phone that its tabs show (shell/stage.ts): the message preview with its
 * samples, the blockchain's signed requests and wallets, and a bot's insight. A chunk of the
 * host's script of its own, loaded the first time a tab other than the chat shows: on a phone the
 * tabs are not shown, and a desktop opens on the chat.
 */
import type { SimulatorApi } from '../simulator-api/phone-api.js';
import { BlockchainPane } from '../blockchain/pane.js';
import { InsightPane } from '../insight/pane.js';
import { MessagePreviewPane } from '../message-preview/pane.js';
import type { Tab } from './tabs.js';
import type { World } from '../state/world.js';

/** The tabs whose panes this chunk builds. */
export type PaneTab = Exclude<Tab, 'chat'>;

/** The panes, built. */
export interface StagePanes {
  /** Each pane's element, to put where its tab's placeholder is. */
  roots: Record<PaneTab, HTMLElement>;
  /** Called when a tab shows: a pane that reads the server reads it now. */
  shown(tab: Tab): void;
}

/**
 * Builds the panes; the blockchain's is read again every few seconds while `current()` is its tab.
 */
export function buildStagePanes(api: SimulatorApi, world: World, current: () => Tab): StagePanes {
  const preview = new MessagePreviewPane({ validate: (messages) => api.validateMessages(messages) });
  const blockchain = new BlockchainPane(() => api.blockchain(), world.urls?.blockchain ?? '');
  const insight = new InsightPane((channelId) => api.client.call('botInsight', { params: { channelId }, query: {} }), world.channels);
  blockchain.startPolling(() => current() === 'blockchain');
  return {
    roots: { simulator: preview.root, blockchain: blockchain.root, insight: insight.root },
    shown: (tab) => {
      if (tab === 'blockchain') void blockchain.refresh();
      if (tab === 'insight') void insight.refresh();
    },
  };
}
