/**
 * What the server's live feed changes on one phone's page: each event refreshes the parts that
 * show what it names. Kept apart from the shell so the feed's events and their effects read as
 * one table.
 */
import type { ChatScreen } from '../phone/chat/screen.js';
import type { DeliveryNotices } from '../phone/chat/delivery-notice.js';
import type { BridgeLog } from '../bridge-log/log.js';
import type { ServiceChat } from '../phone/chat/service-messages.js';
import type { ConsentFlow } from '../consent/flow.js';
import type { SidePanels } from './side-panels.js';
import { connectLive, listenRelayedLive } from '../simulator-api/live-feed.js';

/** The parts of a phone's page the live feed refreshes. */
export interface LiveTargets {
  chatView: HTMLElement;
  chatScreen: ChatScreen;
  notices: DeliveryNotices;
  /** The side panels, or null while they are not loaded (they read what they show when they load). */
  panels(): SidePanels | null;
  log: BridgeLog;
  serviceChat: ServiceChat;
  consent: ConsentFlow;
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
      void t.panels()?.webhooks.refresh();
      void t.notices.onDelivery(event);
    },
    onBots: () => {
      const panels = t.panels();
      void panels?.botTools.refresh();
      void panels?.webhooks.loadSettings();
      void t.reloadWorld();
    },
    onPhone: (phoneId) => t.panels()?.inspector.onPhone(phoneId),
    onFault: (event) => {
      t.log.addFault(event);
      void t.panels()?.faults.refresh();
    },
    onConsentScreen: (event) => {
      t.consent.heard(event);
      if (event.userId === t.userId()) void t.panels()?.consentPanel.refresh();
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
      const panels = t.panels();
      void panels?.webhooks.refresh();
      void panels?.faults.refresh();
      panels?.inspector.refresh();
      t.consent.resync();
    },
  });
}
