/**
 * What the server's live feed changes on one phone's page: each event refreshes the parts that
 * show what it names. Kept apart from the shell so the feed's events and their effects read as
 * one table.
 */
import type { BotTools } from '../bot-tools/group.js';
import type { ChatScreen } from '../phone/chat/screen.js';
import type { DeliveryNotices } from '../phone/chat/delivery-notice.js';
import type { FaultPanel } from '../faults/panel.js';
import type { BridgeLog } from '../bridge-log/log.js';
import type { PhoneInspectorPanel } from '../bridge-log/inspector-panel.js';
import type { ServiceChat } from '../phone/chat/service-messages.js';
import type { WebhookPanel } from '../webhooks/panel.js';
import type { ConsentFlow } from '../consent/flow.js';
import type { ConsentPanel } from '../consent/panel.js';
import { connectLive, listenRelayedLive } from '../simulator-api/live-feed.js';

/** The parts of a phone's page the live feed refreshes. */
export interface LiveTargets {
  chatView: HTMLElement;
  chatScreen: ChatScreen;
  webhooks: WebhookPanel;
  notices: DeliveryNotices;
  botTools: BotTools;
  inspector: PhoneInspectorPanel;
  log: BridgeLog;
  faults: FaultPanel;
  serviceChat: ServiceChat;
  consent: ConsentFlow;
  consentPanel: ConsentPanel;
  /** The person the phone shows now. */
  userId(): string;
  /** Reloads the world, redrawing when its chats or their members changed. */
  reloadWorld(): Promise<void>;
}

/**
 * Follows the server's live feed: a bot's reply refreshes the open chat, a delivery the webhook
 * panel, a change of bots the bot tools and the world, a fault rule's hit the Faults panel and
 * the bridge log (a line beside the request it failed). One phone of several (`phoneFrame`) hears
 * the feed its page relays (one connection for all the phones).
 */
export function followLive(phoneFrame: boolean, t: LiveTargets): void {
  (phoneFrame ? listenRelayedLive : connectLive)({
    onChat: (chatId) => {
      if (!t.chatView.hidden && t.chatView.dataset.chatId === chatId) void t.chatScreen.refresh();
    },
    onDelivery: (event) => {
      void t.webhooks.refresh();
      void t.notices.onDelivery(event);
    },
    onBots: () => {
      void t.botTools.refresh();
      void t.webhooks.loadSettings();
      void t.reloadWorld();
    },
    onPhone: (phoneId) => t.inspector.onPhone(phoneId),
    onFault: (event) => {
      t.log.addFault(event);
      void t.faults.refresh();
    },
    onConsentScreen: (event) => {
      t.consent.heard(event);
      if (event.userId === t.userId()) void t.consentPanel.refresh();
    },
    onServiceMessage: (userId) => {
      if (userId === t.userId()) void t.serviceChat.reload();
    },
    // Another world: every chat, person and app shown may be gone. A phone of several reloads with its page.
    onWorld: () => {
      if (!phoneFrame) location.reload();
    },
    onOpen: () => {
      if (!t.chatView.hidden) void t.chatScreen.refresh();
      void t.webhooks.refresh();
      void t.faults.refresh();
      t.inspector.refresh();
      t.consent.resync();
    },
  });
}
