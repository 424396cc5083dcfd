/**
 * The host shell on one phone: it holds the {@link HostState} and keeps the controls, the phone's
 * screens (chat list, chat, app overlay, in-app browser), the side panels and the address bar
 * equal to it. Every change, from the controls or from the phone's navigation, goes through
 * {@link HostShell.update}, which settles the new state and redraws. The parts it wires are
 * built beside it in `shell/`.
 *
 * Elements it finds by id: `#phone-screen`, `#chat-list-view`, `#chat-view`, `#bridge-log`,
 * `#log-clear`; the side panels (`side-panels.ts`, loaded when they show) find their own.
 */
import type { SimulatorApi } from '../simulator-api/phone-api.js';
import { InsightReports } from '../insight/reports.js';
import { AppSession } from '../app/app-session.js';
import { BotApi } from '../simulator-api/bot-api.js';
import type { ActionContext, ActionDispatcher } from '../phone/chat/actions.js';
import { renderChatList } from '../phone/chat/list.js';
import { ServiceChat } from '../phone/chat/service-messages.js';
import { DeliveryNotices, NOTICE_LOOKUP } from '../phone/chat/delivery-notice.js';
import { previewText } from '../phone/chat/render.js';
import { ChatPreviews } from '../phone/chat/previews.js';
import type { RichMenuBar } from '../phone/chat/rich-menu.js';
import { ChatScreen } from '../phone/chat/screen.js';
import { liffUrlTarget } from '../app/liff/liff-urls.js';
import { ActivityReports } from '../activity/reports.js';
import { deepLinkOfState, serializeDeepLink, stateRequestOfDeepLink, type DeepLink } from '../state/deeplink.js';
import { clientFeatures, deviceName, sameDevice, type ClientFeatures } from '../phone/device.js';
import { byId } from '../shared/dom.js';
import { Controls } from '../controls/panel.js';
import { BridgeLog } from '../bridge-log/log.js';
import { isLinePayAppLink, linePayPageOf } from '#contract/bridge/rules.js';
import { viewUrlForPage, windowUrlForPage } from '../lan/app-urls.js';
import { browserDevice, PhoneReporter } from '../bridge-log/inspector-report.js';
import { withTab, type StageTabs } from './tabs.js';
import { resolveState, type HostState, type StateRequest } from '../state/host-state.js';
import type { LaunchSource } from '../app/liff/launch.js';
import { InAppBrowser } from '../phone/views/inapp-browser.js';
import { AppOverlay } from '../phone/views/overlay.js';
import { HomeScreen } from '../phone/home-screen.js';
import { MiniAppFrame } from '../mini-app-frame/frame.js';
import { RecentServices } from '../mini-app-frame/recent-services.js';
import { SubWindowView } from '../app/liff/sub-window-view.js';
import { Toasts } from '../phone/views/toast.js';
import { actionDispatcher, composer, richMenuBar, unsend, type ChatWiring } from './chat-input.js';
import { followLive } from './live-refresh.js';
import { openStateApp } from './app-opening.js';
import { mountStageTabs } from './stage.js';
import type { SidePanels } from './side-panels.js';
import { onPanelsShown } from './on-a-phone.js';
import { chatsOfUser, findApp, findChat, findUser, isChatType, type World } from '../state/world.js';
import { ConsentFlow } from '../consent/flow.js';
import { drawConsentScreen, showLoadingScreen } from '../consent/screens.js';

/** How the page was opened. */
export interface ShellOptions {
  /** The deep link of the address the page was opened with (it names the first state). */
  link: DeepLink;
  /** One phone of several (`?phone=1`): the address keeps saying so, and the live feed comes relayed. */
  phoneFrame: boolean;
}

/** The host shell of one phone; build it once the world is loaded. */
export class HostShell {
  private world: World;
  private state: HostState;
  private readonly screen = byId('phone-screen');
  private readonly listView = byId('chat-list-view');
  private readonly chatView = byId('chat-view');
  private readonly botApi: BotApi;
  private readonly log: BridgeLog;
  /** This page as a phone of the remote inspector, and the desktop's view of the other phones. */
  private readonly reporter: PhoneReporter;
  private readonly homeScreen = new HomeScreen();
  private readonly overlay = new AppOverlay(this.screen, () => this.session.close());
  /** The frame the LINE app draws around a MINI App (its header, options, minimizing). */
  private readonly frame = new MiniAppFrame({
    screen: this.screen,
    overlay: this.overlay,
    recent: new RecentServices(),
    openService: (service) => {
      this.update({ embedId: service.embedId });
      void this.openApp();
    },
    hostUrl: () => location.origin + location.pathname,
  });
  private readonly browser: InAppBrowser;
  /** What the phone's client reports to `liff.activity` (the side panel's call and recording states). */
  private readonly activity = new ActivityReports();
  private readonly previews: ChatPreviews;
  private readonly serviceChat: ServiceChat;
  private readonly session: AppSession;
  private readonly consent: ConsentFlow;
  private readonly controls: Controls;
  private readonly toasts: Toasts;
  private readonly actions: ActionDispatcher;
  private readonly chatScreen: ChatScreen;
  private readonly richMenu: RichMenuBar;
  /** The panels beside the phone, once loaded (side-panels.ts; null before). */
  private panels: SidePanels | null = null;
  private panelsLoading: Promise<SidePanels> | null = null;
  private readonly tabs: StageTabs;
  private readonly insight: InsightReports;
  /** The chat's line when its bot's webhook finds nothing listening. */
  private readonly notices = new DeliveryNotices({
    chat: () => {
      const chat = this.showsChat() && this.state.chatId ? findChat(this.world, this.state.chatId) : undefined;
      return chat ? { chatId: chat.chatId, ...(chat.bot ? { bot: chat.bot } : {}), userId: this.state.userId } : null;
    },
    deliveries: (channelId) => this.botApi.deliveries(channelId, NOTICE_LOOKUP),
    // A bot chat is named for the bot ("Demo Bot"); the channel's own name is the fallback.
    botName: (channelId) =>
      this.world.chats.find((c) => c.bot === channelId)?.name || this.world.channels.find((c) => c.channelId === channelId)?.name,
    show: (channelId, text) => this.chatScreen.setNotice(channelId, text),
  });

  /** What the phone's client supports now: the renderers, the dispatcher and the rich menu ask it. */
  private readonly client = (): ClientFeatures => clientFeatures(this.state.device);

  constructor(
    private readonly api: SimulatorApi,
    world: World,
    private readonly options: ShellOptions,
  ) {
    this.world = world;
    this.botApi = new BotApi(api.client);
    this.insight = new InsightReports(api.client);
    this.state = resolveState(world, stateRequestOfDeepLink(options.link));
    this.log = new BridgeLog(byId('bridge-log'), byId('log-clear'));
    this.reporter = new PhoneReporter(
      api.client,
      () => ({
        device: `${deviceName(this.state.device)} · ${browserDevice()}`,
        userId: this.state.userId,
        app: this.session.isOpen ? (findApp(this.world, this.state.embedId)?.name ?? this.state.embedId) : null,
      }),
      // The frames of the several-phones page share the tab's session storage: one id per person.
      options.phoneFrame ? this.state.userId : '',
    );
    this.browser = new InAppBrowser(this.screen);
    this.previews = new ChatPreviews(
      (chatId, page) => api.messages(chatId, page),
      () => this.render(),
    );
    this.serviceChat = new ServiceChat(api.client, () => this.render());
    this.consent = new ConsentFlow(api.client, {
      screen: (screen, language) => drawConsentScreen(this.screen, screen, language),
      loading: (appName, language) => showLoadingScreen(this.screen, appName, language),
    });
    this.session = this.appSession();
    this.controls = new Controls(world, { onChange: (patch) => this.update(patch), onOpen: () => void this.openApp() });
    this.toasts = new Toasts(this.screen);
    const wiring: ChatWiring = {
      api,
      botApi: this.botApi,
      screen: this.screen,
      browser: this.browser,
      toasts: this.toasts,
      insight: this.insight,
      client: this.client,
      world: () => this.world,
      userId: () => this.state.userId,
      target: () => this.chatTarget(),
      refreshChat: () => this.chatScreen.refresh(),
      openAppLink: (embedId) => {
        this.update({ embedId });
        void this.openApp();
      },
      openPlatformUrl: (url) => {
        const target = liffUrlTarget(url, this.world.apps);
        if (!target) return false;
        this.update({ embedId: target.embedId });
        void this.openApp(target.liffState);
        return true;
      },
    };
    this.actions = actionDispatcher(wiring);
    const chatBar = composer(wiring);
    this.chatScreen = new ChatScreen(this.chatView, api, {
      onBack: () => this.update({ contextType: 'none' }),
      onApps: () => void this.openApp(),
      onAction: (action, ctx) => void this.actions.run(action, ctx),
      client: this.client,
      onQuote: (message) => chatBar.quote(message, previewText(message.message)),
      onUnsend: (message) => void unsend(wiring, message),
      onBotMessagesShown: (userId, messages) => this.insight.shown(userId, messages),
    });
    this.chatScreen.mountComposer(chatBar.root);
    this.richMenu = richMenuBar(wiring, this.actions);
    this.chatScreen.mountRichMenu(this.richMenu.root);
    followLive(options.phoneFrame, {
      chatView: this.chatView,
      chatScreen: this.chatScreen,
      notices: this.notices,
      panels: () => this.panels,
      log: this.log,
      serviceChat: this.serviceChat,
      consent: this.consent,
      userId: () => this.state.userId,
      reloadWorld: () => this.reloadWorld(),
    });
    this.tabs = mountStageTabs(this.screen, api, world, () => this.syncUrl());
    this.chatScreen.startPolling(() => !this.chatView.hidden);
    this.render();
    // One phone of several shows no panels.
    if (!options.phoneFrame) onPanelsShown(() => void this.loadPanels().catch(() => undefined));
  }

  /**
   * Resolves once the panels that show from the start are drawn (at once on a phone, where they
   * wait for the drawer), or could not be loaded (said in the status line).
   */
  async panelsDrawn(): Promise<void> {
    await this.panelsLoading?.catch(() => undefined);
  }

  /**
   * Loads the side panels (a chunk of their own) once, draws them for the state now and resolves
   * with them; later calls get the same panels. A chunk that could not be fetched is said in the
   * status line, and the next call tries again.
   * @throws Error (the import's) when the chunk could not be loaded
   */
  loadPanels(): Promise<SidePanels> {
    this.panelsLoading ??= this.buildPanels().catch((err: unknown) => {
      this.panelsLoading = null;
      this.controls.setStatus(`Could not load the side panels: ${(err as Error).message}`, 'error');
      throw err;
    });
    return this.panelsLoading;
  }

  private buildPanels(): Promise<SidePanels> {
    return import('./side-panels.js').then(({ SidePanels }) => {
      this.panels = new SidePanels({
        api: this.api,
        botApi: this.botApi,
        world: () => this.world,
        reloadWorld: () => void this.reloadWorld(),
        activity: this.activity,
        phoneId: this.reporter.id,
        displayName: (id) => findUser(this.world, id)?.displayName ?? id,
      });
      this.panels.show(this.state);
      this.showReviewApps();
      return this.panels;
    });
  }

  /**
   * Opens the app the page was asked to open (`embedId`), or says what to do when there is none.
   * An unknown app is reported in the status line, not thrown.
   */
  async openFirstApp(embedId: string | undefined): Promise<void> {
    if (!embedId) {
      this.controls.setStatus('Pick a user, an app and a context, then open the app.');
    } else if (findApp(this.world, embedId)) {
      // Set before the page's first paint: the phone is laid out for the app's view from the start (host/static/phone.css).
      document.body.dataset.openingView = this.state.viewType;
      try {
        await this.openApp(this.options.link.liffState);
      } finally {
        delete document.body.dataset.openingView;
      }
    } else {
      this.controls.setStatus(`Unknown app in the link: ${embedId}`, 'error');
    }
  }

  /** The app session: the overlay and the in-app browser report to the bridge log and the chat. */
  private appSession(): AppSession {
    return new AppSession({
      api: this.api,
      overlay: this.overlay,
      frame: this.frame,
      browser: this.browser,
      onCall: (record) => {
        this.log.addCall(record);
        this.reporter.addCall(record);
      },
      onRejected: (reason, origin) => {
        this.log.addRejected(reason, origin);
        this.reporter.addRejected(reason, origin);
      },
      onMessagesSent: () => void this.chatScreen.refresh(),
      viewUrlOf: (viewUrl) => viewUrlForPage(this.api.client, viewUrl),
      // LINE Pay's app link (`info.paymentUrl.app`) opens the sandbox's payment page, as the LINE app opens LINE Pay's.
      windowUrlOf: (url) =>
        windowUrlForPage(this.api.client, isLinePayAppLink(url) ? linePayPageOf(this.world.urls?.linepay ?? '', url) : url),
      scanScreen: this.screen,
      iapSheets: {
        consent: async (appName) => (await import('../iap/sheets.js')).askIapConsent(this.screen, appName),
        payment: async (order) => (await import('../iap/sheets.js')).showPaymentSheet(this.screen, order),
      },
      // The sheets an app opens now and then: each a chunk of its own, loaded when first asked for.
      pickShareTargets: async (chats, multiple) =>
        (await import('../app/liff/share-picker.js')).pickShareTargets(this.screen, chats, multiple),
      subWindow: new SubWindowView(this.screen),
      calendarSheet: async (appName, draft) =>
        (await import('../calendar/sheet.js')).showEventCreationSheet(this.screen, appName, draft, Date.now()),
      activity: this.activity,
      consent: this.consent,
      homeScreen: {
        add: (shortcut) => {
          this.homeScreen.add(shortcut);
          this.showHomeScreen();
        },
      },
      onClosed: () => {
        this.controls.setStatus('App closed.');
        this.syncUrl();
        this.showReviewApps();
      },
    });
  }

  /**
   * A user who adds a bot for the first time gets a new 1:1 chat with it, a person joins or leaves a
   * group or room: reload the world to show it.
   */
  private async reloadWorld(): Promise<void> {
    let next: World;
    try {
      next = await this.api.world();
    } catch {
      return;
    }
    const members = (w: World) => w.chats.map((c) => `${c.chatId}:${c.memberIds.join(',')}`).join('|');
    if (members(next) === members(this.world)) return;
    this.world = next;
    this.render();
  }

  private showsChat(): boolean {
    return isChatType(this.state.contextType) && this.state.chatId !== null;
  }

  /** The chat on screen and the signed-in user, or null on the chat list. */
  private chatTarget(): ActionContext | null {
    const { chatId, userId } = this.state;
    return this.showsChat() && chatId ? { chatId, userId } : null;
  }

  /** Applies a change of the controls or of the phone's navigation, then redraws. */
  private update(patch: StateRequest): void {
    const prev = this.state;
    this.state = resolveState(this.world, { ...this.state, ...patch });
    // An app session belongs to a user and a chat (leaving them closes the app, as the messenger
    // does) and to a client: another device opens it anew. A minimized MINI App stays while the
    // person goes to other chats ("Minimizing LIFF browser": to do something else, then come back).
    const otherChat = prev.contextType !== this.state.contextType || prev.chatId !== this.state.chatId;
    const moved = prev.userId !== this.state.userId || (otherChat && !this.frame.minimized);
    const otherDevice = !sameDevice(prev.device, this.state.device);
    if (this.session.isOpen && (moved || otherDevice)) {
      this.session.close();
    }
    this.render();
    // Another client draws the same messages differently (flex action, maxLines, quick reply).
    if (otherDevice) this.chatScreen.redraw();
  }

  /** Draws the state: the panels, then the phone's chat list or open chat. */
  private render(): void {
    const state = this.state;
    this.controls.render(state);
    this.panels?.show(state);
    this.showReviewApps();
    renderChatList(this.listView, {
      world: this.world,
      userId: state.userId,
      previews: this.previews.get(),
      onSelect: (chat) => this.update({ contextType: chat.type, chatId: chat.chatId }),
      onApps: () => {
        this.update({ contextType: 'none' });
        void this.openApp();
      },
    });
    this.showHomeScreen();
    this.serviceChat.follow(state.userId);
    const chat = this.showsChat() && state.chatId ? (findChat(this.world, state.chatId) ?? null) : null;
    if (chat === null && this.serviceChat.isOpen) this.serviceChat.render(this.listView, state.language);
    else this.serviceChat.addToList(this.listView, state.language);
    this.chatScreen.show(this.world, chat, state.userId);
    this.richMenu.show(chat, state.userId);
    if (chat === null) void this.previews.load(chatsOfUser(this.world, state.userId).map((c) => c.chatId));
    this.listView.hidden = chat !== null;
    this.chatView.hidden = chat === null;
    this.screen.dataset.screen = chat ? 'chat' : 'list';
    this.syncUrl();
  }

  /**
   * The person's home-screen shortcuts above the chat list (phone/home-screen.ts): a tap opens the
   * app at its page, launched from the home-screen shortcut.
   */
  private showHomeScreen(): void {
    this.listView.querySelector('#home-screen')?.remove();
    const strip = this.homeScreen.strip(this.state.userId, (shortcut) => {
      this.update({ embedId: shortcut.embedId });
      void this.openApp(shortcut.liffState === '/' ? undefined : shortcut.liffState, 'home-shortcut');
    });
    if (strip) this.listView.querySelector('header')?.after(strip);
  }

  /**
   * Keeps the address bar equal to the state, so a state can be copied and reopened, and tells the
   * remote inspector's desktop of the change (an app opened with no bridge call yet is listed as open).
   */
  private syncUrl(): void {
    this.reporter.changed();
    let query = withTab(serializeDeepLink(deepLinkOfState(this.state, this.session.isOpen)), this.tabs.current);
    if (this.options.phoneFrame) query = query ? `${query}&phone=1` : '?phone=1';
    if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }

  /** Opens the state's app (`shell/app-opening.ts`); `liffState`: the page of a permanent link to open. */
  private async openApp(liffState?: string, launch: LaunchSource = this.state.launch): Promise<void> {
    const opening = {
      world: () => this.world,
      state: () => this.state,
      session: this.session,
      controls: this.controls,
      syncUrl: () => this.syncUrl(),
    };
    await openStateApp(opening, liffState, launch);
    this.showReviewApps();
  }

  /** The Review tool's MINI Apps: the world's, the one open in the phone marked. */
  private showReviewApps(): void {
    this.panels?.setReviewApps(
      this.world.apps
        .filter((a) => a.miniApp)
        .map((a) => ({ embedId: a.embedId, name: a.name, open: this.session.isOpen && a.embedId === this.state.embedId })),
    );
  }
}
