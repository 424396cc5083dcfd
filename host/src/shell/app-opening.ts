/**
 * Opening the app the phone's state names, where its launch puts it (the overlay in the client, or
 * a tab of the browser outside it), with the status line saying what happened. A failure is shown
 * there, never thrown: the shell's controls, links and shortcuts all open apps this way.
 */
import type { AppSession } from '../app/app-session.js';
import { HttpError } from '../simulator-api/client.js';
import { launchRule, stateForLaunch, type LaunchSource } from '../app/liff/launch.js';
import type { Controls } from '../controls/panel.js';
import type { HostState } from '../state/host-state.js';
import { findApp, findUser, type World } from '../state/world.js';

const CONTEXT_NAMES = { utou: 'a 1:1 chat', room: 'a room', group: 'a group', none: 'no chat' } as const;

/** What opening an app reads and reports to: the shell's world and state as they are at each step. */
export interface AppOpening {
  world(): World;
  state(): HostState;
  session: AppSession;
  controls: Controls;
  /** Puts the state (the app now open) in the address bar. */
  syncUrl(): void;
}

/**
 * Opens the state's app in the overlay; a failure is shown in the status line, not thrown.
 * `liffState`: the page of a permanent link to open below the app's endpoint (`AppSession.open`).
 */
export async function openStateApp(o: AppOpening, liffState: string | undefined, launch: LaunchSource): Promise<void> {
  const app = findApp(o.world(), o.state().embedId);
  o.controls.setStatus(app ? `Opening ${app.name}…` : 'No app to open.');
  const rule = launchRule(launch);
  try {
    if (!rule.inClient) {
      const url = await o.session.openInExternalBrowser(o.world(), o.state(), liffState);
      o.controls.setStatus(`${app?.name} opened in an external browser (a new tab): ${url}`);
      return;
    }
    // A QR code, a notification or a shortcut opens the app from no chat (app/liff/launch.ts).
    const opened = stateForLaunch({ ...o.state(), launch });
    const frame = await o.session.open(o.world(), opened, liffState);
    if (!frame) return;
    const user = findUser(o.world(), o.state().userId)?.displayName ?? o.state().userId;
    const from = launch === 'in-client' ? '' : ` from the ${rule.label.toLowerCase()}`;
    o.controls.setStatus(`${app?.name} opened for ${user}${from} in ${CONTEXT_NAMES[opened.contextType]} (${o.state().viewType}).`);
    o.syncUrl();
  } catch (err) {
    const text = err instanceof HttpError ? `${err.status}: ${err.message}` : (err as Error).message;
    o.controls.setStatus(`Could not open the app: ${text}`, 'error');
  }
}
