/**
 * Opening and closing an app: sign the user in (a session bound to the chat), show the overlay,
 * connect the bridge, and answer the app's calls with the user access token.
 *
 * The token lives only in this module's memory and its sub windows' (`liff/sub-window-session.ts`):
 * it is never posted to the frame. The app asks the host to call the platform for it, as the
 * messenger app does.
 */
import type { InitData, LiffSession, Profile } from '#contract/bridge/protocol.js';
import type { SimulatorApi } from '../simulator-api/phone-api.js';
import type { FriendshipView } from '#contract/wire.js';
import { storeOfOs, type IapOrder, type IapStore } from '#contract/iap.js';
import { connectApp } from './bridge/connect.js';
import type { PaymentOutcome, PaymentSheet } from '../iap/sheets.js';
import type { BridgeCallRecord, BridgeHandlers } from './bridge/types.js';
import { BridgeError, toBridgeError } from './bridge/errors.js';
import { HttpError } from '../simulator-api/client.js';
import { buildInitData, buildSessionRequest, cannotOpenReason, SCOPES, type HostState } from '../state/host-state.js';
import { buildLiffSession } from './liff/liff-session.js';
import { externalBrowserUrl } from './liff/launch.js';
import { friendshipPrompt, friendshipTarget } from './liff/friendship.js';
import type { HomeShortcut } from '../phone/home-screen.js';
import { openedApp, type OpenApp } from './open-app.js';
import { CLOSED, SubWindowSession } from './liff/sub-window-session.js';
import type { SubWindowView } from './liff/sub-window-view.js';
import type { AppOverlay } from '../phone/views/overlay.js';
import type { MiniAppFrame } from '../mini-app-frame/frame.js';
import type { InAppBrowser } from '../phone/views/inapp-browser.js';
import { isLinePayAppLink } from '#contract/bridge/rules.js';
import { isNavigableUrl } from '../phone/views/frame-policy.js';
import { hasCamera, scanWithCamera } from '../scan/camera.js';
import { chatsOfUser, findApp, type World, type WorldChat } from '../state/world.js';
import type { CalendarEventDraft } from '#contract/bridge/protocol.js';
import type { CalendarEvent } from '#contract/wire.js';
import { calendarHandlers } from '../calendar/handlers.js';
import { ActivityReports } from '../activity/reports.js';
import { permissionRefusal, type ConsentFlow } from '../consent/flow.js';

/** What an app session needs from the page. */
export interface AppSessionDeps {
  api: SimulatorApi;
  overlay: AppOverlay;
  browser: InAppBrowser;
  /** Every bridge call the app makes, answered or failed. */
  onCall(record: BridgeCallRecord): void;
  /** Every message the bridge refused (wrong frame, wrong origin, bad handshake). */
  onRejected(reason: string, origin: string): void;
  /** The app sent messages to its chat: the chat screen should reload. */
  onMessagesSent(): void;
  /** The app was closed (by itself, by the user, or because another one opened). */
  onClosed(): void;
  /** Shows the share target picker over the phone for `chats`; the picked chat ids, or null when cancelled. */
  pickShareTargets(chats: readonly WorldChat[], multiple: boolean): Promise<string[] | null>;
  /**
   * Where this page opens a registered view URL (`lan/app-urls.ts`: a loopback app's proxy on a phone);
   * default the URL as registered. The frame, the bridge's origin check and `liff.init`'s endpoint
   * URL all use the answer.
   */
  viewUrlOf?(viewUrl: string): Promise<string>;
  /** Where this page opens a window the app asks for (`lan/app-urls.ts`: a loopback app's URL at its proxy on a phone); default the URL as asked. */
  windowUrlOf?(url: string): Promise<string>;
  /** Where `scanCodeV2` shows the camera (the phone screen); without it, the value is asked as text. */
  scanScreen?: HTMLElement;
  /**
   * The sheets of in-app purchase over the phone (`iap/sheets.ts`): the terms' consent screen
   * and the store's payment sheet; without them the person is asked with the browser's dialogs.
   */
  iapSheets?: {
    consent(appName: string): Promise<boolean>;
    payment(order: PaymentSheet): Promise<PaymentOutcome>;
  };
  /** The phone's home screen: where `liff.createShortcutOnHomeScreen` adds the app's page (phone/home-screen.ts). */
  homeScreen?: { add(shortcut: HomeShortcut): void };
  /** The frame the LINE app draws around the open app (mini-app-frame/): told what opens and closes, and what the page reports of itself. */
  frame?: Pick<MiniAppFrame, 'open' | 'report' | 'closed'>;
  /** Where `liff.subWindow.open` shows the sub window over the app (liff/sub-window-view.ts); without it, the app's open is refused. */
  subWindow?: Pick<SubWindowView, 'open' | 'close'>;
  /** The event-creation sheet of `liff.calendar` (calendar/sheet.ts); without it, the person cancels. */
  calendarSheet?(appName: string, draft: CalendarEventDraft): Promise<CalendarEvent | null>;
  /** The call and recording states the client reports (`liff.activity`, activity/reports.ts); default both inactive. */
  activity?: ActivityReports;
  /** The authorization flow's screens (consent/flow.ts); without it, no screen: every scope of the Scopes control, as before. */
  consent?: ConsentFlow;
}

/**
 * The store of the open app's device (`liff.iap`): App Store on iOS, Google Play on Android.
 * @throws BridgeError 403 on the desktop app, which has no store (the plugin refuses before asking)
 */
function iapStoreOf(open: OpenApp): IapStore {
  const { platform } = open.state.device;
  if (platform === 'desktop') throw new BridgeError('403', 'In-App Purchase is not allowed in this LIFF app');
  return storeOfOs(platform);
}

/**
 * Refuses `getProfile` / `sendMessages` on the pre-release mobile OS (spec part D): the app gets
 * `INTERNAL_ERROR` (one of the spec's SDK codes; docs/guide/devices.md) with a message naming the OS,
 * and no request reaches the platform.
 * @throws BridgeError when the open app's client cannot make the call
 */
function unavailableOnThisOs(open: OpenApp, method: 'getProfile' | 'sendMessages'): void {
  const support = open.features.profileAndSend;
  if (!support.supported) throw new BridgeError('INTERNAL_ERROR', `${method} is unavailable on this client: ${support.why}`);
}

/** Opens at most one app at a time in the overlay. */
export class AppSession {
  private current: OpenApp | null = null;
  /** `<userId> <embedId>` of the apps whose bot prompt was offered (once per person and app, as a first consent is). */
  private readonly prompted = new Set<string>();
  /** Bumped by every open and close, so a session answer arriving after a newer action is dropped. */
  private generation = 0;

  /** The sub windows of the open app (`liff.subWindow`, Quick-fill). */
  private readonly subWindows: SubWindowSession;
  /** What the client reports to `liff.activity`. */
  private readonly activity: ActivityReports;

  constructor(private readonly deps: AppSessionDeps) {
    this.activity = deps.activity ?? new ActivityReports();
    this.subWindows = new SubWindowSession({
      api: deps.api,
      view: deps.subWindow,
      viewUrlOf: deps.viewUrlOf?.bind(deps),
      isOpen: (main) => this.current === main,
      connect: (sub, frame, appUrl) => this.connect(sub, frame, appUrl, buildInitData(sub.state)),
    });
  }

  /** True while an app is open. */
  get isOpen(): boolean {
    return this.current !== null;
  }

  /**
   * Opens the state's app: a session (`SimulatorApi.createSession`), then the overlay with the app's view URL,
   * then the bridge with the init data of `state` (taken now: later control changes apply to the
   * next open). Resolves with the frame, or null when a newer open or a close overtook this one.
   * Throws when the state cannot open an app or the session is refused ({@link HttpError}).
   * `liffState` (a permanent link's page, `/shop?item=7`) is passed to the view URL as its
   * `liff.state` query parameter, as the platform opens an endpoint; the plugin for its current
   * SDK goes there on init.
   */
  async open(world: World, state: HostState, liffState?: string): Promise<HTMLIFrameElement | null> {
    this.close();
    const generation = this.generation;
    const reason = cannotOpenReason(state);
    if (reason) throw new Error(reason);
    const app = findApp(world, state.embedId);
    if (!app) throw new Error(`unknown app ${state.embedId}`);
    const initData: InitData = buildInitData(state);

    // The consent screen or the loading screen first, as the LINE app shows them (a Deny throws: the app does not open).
    const launch = await this.deps.consent?.launch(state, app);
    if (generation !== this.generation || launch === null) return null;
    const request = buildSessionRequest(state, app);
    const session = await this.deps.api.createSession(launch ? { ...request, scopes: launch.scopes as typeof request.scopes } : request);
    if (generation !== this.generation) return null;
    const shownUrl = (await this.deps.viewUrlOf?.(app.view.url)) ?? app.view.url;
    if (generation !== this.generation) return null;

    const url = new URL(shownUrl);
    if (liffState) url.searchParams.set('liff.state', liffState);
    const frame = this.deps.overlay.open({ title: app.name, url: liffState ? url.toString() : shownUrl, viewType: state.viewType });
    const open = openedApp(state, app, session, world, shownUrl);
    open.consent = launch?.plan;
    try {
      open.connection = this.connect(open, frame, shownUrl, initData);
    } catch (err) {
      // A view URL the bridge cannot check (not http(s)): never leave a frame without its bridge.
      this.deps.overlay.close();
      throw err;
    }
    this.deps.frame?.open({
      app,
      userId: state.userId,
      device: state.device,
      language: state.language,
      url: shownUrl,
      frame,
      close: () => this.close(),
      // The header's Share and Add to home screen are the person's own: the same sheets as the SDK's calls.
      share: async (messages) => this.handlers(open).liffShareTargetPicker(messages, true),
      addShortcut: (liffState) => this.handlers(open).liffCreateShortcut({ liffState }),
    });
    this.current = open;
    void this.offerBot(open);
    return frame;
  }

  /**
   * Opens the state's app as an external browser does (the launch `external-browser`): a tab of its
   * own at the app's endpoint URL (the one this page reaches, `viewUrlOf`), with `liffState` in
   * `liff.state` as the LIFF server's redirect carries it. Outside the host there is no session, no
   * bridge and no token: the app's SDK runs it as a normal web page (`isInClient()` false, logged in
   * only after `liff.login()`). The open app, if any, is closed first.
   * @returns the URL opened
   * @throws Error for an unknown app, or when the browser refused the new tab (a popup blocker)
   */
  async openInExternalBrowser(world: World, state: HostState, liffState?: string): Promise<string> {
    this.close();
    const app = findApp(world, state.embedId);
    if (!app) throw new Error(state.embedId ? `unknown app ${state.embedId}` : 'The scenario has no apps.');
    const url = externalBrowserUrl((await this.deps.viewUrlOf?.(app.view.url)) ?? app.view.url, liffState);
    if (!isNavigableUrl(url)) throw new Error('the view URL is not an absolute http(s) URL');
    // Not `noopener` in the features: with it `open` answers null even when the tab opened, and a
    // blocked tab could not be told apart. The opener is cut by hand instead.
    const tab = window.open(url, '_blank');
    if (!tab) throw new Error('the browser blocked the new tab; allow pop-ups for this page and open the app again');
    tab.opener = null;
    return url;
  }

  /**
   * The app's bot prompt (LIFF server API `botPrompt`) the first time the person opens the app in
   * this page: when its channel has a linked bot they are not a friend of, `normal` offers an
   * "add friend" option beside the app and `aggressive` shows an "add friend" screen over it
   * (`AppOverlay.showBotPrompt`); `none` shows nothing. Adding makes them friends (the bot gets
   * its `follow` event). A failure to read the friendship only leaves the prompt out.
   */
  private async offerBot(open: OpenApp): Promise<void> {
    const kind = open.app.botPrompt ?? 'none';
    const key = `${open.state.userId} ${open.app.embedId}`;
    if (kind === 'none' || this.prompted.has(key)) return;
    this.prompted.add(key);
    const { api, overlay } = this.deps;
    let friendship: FriendshipView;
    try {
      friendship = await api.friendshipOf(open.state.userId, open.app.channelId);
    } catch {
      return;
    }
    if (!friendship.botLinked || friendship.friendFlag || this.current !== open) return;
    const botName = open.world.channels.find((c) => c.channelId === open.app.channelId)?.name ?? open.app.channelId;
    overlay.showBotPrompt(kind, botName, async () => {
      try {
        await api.setFriendship(open.state.userId, open.app.channelId, 'friend');
      } catch (err) {
        // The prompt closes either way; the friendship panel shows the state that holds.
        console.error('adding the bot as a friend failed', err);
      }
    });
  }

  /** Connects the bridge of `open` to its frame at `appUrl` (the URL this page opened), answering with its handlers and `initData`. */
  private connect(open: OpenApp, frame: HTMLIFrameElement, appUrl: string, initData: InitData): { dispose(): void } {
    return connectApp({
      frame,
      appUrl,
      initData: () => initData,
      handlers: this.handlers(open),
      onCall: (record) => this.deps.onCall(record),
      onRejected: (why, origin) => this.deps.onRejected(why, origin),
    });
  }

  /** Closes the open app: disposes the bridge, removes the overlay and the in-app browser, forgets the token. */
  close(): void {
    this.generation++;
    this.deps.consent?.cancel();
    const open = this.current;
    if (!open) return;
    this.current = null;
    this.subWindows.close(open, null);
    this.deps.frame?.closed();
    open.connection.dispose();
    this.deps.browser.close();
    this.deps.overlay.close();
    this.deps.onClosed();
  }

  /** The host side of the SDK methods for one open app (arguments already checked by the bridge). */
  private handlers(open: OpenApp): BridgeHandlers {
    const { api, browser } = this.deps;
    return {
      openWindow: async ({ url, external }) => {
        // The bridge checks the URL is absolute; only http(s) may be navigated to from the host.
        if (!isNavigableUrl(url) && !isLinePayAppLink(url))
          throw new BridgeError('INVALID_ARGUMENT', 'url must be an absolute http(s) URL');
        const shown = (await this.deps.windowUrlOf?.(url)) ?? url;
        if (external) window.open(shown, '_blank', 'noopener,noreferrer');
        else browser.open(shown);
      },
      getProfile: async (): Promise<Profile> => {
        unavailableOnThisOs(open, 'getProfile');
        try {
          return await api.profile(open.accessToken);
        } catch (err) {
          throw toBridgeError(err);
        }
      },
      sendMessages: async (messages) => {
        unavailableOnThisOs(open, 'sendMessages');
        try {
          await api.share(open.accessToken, messages);
        } catch (err) {
          throw toBridgeError(err);
        }
        this.deps.onMessagesSent();
      },
      // The page's title, address and history, for the frame around the main window (a sub window has none of its own).
      pageState: (page) => {
        if (!open.parent && this.current === open) this.deps.frame?.report(page);
      },
      closeWindow: () => {
        // Close after this call's answer is posted, so the app's promise settles and the call is logged.
        setTimeout(() => {
          if (open.parent) this.subWindows.closeFromInside(open, CLOSED);
          else if (this.current === open) this.close();
        }, 0);
      },
      liffInit: (liffId) => {
        // The page is the registered view's origin (the bridge checked it); the liffId must name
        // the app opened here, or another app's ID would get this app's token.
        if (liffId !== open.app.embedId) {
          throw new BridgeError('INVALID_ARGUMENT', `liffId ${liffId} is not the app opened here (${open.app.embedId})`);
        }
        return this.iapAllowed(open).then(() => this.liffSession(open));
      },
      liffFriendship: async () => {
        try {
          return await api.friendship(open.accessToken);
        } catch (err) {
          throw toBridgeError(err);
        }
      },
      liffRequestAll: async () => {
        // The permission request screen (consent/flow.ts); the person allows, then a new session
        // with the scopes granted, bound to the same chat, whose token the app uses from now on.
        // Without the flow: every scope the host offers.
        let scopes: string[] = [...SCOPES];
        if (this.deps.consent) {
          const granted = open.session.scope.split(' ').filter(Boolean);
          const allowed = await this.deps.consent.requestAll(open.state, open.app, granted).catch((err: unknown) => {
            throw permissionRefusal(err);
          });
          if (!allowed) throw new BridgeError('INTERNAL_ERROR', 'The app was closed before the person answered.');
          scopes = allowed;
        }
        const request = buildSessionRequest({ ...open.state, scopes: scopes as typeof open.state.scopes }, open.app);
        try {
          open.session = await api.createSession(request);
        } catch (err) {
          throw toBridgeError(err);
        }
        open.accessToken = open.session.access_token;
        return this.liffSession(open);
      },
      liffShareTargetPicker: async (messages, isMultiple) => {
        const picked = await this.deps.pickShareTargets(chatsOfUser(open.world, open.state.userId), isMultiple);
        if (!picked?.length) return false;
        // The person sends them, in each picked chat, in order: what any member of the chat then sees.
        try {
          for (const chatId of picked) {
            for (const message of messages) await api.sendAsUser(chatId, open.state.userId, message as Record<string, unknown>);
          }
        } catch (err) {
          throw toBridgeError(err);
        }
        this.deps.onMessagesSent();
        return true;
      },
      liffScanCode: async () => {
        // A phone's camera where the page may open one; else (a desktop without one) the person types what the code holds.
        if (hasCamera() && this.deps.scanScreen) {
          try {
            return { value: await scanWithCamera(this.deps.scanScreen, open.app.name) };
          } catch (err) {
            console.warn('the camera could not be opened; asking for the value instead', err);
          }
        }
        const value = window.prompt(`${open.app.name} asks to scan a code. Type the value the code holds:`);
        return { value };
      },
      liffIapProducts: async (productIds) => {
        const store = iapStoreOf(open);
        if (!productIds.length) return {};
        try {
          const query = { store, productIds: productIds.join(',') };
          return (await api.client.call('iapProducts', { params: { embedId: open.app.embedId }, query })).products;
        } catch (err) {
          throw toBridgeError(err);
        }
      },
      liffIapConsent: async () => {
        const { userId } = open.state;
        try {
          if ((await api.client.call('iapConsent', { params: { userId } })).agreed) return true;
          const agreed = this.deps.iapSheets
            ? await this.deps.iapSheets.consent(open.app.name)
            : window.confirm(`${open.app.name} asks you to agree to the Terms of Use: LINE In-App Purchase System. Agree?`);
          if (agreed) await api.client.call('setIapConsent', { params: { userId }, body: { agreed: true } });
          return agreed;
        } catch (err) {
          throw toBridgeError(err);
        }
      },
      liffIapPayment: async (productId, orderId) => {
        const store = iapStoreOf(open);
        let order: IapOrder;
        try {
          order = await api.client.call('iapOrder', { params: { orderId } });
        } catch (err) {
          if (err instanceof HttpError && err.status === 404)
            throw new BridgeError('INVALID_ARGUMENT', `No order ${orderId}: reserve one first`);
          throw toBridgeError(err);
        }
        // Only the person's own reserved order of this app, for the product the app names.
        if (order.userId !== open.state.userId || order.embedId !== open.app.embedId)
          throw new BridgeError('INVALID_ARGUMENT', `The order ${orderId} is not an order of this person in this app`);
        if (order.productId !== productId)
          throw new BridgeError('INVALID_ARGUMENT', `The order ${orderId} is of product ${order.productId}, not ${productId}`);
        if (order.status !== 'reserved')
          throw new BridgeError('INVALID_ARGUMENT', `The order ${orderId} is ${order.status}: reserve a new one`);
        const sheet = {
          appName: open.app.name,
          store,
          productName: order.productName,
          shopProductName: order.shopProductName,
          price: order.price,
          currency: order.currency,
        };
        const outcome: PaymentOutcome = this.deps.iapSheets
          ? await this.deps.iapSheets.payment(sheet)
          : window.confirm(`Buy ${order.productName} for ${order.price} ${order.currency}? (test payment)`)
            ? { outcome: 'paid' }
            : { outcome: 'cancelled' };
        try {
          await api.client.call('payIapOrder', { params: { orderId }, body: outcome });
        } catch (err) {
          throw toBridgeError(err);
        }
        return outcome;
      },
      // The phone's own sheet: the person adds the shortcut or not; the SDK's promise resolves either way.
      liffCreateShortcut: ({ liffState }) => {
        if (!window.confirm(`Add "${open.app.name}" to the home screen?`)) return;
        this.deps.homeScreen?.add({ userId: open.state.userId, embedId: open.app.embedId, liffState, name: open.app.name });
      },
      ...this.subWindows.handlers(open),
      ...calendarHandlers({
        client: api.client,
        userId: open.state.userId,
        appName: open.app.name,
        sheet: (appName, draft) => this.deps.calendarSheet?.(appName, draft) ?? Promise.resolve(null),
      }),
      ...this.activity.handlers(),
      liffRequestFriendship: async (request) => {
        let target;
        try {
          target = friendshipTarget((await api.client.call('bots')).bots, request, open.app.channelId, open.state.userId);
        } catch (err) {
          throw toBridgeError(err);
        }
        if ('refused' in target) throw new BridgeError('INVALID_ARGUMENT', target.refused);
        // A friend already: the sub window opens and closes at once, as published.
        if (target.friend) return;
        if (!window.confirm(`${open.app.name} asks you to add ${target.name}. ${friendshipPrompt(request.templateId)}`)) return;
        try {
          await api.setFriendship(open.state.userId, target.channelId, 'friend');
        } catch (err) {
          throw toBridgeError(err);
        }
      },
    };
  }

  /** What `liff.init` is told for the open app: its context, device and token (`liff/liff-session.ts`); a sub window's `appData` too. */
  private async liffSession(open: OpenApp): Promise<LiffSession> {
    const session = await buildLiffSession(open.state, open.shown, open.session, location.origin + location.pathname);
    if (open.parent) session.subWindow = { appData: structuredClone(open.appData ?? {}) };
    // A MINI App that may use in-app purchase, on a phone (a store to pay with): the feature is permitted.
    // The published permission request screen exists only where the channel consent simplification is in effect.
    const skip = session.context.availability.skipChannelVerificationScreen;
    if (skip) skip.permission = !!open.consent?.simplification;
    const iap = session.context.availability.iap;
    if (iap && open.iap && open.state.device.platform !== 'desktop') iap.permission = true;
    return session;
  }

  /**
   * Asks the server once per open app whether it is a MINI App that may use in-app purchase (its
   * products answer); a refusal (not a MINI App, unverified on Published) means it may not.
   */
  private async iapAllowed(open: OpenApp): Promise<void> {
    if (open.iap !== undefined || open.state.device.platform === 'desktop') return;
    try {
      await this.deps.api.client.call('iapProducts', {
        params: { embedId: open.app.embedId },
        query: { store: 'appStore', productIds: '-' },
      });
      open.iap = true;
    } catch {
      open.iap = false;
    }
  }
}
