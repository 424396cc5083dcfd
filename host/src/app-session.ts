/**
 * Opening and closing an app: sign the user in (a session bound to the chat), show the overlay,
 * connect the bridge, and answer the app's calls with the user access token.
 *
 * The token lives only in this module's memory: it is never posted to the frame. The app asks the
 * host to call the platform for it, as the messenger app does.
 */
import type { ErrorCode, InitData, LiffSession, Profile, SubWindowEvent, SubWindowRequest } from '../../sdk/src/protocol.js';
import type { SimulatorApi } from './api.js';
import type { FriendshipView, SessionToken } from '#contract/wire.js';
import { storeOfOs, type IapOrder, type IapStore } from '#contract/iap.js';
import { connectApp } from './bridge/connect.js';
import type { PaymentOutcome, PaymentSheet } from './liff/iap-sheets.js';
import type { BridgeCallRecord, BridgeHandlers } from './bridge/types.js';
import { BridgeError } from './bridge/errors.js';
import { HttpError } from './client.js';
import { clientFeatures, type ClientFeatures } from './device.js';
import { buildInitData, buildSessionRequest, cannotOpenReason, SCOPES, type HostState } from './state.js';
import { buildLiffSession } from './liff/session.js';
import { externalBrowserUrl } from './liff/launch.js';
import { friendshipPrompt, friendshipTarget } from './liff/friendship.js';
import type { HomeShortcut } from './liff/home-screen.js';
import { QUICK_FILL_LIFF_ID, SubWindowOutcome, subWindowViewType } from './liff/sub-window.js';
import {
  DUMMY_CASES,
  personQuickFill,
  profileTokenProblem,
  quickFillRequest,
  selectProfile,
  type CommonProfileEntry,
} from './liff/quick-fill.js';
import type { CommonProfileView } from '#contract/common-profile.js';
import { quickFillScreen } from './liff/quick-fill-screen.js';
import type { SubWindowView } from './liff/sub-window-view.js';
import type { AppOverlay } from './views/overlay.js';
import type { InAppBrowser } from './views/inapp-browser.js';
import { isNavigableUrl } from './views/frame-policy.js';
import { hasCamera, scanWithCamera } from './scan/camera.js';
import { chatsOfUser, findApp, type World, type WorldApp, type WorldChat } from './world.js';

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
   * Where this page opens a registered view URL (`lan.ts`: a loopback app's proxy on a phone);
   * default the URL as registered. The frame, the bridge's origin check and `liff.init`'s endpoint
   * URL all use the answer.
   */
  viewUrlOf?(viewUrl: string): Promise<string>;
  /** Where this page opens a window the app asks for (`lan.ts`: a loopback app's URL at its proxy on a phone); default the URL as asked. */
  windowUrlOf?(url: string): Promise<string>;
  /** Where `scanCodeV2` shows the camera (the phone screen); without it, the value is asked as text. */
  scanScreen?: HTMLElement;
  /**
   * The sheets of in-app purchase over the phone (`liff/iap-sheets.ts`): the terms' consent screen
   * and the store's payment sheet; without them the person is asked with the browser's dialogs.
   */
  iapSheets?: {
    consent(appName: string): Promise<boolean>;
    payment(order: PaymentSheet): Promise<PaymentOutcome>;
  };
  /** The phone's home screen: where `liff.createShortcutOnHomeScreen` adds the app's page (liff/home-screen.ts). */
  homeScreen?: { add(shortcut: HomeShortcut): void };
  /** Where `liff.subWindow.open` shows the sub window over the app (liff/sub-window-view.ts); without it, the app's open is refused. */
  subWindow?: Pick<SubWindowView, 'open' | 'close'>;
}

/** One open app: the connection to dispose and the token to call the platform with. */
interface OpenApp {
  connection: { dispose(): void };
  accessToken: string;
  /** What the phone's client allows, taken when the app opened (device.ts). */
  features: ClientFeatures;
  /** The state and app it was opened with, and the session's token answer: what `liff.init` is told. */
  state: HostState;
  app: WorldApp;
  session: SessionToken;
  world: World;
  /** `app` with the view URL this page opened it at (its proxy's on a phone under `--lan`). */
  shown: WorldApp;
  /** Whether the app is a MINI App that may use in-app purchase (asked at `liff.init`). */
  iap?: boolean;
  /** The sub window this app opened last: how it ends, and the app shown in it while it is open. */
  subWindow?: { outcome: SubWindowOutcome; shown?: OpenApp };
  /** For an app opened as a sub window: its main window, and the `appData` it was given. */
  parent?: OpenApp;
  appData?: Record<string, unknown>;
}

/** What the main window hears when its sub window is closed without a message (its close button, `liff.subWindow.close()`). */
const CLOSED: SubWindowEvent = { status: 'close', result: {} };

/**
 * Turns an {@link HttpError} into the error the app sees: `BridgeError` with the HTTP status as
 * its code (spec "Errors", embedded app SDK: API failures carry the status, e.g. "401") and the
 * server's message. Anything else is rethrown as is (the bridge reports it as INTERNAL_ERROR).
 */
export function toBridgeError(err: unknown): unknown {
  if (err instanceof HttpError) return new BridgeError(String(err.status) as ErrorCode, err.message);
  return err;
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

  constructor(private readonly deps: AppSessionDeps) {}

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

    const session = await this.deps.api.createSession(buildSessionRequest(state, app));
    if (generation !== this.generation) return null;
    const shownUrl = (await this.deps.viewUrlOf?.(app.view.url)) ?? app.view.url;
    if (generation !== this.generation) return null;
    // The app as this page reaches it (its proxy on a phone): the frame, the bridge and liff.init agree on one origin.
    const shown: WorldApp = shownUrl === app.view.url ? app : { ...app, view: { ...app.view, url: shownUrl } };

    const url = new URL(shownUrl);
    if (liffState) url.searchParams.set('liff.state', liffState);
    const frame = this.deps.overlay.open({ title: app.name, url: liffState ? url.toString() : shownUrl, viewType: state.viewType });
    const open: OpenApp = {
      accessToken: session.access_token,
      connection: { dispose() {} },
      features: clientFeatures(state.device),
      state,
      app,
      session,
      world,
      shown,
    };
    try {
      open.connection = connectApp({
        frame,
        appUrl: shownUrl,
        initData: () => initData,
        handlers: this.handlers(open),
        onCall: (record) => this.deps.onCall(record),
        onRejected: (why, origin) => this.deps.onRejected(why, origin),
      });
    } catch (err) {
      // A view URL the bridge cannot check (not http(s)): never leave a frame without its bridge.
      this.deps.overlay.close();
      throw err;
    }
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

  /** Closes the open app: disposes the bridge, removes the overlay and the in-app browser, forgets the token. */
  close(): void {
    this.generation++;
    const open = this.current;
    if (!open) return;
    this.current = null;
    this.closeSubWindow(open, null);
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
        if (!isNavigableUrl(url)) throw new BridgeError('INVALID_ARGUMENT', 'url must be an absolute http(s) URL');
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
      closeWindow: () => {
        // Close after this call's answer is posted, so the app's promise settles and the call is logged.
        setTimeout(() => {
          if (open.parent) {
            if (open.parent.subWindow?.shown === open) this.closeSubWindow(open.parent, CLOSED);
          } else if (this.current === open) this.close();
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
        // The person consents to every scope the host offers: a new session with all of them,
        // bound to the same chat, whose token the app uses from now on.
        const request = buildSessionRequest({ ...open.state, scopes: [...SCOPES] }, open.app);
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
      liffSubWindowOpen: (request) => this.openSubWindow(open, request),
      liffSubWindowWait: () => {
        if (!open.subWindow) throw new BridgeError('INVALID_ARGUMENT', 'No sub window was opened');
        return open.subWindow.outcome.wait();
      },
      liffSubWindowPost: (status, message) => {
        const main = open.parent;
        if (!main) throw new BridgeError('INVALID_ARGUMENT', 'this api can be only called in child window');
        // The message reaches the main window and the sub window closes after this call's answer is posted.
        setTimeout(() => {
          if (main.subWindow?.shown === open) this.closeSubWindow(main, { status, result: message });
        }, 0);
        return { status, result: 'ok' };
      },
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

  /**
   * Opens `request`'s LIFF app as `main`'s sub window, over it: a session of its own for the same
   * person and chat, its own frame and bridge (its calls show in the bridge log like the main
   * window's). A sub window `main` had open ends without an event first.
   * @throws BridgeError `INVALID_ARGUMENT` from a sub window, or for a LIFF ID no app of the world has;
   *   the session's HTTP status when the server refuses it
   */
  private async openSubWindow(main: OpenApp, request: SubWindowRequest): Promise<void> {
    if (main.parent) throw new BridgeError('INVALID_ARGUMENT', 'this api can be only called in parent window');
    const view = this.deps.subWindow;
    if (!view) throw new BridgeError('INTERNAL_ERROR', 'this page cannot show a sub window');
    if (request.liffId === QUICK_FILL_LIFF_ID) return this.openQuickFill(main, request, view);
    const app = findApp(main.world, request.liffId);
    if (!app) throw new BridgeError('INVALID_ARGUMENT', `No LIFF app ${request.liffId} in this world`);
    this.closeSubWindow(main, null);
    const entry: NonNullable<OpenApp['subWindow']> = { outcome: new SubWindowOutcome() };
    main.subWindow = entry;
    const state: HostState = { ...main.state, embedId: app.embedId, viewType: subWindowViewType(request.height, app.view.type) };
    let session: SessionToken;
    try {
      session = await this.deps.api.createSession(buildSessionRequest(state, app));
    } catch (err) {
      entry.outcome.end(null);
      throw toBridgeError(err);
    }
    const shownUrl = (await this.deps.viewUrlOf?.(app.view.url)) ?? app.view.url;
    // Overtaken: the main window closed, or opened another sub window meanwhile.
    if (this.current !== main || main.subWindow !== entry) return;
    const sub: OpenApp = {
      accessToken: session.access_token,
      connection: { dispose() {} },
      features: clientFeatures(state.device),
      state,
      app,
      session,
      world: main.world,
      shown: shownUrl === app.view.url ? app : { ...app, view: { ...app.view, url: shownUrl } },
      parent: main,
      appData: request.appData,
    };
    const frame = view.open(
      {
        title: app.name,
        url: shownUrl,
        viewType: state.viewType,
        ...(request.closeButtonLabel ? { closeLabel: request.closeButtonLabel } : {}),
      },
      () => this.closeSubWindow(main, CLOSED),
    );
    if (!frame) throw new BridgeError('INTERNAL_ERROR', 'the sub window has no frame');
    const initData = buildInitData(state);
    try {
      sub.connection = connectApp({
        frame,
        appUrl: shownUrl,
        initData: () => initData,
        handlers: this.handlers(sub),
        onCall: (record) => this.deps.onCall(record),
        onRejected: (why, origin) => this.deps.onRejected(why, origin),
      });
    } catch (err) {
      view.close();
      entry.outcome.end(null);
      throw err;
    }
    entry.shown = sub;
  }

  /**
   * The platform's Quick-fill screen as `main`'s sub window (`@line/liff-common-profile-plugin`):
   * drawn by the host, it shows the entries the app asked for with a dummy case's values
   * (`getDummy`) or the signed-in person's own (`get`, {@link openPersonQuickFill}); "自動入力"
   * submits `{profile}`, "キャンセル" cancels. What it cannot serve it answers `{error}`, which the
   * plugin rejects with.
   */
  private openQuickFill(main: OpenApp, request: SubWindowRequest, view: NonNullable<AppSessionDeps['subWindow']>): void {
    this.closeSubWindow(main, null);
    const entry: NonNullable<OpenApp['subWindow']> = { outcome: new SubWindowOutcome() };
    main.subWindow = entry;
    const asked = quickFillRequest(request.appData);
    const end = (event: SubWindowEvent) => {
      if (main.subWindow === entry) this.closeSubWindow(main, event);
    };
    if (asked.mode === 'person') {
      void this.openPersonQuickFill(main, entry, request, asked.entries, view, end);
      return;
    }
    const dummy = DUMMY_CASES[asked.caseId];
    if (!dummy) {
      setTimeout(() => end({ status: 'submit', result: { error: { message: `No dummy case ${asked.caseId}` } } }), 0);
      return;
    }
    const profile = selectProfile(dummy.profile, asked.entries);
    const content = quickFillScreen(
      { entries: asked.entries, profile, caption: dummy.caption },
      () => end({ status: 'submit', result: { profile } }),
      () => end({ status: 'cancel', result: {} }),
    );
    view.open({ title: 'クイック入力', viewType: subWindowViewType(request.height, 'tall'), content }, () => end(CLOSED));
  }

  /**
   * Quick-fill's screen of the signed-in person (`liff.$commonProfile.get`): only for the token of
   * `main`'s own session (`lineProfileToken`), showing the entries asked for that the token's
   * `commonprofile.*` scopes cover, read from the server with that token. A refused token or a
   * failed read answers `{error: {message}}`, after the open call settles, as the platform's screen
   * answers once it has loaded.
   */
  private async openPersonQuickFill(
    main: OpenApp,
    entry: NonNullable<OpenApp['subWindow']>,
    request: SubWindowRequest,
    requested: readonly CommonProfileEntry[],
    view: NonNullable<AppSessionDeps['subWindow']>,
    end: (event: SubWindowEvent) => void,
  ): Promise<void> {
    const fail = (message: string) => setTimeout(() => end({ status: 'submit', result: { error: { message } } }), 0);
    const problem = profileTokenProblem(request.appData.lineProfileToken, main.accessToken);
    if (problem) return void fail(problem);
    let answer: CommonProfileView;
    try {
      answer = await this.deps.api.client.call('commonProfile', { body: { accessToken: main.accessToken } });
    } catch (err) {
      return void fail(err instanceof HttpError ? err.message : 'The Common Profile could not be read');
    }
    // Overtaken: the main window closed, or opened another sub window meanwhile.
    if (this.current !== main || main.subWindow !== entry) return;
    const shown = personQuickFill(answer, requested);
    const content = quickFillScreen(
      shown,
      () => end({ status: 'submit', result: { profile: shown.profile } }),
      () => end({ status: 'cancel', result: {} }),
    );
    view.open({ title: 'クイック入力', viewType: subWindowViewType(request.height, 'tall'), content }, () => end(CLOSED));
  }

  /** Closes `main`'s sub window, if open: its bridge and view go, and the main window hears `event` (nothing when null). */
  private closeSubWindow(main: OpenApp, event: SubWindowEvent | null): void {
    const entry = main.subWindow;
    if (!entry || entry.outcome.ended) return;
    entry.outcome.end(event);
    entry.shown?.connection.dispose();
    entry.shown = undefined;
    this.deps.subWindow?.close();
  }

  /** What `liff.init` is told for the open app: its context, device and token (`liff/session.ts`); a sub window's `appData` too. */
  private async liffSession(open: OpenApp): Promise<LiffSession> {
    const session = await buildLiffSession(open.state, open.shown, open.session, location.origin + location.pathname);
    if (open.parent) session.subWindow = { appData: structuredClone(open.appData ?? {}) };
    // A MINI App that may use in-app purchase, on a phone (a store to pay with): the feature is permitted.
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
