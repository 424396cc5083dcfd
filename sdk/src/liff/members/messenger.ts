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
import { permissionRules } from './permission.js';

/**
 * `getProfile`, `getFriendship`, `sendMessages`, `openWindow` and `closeWindow`. The first three
 * are behind the published permission check (`attachChecker`: `profile` for the profile and the
 * friendship, `chat_message.write` for sending), so a missing scope brings the permission request
 * screen first where the channel consent simplification is in effect.
 */
export function messengerMembers(
  kit: MemberKit,
): Pick<Liff, 'getProfile' | 'getFriendship' | 'sendMessages' | 'openWindow' | 'closeWindow'> {
  const { state, bridge, loggedIn, inClientOnly } = kit;
  const { checked } = permissionRules(kit);
  return {
    getProfile: checked(async () => {
      if (state.web) return platformGet(state.server, '/v2/profile', state.web.accessToken, 'getProfile');
      loggedIn();
      return bridge('getProfile', []);
    }, 'profile'),
    getFriendship: checked(async () => {
      if (state.web) return platformGet(state.server, '/friendship/v1/status', state.web.accessToken, 'getFriendship');
      loggedIn();
      return bridge('liffFriendship', []);
    }, 'profile'),
    sendMessages: checked(async (messages: Parameters<Liff['sendMessages']>[0]) => {
      inClientOnly('sendMessages');
      await bridge('sendMessages', [messages]);
    }, 'chat_message.write'),
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
