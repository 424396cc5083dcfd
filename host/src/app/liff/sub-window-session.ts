/**
 * The sub windows of the open apps (`liff.subWindow`, and the platform's Quick-fill screen that
 * `@line/liff-common-profile-plugin` opens as one): opening one over its main window, its bridge
 * calls, and how it ends. The state of each lives on its main window (`OpenApp.subWindow`); what
 * this needs of the app session it is given (`SubWindowSessionDeps`).
 */
import type { SubWindowEvent, SubWindowRequest } from '#contract/bridge/protocol.js';
import type { CommonProfileView } from '#contract/common-profile.js';
import type { SessionToken } from '#contract/wire.js';
import type { SimulatorApi } from '../../simulator-api/phone-api.js';
import { BridgeError, toBridgeError } from '../bridge/errors.js';
import type { BridgeHandlers } from '../bridge/types.js';
import { HttpError } from '../../simulator-api/client.js';
import { buildSessionRequest, type HostState } from '../../state/host-state.js';
import { findApp } from '../../state/world.js';
import { openedApp, type OpenApp, type SubWindowEntry } from '../open-app.js';
import {
  DUMMY_CASES,
  personQuickFill,
  profileTokenProblem,
  quickFillRequest,
  selectProfile,
  type CommonProfileEntry,
} from './quick-fill.js';
import { quickFillScreen } from './quick-fill-screen.js';
import { QUICK_FILL_LIFF_ID, SubWindowOutcome, subWindowViewType } from './sub-window.js';
import type { SubWindowView } from './sub-window-view.js';

/** What the main window hears when its sub window is closed without a message (its close button, `liff.subWindow.close()`). */
export const CLOSED: SubWindowEvent = { status: 'close', result: {} };

/** What the sub windows need of the app session. */
export interface SubWindowSessionDeps {
  api: Pick<SimulatorApi, 'createSession' | 'client'>;
  /** Where a sub window is shown over the app; without it, the app's open is refused. */
  view?: Pick<SubWindowView, 'open' | 'close'>;
  /** Where this page opens a registered view URL (`AppSessionDeps.viewUrlOf`); default the URL as registered. */
  viewUrlOf?(viewUrl: string): Promise<string>;
  /** Whether `main` is still the session's open app: an answer arriving after it closed is dropped. */
  isOpen(main: OpenApp): boolean;
  /**
   * Connects the bridge of `sub` to `frame` at `appUrl`, answering with `sub`'s handlers.
   * @returns the connection to dispose
   * @throws Error when the bridge cannot check the URL
   */
  connect(sub: OpenApp, frame: HTMLIFrameElement, appUrl: string): { dispose(): void };
}

/** Opens, answers and closes the sub windows of the session's open apps. */
export class SubWindowSession {
  constructor(private readonly deps: SubWindowSessionDeps) {}

  /** The host side of `liff.subWindow` for `open` (a main window, or a sub window itself). */
  handlers(open: OpenApp): Pick<BridgeHandlers, 'liffSubWindowOpen' | 'liffSubWindowWait' | 'liffSubWindowPost'> {
    return {
      liffSubWindowOpen: (request) => this.open(open, request),
      liffSubWindowWait: () => {
        if (!open.subWindow) throw new BridgeError('INVALID_ARGUMENT', 'No sub window was opened');
        return open.subWindow.outcome.wait();
      },
      liffSubWindowPost: (status, message) => {
        if (!open.parent) throw new BridgeError('INVALID_ARGUMENT', 'this api can be only called in child window');
        // The message reaches the main window and the sub window closes after this call's answer is posted.
        setTimeout(() => this.closeFromInside(open, { status, result: message }), 0);
        return { status, result: 'ok' };
      },
    };
  }

  /** Closes the sub window `sub` is shown in, if it still is: its main window hears `event`. */
  closeFromInside(sub: OpenApp, event: SubWindowEvent): void {
    const main = sub.parent;
    if (main?.subWindow?.shown === sub) this.close(main, event);
  }

  /** Closes `main`'s sub window, if open: its bridge and view go, and the main window hears `event` (nothing when null). */
  close(main: OpenApp, event: SubWindowEvent | null): void {
    const entry = main.subWindow;
    if (!entry || entry.outcome.ended) return;
    entry.outcome.end(event);
    entry.shown?.connection.dispose();
    entry.shown = undefined;
    this.deps.view?.close();
  }

  /**
   * Opens `request`'s LIFF app as `main`'s sub window, over it: a session of its own for the same
   * person and chat, its own frame and bridge (its calls show in the bridge log like the main
   * window's). A sub window `main` had open ends without an event first.
   * @throws BridgeError `INVALID_ARGUMENT` from a sub window, or for a LIFF ID no app of the world has;
   *   the session's HTTP status when the server refuses it
   */
  private async open(main: OpenApp, request: SubWindowRequest): Promise<void> {
    if (main.parent) throw new BridgeError('INVALID_ARGUMENT', 'this api can be only called in parent window');
    const view = this.deps.view;
    if (!view) throw new BridgeError('INTERNAL_ERROR', 'this page cannot show a sub window');
    if (request.liffId === QUICK_FILL_LIFF_ID) return this.openQuickFill(main, request, view);
    const app = findApp(main.world, request.liffId);
    if (!app) throw new BridgeError('INVALID_ARGUMENT', `No LIFF app ${request.liffId} in this world`);
    const entry = this.replace(main);
    const state: HostState = { ...main.state, embedId: app.embedId, viewType: subWindowViewType(request.height, app.view.type) };
    let session: SessionToken;
    try {
      session = await this.deps.api.createSession(buildSessionRequest(state, app));
    } catch (err) {
      entry.outcome.end(null);
      throw toBridgeError(err);
    }
    const shownUrl = (await this.deps.viewUrlOf?.(app.view.url)) ?? app.view.url;
    if (this.overtaken(main, entry)) return;
    const sub: OpenApp = { ...openedApp(state, app, session, main.world, shownUrl), parent: main, appData: request.appData };
    const frame = view.open(
      {
        title: app.name,
        url: shownUrl,
        viewType: state.viewType,
        ...(request.closeButtonLabel ? { closeLabel: request.closeButtonLabel } : {}),
      },
      () => this.close(main, CLOSED),
    );
    if (!frame) throw new BridgeError('INTERNAL_ERROR', 'the sub window has no frame');
    try {
      sub.connection = this.deps.connect(sub, frame, shownUrl);
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
  private openQuickFill(main: OpenApp, request: SubWindowRequest, view: NonNullable<SubWindowSessionDeps['view']>): void {
    const entry = this.replace(main);
    const asked = quickFillRequest(request.appData);
    const end = (event: SubWindowEvent) => {
      if (main.subWindow === entry) this.close(main, event);
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
    entry: SubWindowEntry,
    request: SubWindowRequest,
    requested: readonly CommonProfileEntry[],
    view: NonNullable<SubWindowSessionDeps['view']>,
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
    if (this.overtaken(main, entry)) return;
    const shown = personQuickFill(answer, requested);
    const content = quickFillScreen(
      shown,
      () => end({ status: 'submit', result: { profile: shown.profile } }),
      () => end({ status: 'cancel', result: {} }),
    );
    view.open({ title: 'クイック入力', viewType: subWindowViewType(request.height, 'tall'), content }, () => end(CLOSED));
  }

  /** Ends the sub window `main` had open, without an event, and makes a new one its sub window. */
  private replace(main: OpenApp): SubWindowEntry {
    this.close(main, null);
    const entry: SubWindowEntry = { outcome: new SubWindowOutcome() };
    main.subWindow = entry;
    return entry;
  }

  /** True when `entry` is no longer `main`'s sub window: the main window closed, or opened another sub window meanwhile. */
  private overtaken(main: OpenApp, entry: SubWindowEntry): boolean {
    return !this.deps.isOpen(main) || main.subWindow !== entry;
  }
}
