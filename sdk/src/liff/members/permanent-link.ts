/**
 * The member `liff.permanentLink`: links to the app's pages that open it in embedkit's host, made
 * by `../rules/permanent-link.ts` from the session's host page and endpoint URL. A LINE MINI App's
 * (the context's `miniDomainAllowed`) are the platform's own, as `@line/liff` 2.31 makes them:
 * `createUrlBy` on `https://miniapp.line.me/` with its Custom Path (`miniAppId`) or LIFF ID,
 * `createUrl` on `https://liff.line.me/` with its LIFF ID.
 */
import type { Liff } from '../liff-types.js';
import { LIFF_URL_ORIGIN, MINI_APP_URL_ORIGIN, permanentLinkOf, platformLinkOf } from '../rules/permanent-link.js';
import type { MemberKit } from './kit.js';

/** `permanentLink`: `createUrlBy`, `createUrl` and `setExtraQueryParam`. */
export function permanentLinkMember({ state, loggedIn }: MemberKit): Liff['permanentLink'] {
  const link = (url: string, mini: 'by' | 'current') => {
    const { hostUrl, context } = loggedIn();
    if (!context.miniDomainAllowed)
      return permanentLinkOf({ hostUrl, liffId: context.liffId, endpointUrl: context.endpointUrl }, url, state.extraQuery);
    return mini === 'by'
      ? platformLinkOf(context.endpointUrl, MINI_APP_URL_ORIGIN, context.miniAppId ?? context.liffId, url, state.extraQuery)
      : platformLinkOf(context.endpointUrl, LIFF_URL_ORIGIN, context.liffId, url, state.extraQuery);
  };
  return {
    createUrlBy: async (url) => link(url, 'by'),
    createUrl: () => link(location.href, 'current'),
    setExtraQueryParam: (params) => {
      state.extraQuery = String(params ?? '').replace(/^\?/, '');
    },
  };
}
