/**
 * One app open in the host (the overlay's, or a sub window's): what the session keeps of it while
 * it is open, shared by the app session and its sub windows. No DOM.
 */
import type { SessionToken } from '#contract/wire.js';
import type { ConsentPlan } from '#contract/simulator-api/social/consents.js';
import { clientFeatures, type ClientFeatures } from '../phone/device.js';
import type { HostState } from '../state/host-state.js';
import type { World, WorldApp } from '../state/world.js';
import type { SubWindowOutcome } from './liff/sub-window.js';

/** The sub window an app opened last: how it ends, and the app shown in it while it is open (none for Quick-fill). */
export interface SubWindowEntry {
  outcome: SubWindowOutcome;
  shown?: OpenApp;
}

/** One open app: the connection to dispose and the token to call the platform with. */
export interface OpenApp {
  connection: { dispose(): void };
  accessToken: string;
  /** What the phone's client allows, taken when the app opened (phone/device.ts). */
  features: ClientFeatures;
  /** The state and app it was opened with, and the session's token answer: what `liff.init` is told. */
  state: HostState;
  app: WorldApp;
  session: SessionToken;
  world: World;
  /** `app` with the view URL this page opened it at (its proxy's on a phone under `--lan`). */
  shown: WorldApp;
  /** The authorization flow's plan the app opened with (consent/flow.ts): whether the channel consent simplification is in effect. */
  consent?: ConsentPlan;
  /** Whether the app is a MINI App that may use in-app purchase (asked at `liff.init`). */
  iap?: boolean;
  /** The sub window this app opened last. */
  subWindow?: SubWindowEntry;
  /** For an app opened as a sub window: its main window, and the `appData` it was given. */
  parent?: OpenApp;
  appData?: Record<string, unknown>;
}

/**
 * The record of an app just opened for `state` with the server's `session`, shown at `shownUrl`
 * (its registered view URL, or its proxy's on a phone under `--lan`); its connection is a no-op
 * until the bridge is connected.
 */
export function openedApp(state: HostState, app: WorldApp, session: SessionToken, world: World, shownUrl: string): OpenApp {
  return {
    accessToken: session.access_token,
    connection: { dispose() {} },
    features: clientFeatures(state.device),
    state,
    app,
    session,
    world,
    // The app as this page reaches it: the frame, the bridge and liff.init agree on one origin.
    shown: shownUrl === app.view.url ? app : { ...app, view: { ...app.view, url: shownUrl } },
  };
}
