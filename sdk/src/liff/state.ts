/**
 * The plugin's state, shared by every member it puts on the `liff` object: what `init` connected
 * to (the host, or a login in a normal tab) and what the members read of it afterwards.
 */
import type { HostApi, LiffSession } from '#contract/bridge/protocol.js';
import type { WebTokens } from './normal-tab/web-login.js';

/** The plugin's state: the host's methods and session once `init` connected, the ready promise. */
export interface State {
  host?: HostApi;
  session?: LiffSession;
  /** The tokens of a login outside the host (`liff.login()` in a normal tab). */
  web?: WebTokens;
  /** The embedkit server's origin (web login, platform API calls outside the host). */
  server: string;
  initialized: boolean;
  pending?: Promise<void>;
  liffId: string | null;
  extraQuery: string;
  ready: Promise<void>;
  resolveReady(): void;
}

export function createState(server: string): State {
  let resolveReady = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  return { initialized: false, liffId: null, extraQuery: '', ready, resolveReady, server };
}
