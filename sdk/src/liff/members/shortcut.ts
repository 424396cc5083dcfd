/**
 * The `liff.createShortcutOnHomeScreen` member: a shortcut on the host's home screen that opens
 * the app at one of its pages, checked in the published SDK's order before the host adds it.
 */
import { assertApiAvailable } from '../rules/availability.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { permanentLinkOf, type LinkBase } from '../rules/permanent-link.js';
import type { MemberKit } from './kit.js';

/**
 * The page a shortcut opens, as the `liff.state` below the app's endpoint URL: from a LIFF URL of
 * the app (`https://liff.line.me/{liffId}/path`) or a URL below its endpoint URL (the published
 * SDK's permanent-link check; anything else is `INVALID_ARGUMENT`).
 */
function shortcutState(url: string, base: LinkBase): string {
  const liffUrl = `https://liff.line.me/${base.liffId}`;
  if (url === liffUrl || url.startsWith(`${liffUrl}/`) || url.startsWith(`${liffUrl}?`))
    return `/${url.slice(liffUrl.length).replace(/^\//, '')}`;
  return new URL(permanentLinkOf(base, url)).searchParams.get('liff.state') ?? '/';
}

/** `createShortcutOnHomeScreen`. */
export function shortcutMember({ state, bridge, environment }: MemberKit): Liff['createShortcutOnHomeScreen'] {
  return async (params) => {
    const { url, description } = (params ?? {}) as { url?: unknown; description?: unknown };
    // The published SDK's checks, in its order: the argument, the permissions, the URL, then availability.
    if (url === undefined || url === null || url === '') throw new LiffError('INVALID_ARGUMENT', 'no proper argument');
    const context = state.session?.context;
    const lineScheme = /^line:\/\//i.test(String(url));
    if (!context?.availability.addToHomeLineScheme?.permission) {
      if (lineScheme) throw new LiffError('FORBIDDEN', 'No permission to specify line schema in url.');
      if (description) throw new LiffError('FORBIDDEN', 'No permission to specify description.');
    }
    if (!context) throw new LiffError('FORBIDDEN', 'Could not get Context from server.');
    const liffState = shortcutState(String(url), {
      hostUrl: state.session!.hostUrl,
      liffId: context.liffId,
      endpointUrl: context.endpointUrl,
    });
    assertApiAvailable('createShortcutOnHomeScreen', environment());
    await bridge('liffCreateShortcut', [{ liffState, ...(typeof description === 'string' ? { description } : {}) }]);
  };
}
