/**
 * The members an app uses to act through the messenger: the person's profile and friendship with
 * the bot, messages sent to the chat, and windows opened and closed. In the host they are bridge
 * calls; in a normal tab the platform API (with the web login's token) or the browser answers.
 */
import { isHttpUrl, isLinePayAppLink } from '#contract/bridge/rules.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { platformGet } from '../normal-tab/web-login.js';
import type { MemberKit } from './kit.js';

/** `getProfile`, `getFriendship`, `sendMessages`, `openWindow` and `closeWindow`. */
export function messengerMembers({
  state,
  bridge,
  loggedIn,
  inClientOnly,
}: MemberKit): Pick<Liff, 'getProfile' | 'getFriendship' | 'sendMessages' | 'openWindow' | 'closeWindow'> {
  return {
    getProfile: async () => {
      if (state.web) return platformGet(state.server, '/v2/profile', state.web.accessToken, 'getProfile');
      loggedIn();
      return bridge('getProfile', []);
    },
    getFriendship: async () => {
      if (state.web) return platformGet(state.server, '/friendship/v1/status', state.web.accessToken, 'getFriendship');
      loggedIn();
      return bridge('liffFriendship', []);
    },
    sendMessages: async (messages) => {
      inClientOnly('sendMessages');
      await bridge('sendMessages', [messages]);
    },
    openWindow: (params) => {
      // LINE Pay's app link (`line://pay/payment/…`) opens its payment page, in the LINE app as in the host.
      if (!isHttpUrl(params?.url) && !isLinePayAppLink(params?.url))
        throw new LiffError('INVALID_ARGUMENT', 'liff.openWindow: url must be an absolute http(s) URL');
      if (!state.host) {
        window.open(params.url, '_blank', 'noopener');
        return;
      }
      bridge('openWindow', [{ url: params.url, external: params.external === true }]).catch((error: unknown) => console.error(error));
    },
    closeWindow: () => {
      if (!state.host) return window.close();
      bridge('closeWindow', []).catch((error: unknown) => console.error(error));
    },
  };
}
