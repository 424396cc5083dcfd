/**
 * `liff.init`: connects the plugin to embedkit's host (in the host's frame) or to a login in a
 * normal tab, then goes to the page a permanent link named, as the platform's SDK does on init.
 */
import { handshake } from '../../bridge.js';
import { followPage } from '../page-state.js';
import { EmbedError } from '../../errors.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { pageOfLiffState } from '../rules/permanent-link.js';
import { finishLogin, startLogin, storedTokens } from '../normal-tab/web-login.js';
import type { MemberKit } from './kit.js';

/**
 * Opened by a permanent link: goes to the page its `liff.state` names below `endpointUrl`, as the
 * platform's SDK does on init (the promise never settles on this page; the new page inits again).
 */
const goToLiffState = async (endpointUrl: string): Promise<void> => {
  const liffState = new URLSearchParams(location.search).get('liff.state');
  const page = liffState ? pageOfLiffState(endpointUrl, liffState) : null;
  if (page && page !== location.href) {
    location.replace(page);
    await new Promise(() => undefined);
  }
};

/** The plugin's `liff.init`: one connection per page, its failure leaving a later call free to try again. */
export function initMember({ state, bridge }: MemberKit): Liff['init'] {
  return (config, successCallback, errorCallback) => {
    const run = async () => {
      const liffId = (config as { liffId?: unknown } | undefined)?.liffId;
      if (typeof liffId !== 'string' || !liffId) throw new LiffError('INVALID_CONFIG', 'liffId is necessary for liff.init()');
      state.liffId = liffId;
      // `liff.id` is a getter of the SDK's own (read-only) that reads this config.
      const w = window as { __liffConfig?: Record<string, unknown> };
      w.__liffConfig = { ...w.__liffConfig, liffId };
      if (window.parent === window) {
        // A normal tab: the app runs outside the host (isInClient false), logged in once
        // `liff.login()` came back here (the code in the address) or a kept login is still valid.
        state.web = (await finishLogin(liffId)) ?? storedTokens(liffId) ?? undefined;
        state.initialized = true;
        if (!state.web && (config as { withLoginOnExternalBrowser?: unknown }).withLoginOnExternalBrowser === true) {
          // The published SDK logs in at once (`liff.init` then never settles: the page leaves for
          // the login pages and inits again on its return).
          await startLogin({ server: state.server, liffId });
          await new Promise(() => undefined);
        }
        // Opened from a LIFF URL in an external browser: the page of its `liff.state`, below this
        // endpoint page, as the published SDK goes there on init.
        await goToLiffState(location.origin + location.pathname);
        return;
      }
      let connection;
      try {
        connection = await handshake();
      } catch (error) {
        throw error instanceof EmbedError ? new LiffError('INIT_FAILED', error.message.replace(/^embed\.init/, 'liff.init')) : error;
      }
      state.host = connection.host;
      try {
        state.session = await bridge('liffInit', [liffId]);
      } catch (error) {
        state.host = undefined;
        throw error instanceof LiffError && error.code === 'INVALID_ARGUMENT' ? new LiffError('INVALID_CONFIG', error.message) : error;
      }
      state.initialized = true;
      // Its title and address, for the frame the host draws around it (the MINI App header).
      followPage(connection.host);
      await goToLiffState(state.session.context.endpointUrl);
    };
    state.pending ??= run().then(
      () => state.resolveReady(),
      (error: unknown) => {
        state.pending = undefined;
        throw error;
      },
    );
    return state.pending.then(
      () => successCallback?.(),
      (error: unknown) => {
        errorCallback?.(error as Error);
        throw error;
      },
    );
  };
}
