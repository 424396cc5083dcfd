/**
 * The panels beside the phone (docs/project/host-delivery.md): the simulated time and friendship,
 * the person's activity and consents, the LAN QR code, the bot's tools, the webhooks, faults,
 * the Review tool and the remote inspector's view of other phones. A chunk of the host's script of
 * its own: the shell loads it when the panels show (at once on a desktop, when the drawer opens on
 * a phone), so a phone's first paint does not wait for them. Each panel reads what it shows when
 * it is built, so nothing the live feed said before it loaded is missed.
 *
 * Elements it finds by id: `#sim-panel`, `#activity-panel`, `#consent-panel`, `#lan-qr`,
 * `#bot-tools`, `#webhook-panel`, `#fault-panel`, `#review-panel`, `#inspect-phone`,
 * `#inspect-phone-info`, `#bridge-log`, `#phone-log`.
 */
import type { SimulatorApi } from '../simulator-api/phone-api.js';
import type { BotApi } from '../simulator-api/bot-api.js';
import type { ActivityReports } from '../activity/reports.js';
import { mountActivityPanel } from '../activity/panel.js';
import { BotTools } from '../bot-tools/group.js';
import { FaultPanel } from '../faults/panel.js';
import { ReviewPanel, type ReviewableApp } from '../review/panel.js';
import { TimeAndFriendshipPanel } from '../time-and-friendship/panel.js';
import { PhoneInspectorPanel } from '../bridge-log/inspector-panel.js';
import { showLanQrCode } from '../lan/qr-panel.js';
import { WebhookPanel } from '../webhooks/panel.js';
import { ConsentPanel } from '../consent/panel.js';
import { byId } from '../shared/dom.js';
import type { HostState } from '../state/host-state.js';
import type { World } from '../state/world.js';

/** What the panels are built from. */
export interface SidePanelDeps {
  api: SimulatorApi;
  botApi: BotApi;
  /** The world now (the panels built later than the page see the newest). */
  world(): World;
  /** Reloads the world after a bot tool changed it. */
  reloadWorld(): void;
  /** What the phone's client reports to `liff.activity`. */
  activity: ActivityReports;
  /** This page's id as a phone of the remote inspector. */
  phoneId: string;
  /** A person's display name, by user ID. */
  displayName(userId: string): string;
}

/** The side panels of one phone's page. */
export class SidePanels {
  private readonly timeAndFriendship: TimeAndFriendshipPanel;
  readonly consentPanel: ConsentPanel;
  readonly botTools: BotTools;
  readonly webhooks: WebhookPanel;
  readonly faults: FaultPanel;
  private readonly review: ReviewPanel;
  readonly inspector: PhoneInspectorPanel;

  constructor(deps: SidePanelDeps) {
    const { api, botApi } = deps;
    this.inspector = new PhoneInspectorPanel(api.client, deps.phoneId, deps.displayName, {
      select: byId('inspect-phone') as HTMLSelectElement,
      info: byId('inspect-phone-info'),
      ownLog: byId('bridge-log'),
      phoneLog: byId('phone-log'),
    });
    this.timeAndFriendship = new TimeAndFriendshipPanel(byId('sim-panel'), deps.world(), api.client);
    mountActivityPanel(byId('activity-panel'), deps.activity);
    this.consentPanel = new ConsentPanel(byId('consent-panel'), deps.world, api.client);
    void showLanQrCode(byId('lan-qr'), api.client);
    this.botTools = new BotTools(byId('bot-tools'), botApi, deps.world, deps.reloadWorld);
    this.webhooks = new WebhookPanel(byId('webhook-panel'), botApi, deps.world());
    this.faults = new FaultPanel(byId('fault-panel'), api.client);
    this.review = new ReviewPanel(byId('review-panel'), api.client);
  }

  /** Draws what depends on the host's state: the person's time and friendships, consents, the bot's tools. */
  show(state: HostState): void {
    this.timeAndFriendship.show(state);
    this.consentPanel.show(state);
    this.botTools.show(state);
  }

  /** The Review tool's MINI Apps. */
  setReviewApps(apps: ReviewableApp[]): void {
    this.review.setApps(apps);
  }
}
