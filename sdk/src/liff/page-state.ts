/**
 * The page's report of itself to the host (`pageState`, contract/src/bridge/protocol.ts): the text
 * of its `<title>`, its address and whether its own history has a page before this one, which the
 * host cannot read across origins and draws in the frame around a LINE MINI App (the header's
 * service name, domain, share link and back button). Sent once the bridge is up, then again on
 * every change: a `<title>` written or replaced (a MutationObserver on `<head>`), a navigation
 * inside the page (the Navigation API's `currententrychange`, else `popstate` and `hashchange`).
 * The LIFF plugin starts it after `liff.init` (a LINE MINI App is a LIFF app; the script-tag SDK
 * stays within its size budget without it, and its apps keep their registered name in the header).
 * The host's `back` command goes one page back in this frame's history.
 */
import { isPageCommand, MAX_PAGE_TITLE, type PageState } from '#contract/bridge/protocol.js';

/** What the page needs of the host: the one call it reports with. */
export interface PageStateHost {
  pageState(state: PageState): Promise<unknown>;
}

/** The Navigation API where the browser has it (Chromium): this frame's own entries. */
interface FrameNavigation extends EventTarget {
  canGoBack?: boolean;
  back?(): { finished?: Promise<unknown>; committed?: Promise<unknown> };
}

const navigationOf = (): FrameNavigation | undefined => (window as { navigation?: FrameNavigation }).navigation;

let followed: PageStateHost | undefined;

/** The page's state now; `canGoBack` false where the browser cannot tell (no Navigation API). */
export function pageStateNow(): PageState {
  return { title: document.title.slice(0, MAX_PAGE_TITLE), url: location.href, canGoBack: navigationOf()?.canGoBack === true };
}

/**
 * Reports the page to `host` now and on every change (once per page: a second call only changes
 * the host reported to), and goes back in this frame's history when the host (`window.parent`)
 * asks. A failed report is dropped: the host then keeps what it knew.
 */
export function followPage(host: PageStateHost): void {
  const first = followed === undefined;
  followed = host;
  let last = '';
  const send = () => {
    const state = pageStateNow();
    const key = JSON.stringify(state);
    if (key === last || !followed) return;
    last = key;
    followed.pageState(state).catch(() => undefined);
  };
  send();
  if (!first) return;
  new MutationObserver(send).observe(document.head ?? document.documentElement, { subtree: true, childList: true, characterData: true });
  const navigation = navigationOf();
  if (navigation) navigation.addEventListener('currententrychange', send);
  addEventListener('popstate', send);
  addEventListener('hashchange', send);
  addEventListener('message', (e) => {
    if (e.source !== window.parent || !isPageCommand(e.data)) return;
    const nav = navigationOf();
    if (nav?.back && nav.canGoBack) {
      const going = nav.back();
      // A back the page itself intercepts or cancels is the page's business: no unhandled rejection.
      going.finished?.catch(() => undefined);
      going.committed?.catch(() => undefined);
    } else if (!nav) history.back();
  });
}
