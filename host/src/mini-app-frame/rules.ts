/**
 * Which frame the LINE app draws around an app, by the app's kind and the client: pure, no DOM.
 *
 * A LINE MINI App gets the header the LINE app generates (LINE MINI App docs, "LINE MINI App UI
 * Components"): the service name (the page's `<title>`), a subtext (the page's domain for an
 * unverified MINI App; the MINI App's name and the verified badge for a verified one), the action
 * button (LINE 15.12.0 or later: the multi-tab view; earlier: the options, "Built-in features"),
 * the close button, or the minimize button for a verified MINI App on LINE for iOS 14.15.1 /
 * Android 15.0.0 or later, a back button and a loading bar. Any other app (a LIFF app that is not a
 * MINI App, an app on the first-generation SDK) keeps the LIFF browser's header as the host drew it
 * before: its registered name, its origin and the close button. docs/guide/host.md says where the
 * docs are silent and what the host chose.
 */
import { compareVersions, type Device } from '../phone/device.js';

/** The options the action button offers (the multi-tab view's row, or the older sheet's list). */
export type FrameOption = 'refresh' | 'share' | 'add-to-home' | 'minimize';

/** What a MINI App is, as the world says (`WorldApp.miniApp`): absent for any other app. */
export interface MiniAppKind {
  verified: boolean;
  /** `developing` or `published`; absent reads `published`. */
  stage?: string;
}

/** The frame of one app on one client. */
export type Frame =
  /** The LIFF browser's header as the host draws it: name, origin, close. */
  | { header: 'liff-browser' }
  | {
      header: 'mini-app';
      /** Under the service name: the page's domain (unverified), or the MINI App's name with the verified badge. */
      subtext: 'domain' | 'name-and-badge';
      /** What the action button opens: the multi-tab view (LINE 15.12.0 or later) or the options sheet. */
      action: 'multi-tab' | 'options';
      /** The button at the header's end. */
      end: 'close' | 'minimize';
      /** The options offered, in the order they are shown. */
      options: readonly FrameOption[];
      /** Whether the recently used services are listed (the multi-tab view only). */
      recentServices: boolean;
    };

/** First LINE version with the multi-tab view ("Built-in features", "Action button"). */
export const MULTI_TAB_VIEW_FROM = '15.12.0';
/** First LINE version whose header minimizes a verified MINI App, per platform ("UI Components", the close/minimize table). */
export const MINIMIZE_FROM: Readonly<Record<'ios' | 'android', string>> = { ios: '14.15.1', android: '15.0.0' };

/**
 * Whether the header shows the minimize button: a verified MINI App on LINE for iOS 14.15.1 or
 * later or LINE for Android 15.0.0 or later; the close button on every other client and for an
 * unverified MINI App (the desktop app has no LIFF browser to minimize).
 */
export function minimizes(miniApp: MiniAppKind, device: Device): boolean {
  if (!miniApp.verified || device.platform === 'desktop') return false;
  return compareVersions(device.appVersion, MINIMIZE_FROM[device.platform]) >= 0;
}

/**
 * Whether "Add to home screen" is offered: where `liff.createShortcutOnHomeScreen` works, a
 * verified MINI App, or one still in development (LINE MINI App docs, "Custom features": a
 * verified MINI App's feature; the developing stage lets its developers try it).
 */
export function addsToHome(miniApp: MiniAppKind): boolean {
  return miniApp.verified || miniApp.stage === 'developing';
}

/**
 * The frame of an app on `device`: the MINI App header when `miniApp` is given, else the LIFF
 * browser's. The options: the multi-tab view's Refresh, Share, Add to home screen (where
 * {@link addsToHome}) and Minimize (where {@link minimizes}); the older options sheet's Share,
 * Minimize (the same rule) and Refresh, the order of the docs' table.
 */
export function frameOf(miniApp: MiniAppKind | undefined, device: Device): Frame {
  if (!miniApp) return { header: 'liff-browser' };
  const minimize = minimizes(miniApp, device);
  const multiTab = compareVersions(device.appVersion, MULTI_TAB_VIEW_FROM) >= 0;
  const options: FrameOption[] = multiTab
    ? ['refresh', 'share', ...(addsToHome(miniApp) ? (['add-to-home'] as const) : []), ...(minimize ? (['minimize'] as const) : [])]
    : ['share', ...(minimize ? (['minimize'] as const) : []), 'refresh'];
  return {
    header: 'mini-app',
    subtext: miniApp.verified ? 'name-and-badge' : 'domain',
    action: multiTab ? 'multi-tab' : 'options',
    end: minimize ? 'minimize' : 'close',
    options,
    recentServices: multiTab,
  };
}

/**
 * The service name the header shows: the page's `<title>` once the page told it (trimmed, inner
 * runs of white space made one space, as a title bar shows it), else the app's registered name.
 */
export function serviceName(reportedTitle: string | undefined, appName: string): string {
  const title = (reportedTitle ?? '').replace(/\s+/g, ' ').trim();
  return title || appName;
}

/**
 * The domain an unverified MINI App's subtext shows: the host (and port) of the page's address
 * when the page told it and it is on the app's origin, else of the address the host opened.
 */
export function domainOf(reportedUrl: string | undefined, openedUrl: string): string {
  const opened = new URL(openedUrl);
  try {
    const reported = reportedUrl ? new URL(reportedUrl) : opened;
    return (reported.origin === opened.origin ? reported : opened).host;
  } catch {
    return opened.host;
  }
}
