/**
 * The client a person really has: the messenger on iOS, Android or desktop, its app version and
 * its OS version, and what that client can do. Pure functions, no DOM.
 *
 * The rules are the spec's Versioning part (minimum client versions) and part D (`getProfile` and
 * `sendMessages` unavailable on one pre-release mobile OS version); where the spec does not say
 * how a client degrades, docs/guide/devices.md records embedkit's choice.
 */

/** The three kinds of messenger client. */
export const PLATFORMS = ['ios', 'android', 'desktop'] as const;
/** One kind of messenger client. */
export type Platform = (typeof PLATFORMS)[number];

/** A client: platform, messenger app version (`8.11.0`) and OS version (`17.4`, `12.0-beta`). */
export interface Device {
  platform: Platform;
  appVersion: string;
  osVersion: string;
}

/** The client the host plays until told otherwise: a current phone, where everything works. */
export const DEFAULT_DEVICE: Device = { platform: 'ios', appVersion: '14.11.0', osVersion: '17.4' };

/**
 * The pre-release mobile OS version of spec part D. The spec names none; embedkit plays it as a
 * beta build of iOS 12.0 (docs/guide/devices.md). Any OS version carrying a pre-release tag (`-beta`,
 * `beta`, `-rc`, `-preview`, `-dp`) counts, so a developer can also type their own.
 */
export const PRE_RELEASE_OS: Device = { platform: 'ios', appVersion: '8.11.0', osVersion: '12.0-beta' };

/**
 * Ready-made clients for the device menu: each side of the spec's minimum versions and of the MINI
 * App header's versions (mini-app-frame/rules.ts); the note under the menu says what each lacks.
 */
export const DEVICE_PRESETS: readonly { label: string; device: Device }[] = [
  { label: 'iOS, current', device: DEFAULT_DEVICE },
  { label: 'Android, current', device: { platform: 'android', appVersion: '14.11.0', osVersion: '14' } },
  { label: 'Desktop, current', device: { platform: 'desktop', appVersion: '9.0.0', osVersion: '14.4' } },
  { label: 'iOS 8.11.0', device: { platform: 'ios', appVersion: '8.11.0', osVersion: '11.4' } },
  { label: 'iOS 8.10.0', device: { platform: 'ios', appVersion: '8.10.0', osVersion: '11.4' } },
  { label: 'iOS 8.1.0', device: { platform: 'ios', appVersion: '8.1.0', osVersion: '11.2' } },
  { label: 'Android 7.11.0', device: { platform: 'android', appVersion: '7.11.0', osVersion: '7.1' } },
  { label: 'Desktop 5.8.0', device: { platform: 'desktop', appVersion: '5.8.0', osVersion: '10.13' } },
  { label: 'iOS 12.0 beta (pre-release OS)', device: PRE_RELEASE_OS },
  // Each side of the MINI App header's rules (LINE MINI App docs, "UI Components"): the minimize
  // button from iOS 14.15.1 / Android 15.0.0, the multi-tab view from 15.12.0; the current
  // phones above are on the earlier side of both.
  { label: 'iOS 14.15.1 (MINI App minimize)', device: { platform: 'ios', appVersion: '14.15.1', osVersion: '17.4' } },
  { label: 'Android 15.0.0 (MINI App minimize)', device: { platform: 'android', appVersion: '15.0.0', osVersion: '14' } },
  { label: 'iOS 15.12.0 (multi-tab view)', device: { platform: 'ios', appVersion: '15.12.0', osVersion: '18.0' } },
  { label: 'Android 15.12.0 (multi-tab view)', device: { platform: 'android', appVersion: '15.12.0', osVersion: '15' } },
];

const VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;
const OS_VERSION = /^\d{1,4}(\.\d{1,4}){0,3}([-.]?[a-z][a-z0-9.]{0,15})?$/i;

/** Whether `v` is an app version the host accepts: 1 to 4 dot-separated numbers (`8.11.0`). */
export function isAppVersion(v: string): boolean {
  return VERSION.test(v);
}

/** Whether `v` is an OS version the host accepts: numbers, then an optional tag (`12.0-beta`). */
export function isOsVersion(v: string): boolean {
  return OS_VERSION.test(v);
}

/**
 * Compares two dotted versions number by number (`8.9.0` < `8.11.0`); missing parts count as 0;
 * a pre-release tag is ignored (use {@link isPreReleaseOs}).
 * @returns negative, 0 or positive, like a sort comparator
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string): number[] => (v.match(/^[\d.]+/)?.[0] ?? '0').split('.').filter(Boolean).map(Number);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether the device runs the pre-release mobile OS of spec part D (a mobile OS version with a tag). */
export function isPreReleaseOs(device: Device): boolean {
  return device.platform !== 'desktop' && /[a-z]/i.test(device.osVersion);
}

/**
 * `device=` of the host URL: `<platform>-<appVersion>-<osVersion>` (`ios-8.10.0-11.4`,
 * `ios-8.11.0-12.0-beta`), characters that stay readable in a query string.
 * @returns the device, or null when the value is not one (the host then keeps its default)
 */
export function parseDevice(value: string): Device | null {
  const m = /^(ios|android|desktop)-([\d.]+)-(.+)$/i.exec(value.trim());
  if (!m) return null;
  const device: Device = { platform: m[1]!.toLowerCase() as Platform, appVersion: m[2]!, osVersion: m[3]! };
  return isAppVersion(device.appVersion) && isOsVersion(device.osVersion) ? device : null;
}

/** The `device=` value of a device (inverse of {@link parseDevice}). */
export function serializeDevice(device: Device): string {
  return `${device.platform}-${device.appVersion}-${device.osVersion}`;
}

/** Whether two devices are the same client. */
export function sameDevice(a: Device, b: Device): boolean {
  return a.platform === b.platform && a.appVersion === b.appVersion && a.osVersion === b.osVersion;
}

/** How a device is named to a person: "iOS 8.10.0 (OS 11.4)". */
export function deviceName(device: Device): string {
  const platform = device.platform === 'ios' ? 'iOS' : device.platform === 'android' ? 'Android' : 'Desktop';
  return `${platform} ${device.appVersion} (OS ${device.osVersion})`;
}

/** One feature of a client: whether it works, and when it does not, why (for a tooltip). */
export interface Support {
  supported: boolean;
  /** Empty when supported; else a sentence naming the rule and the device. */
  why: string;
}

/** Everything the host renders or does differently by client version. */
export interface ClientFeatures {
  /** Flex box `action` (Versioning: mobile 8.11.0, desktop 5.9.0); older clients ignore it. */
  flexBoxAction: Support;
  /** Flex text `maxLines` (same versions); older clients ignore it and show every line. */
  flexMaxLines: Support;
  /** The datetime picker action (Versioning: iOS 7.9.0, Android 7.12.0; desktop has none). */
  datetimePicker: Support;
  /** Quick reply buttons with their labels (Versioning: 8.11.0; the desktop app shows none). */
  quickReply: Support;
  /** Rich menu action labels read aloud (Versioning: iOS 8.2.0; other clients do not use them). */
  richMenuLabels: Support;
  /** `getProfile` and `sendMessages` (part D: unavailable on the pre-release mobile OS). */
  profileAndSend: Support;
}

/**
 * What `device` can do, feature by feature (spec Versioning, minimum client versions; part D).
 * Pure: the same device always gives the same answer.
 */
export function clientFeatures(device: Device): ClientFeatures {
  const name = deviceName(device);
  const ok: Support = { supported: true, why: '' };
  const atLeast = (min: string, what: string, minText: string): Support =>
    compareVersions(device.appVersion, min) >= 0
      ? ok
      : { supported: false, why: `${what} needs ${minText} or later; this client is ${name}.` };
  const none = (what: string): Support => ({ supported: false, why: `${what} is not available on ${name}.` });
  const mobileOrDesktop = (what: string): Support =>
    device.platform === 'desktop' ? atLeast('5.9.0', what, 'the desktop app 5.9.0') : atLeast('8.11.0', what, 'the mobile app 8.11.0');
  return {
    flexBoxAction: mobileOrDesktop('A flex box action'),
    flexMaxLines: mobileOrDesktop('Flex text maxLines'),
    datetimePicker:
      device.platform === 'ios'
        ? atLeast('7.9.0', 'The datetime picker', 'iOS 7.9.0')
        : device.platform === 'android'
          ? atLeast('7.12.0', 'The datetime picker', 'Android 7.12.0')
          : none('The datetime picker'),
    quickReply: device.platform === 'desktop' ? none('Quick reply') : atLeast('8.11.0', 'Quick reply buttons with labels', '8.11.0'),
    richMenuLabels:
      device.platform === 'ios'
        ? atLeast('8.2.0', 'Reading rich menu action labels aloud', 'iOS 8.2.0')
        : none('Reading rich menu action labels aloud'),
    profileAndSend: isPreReleaseOs(device)
      ? {
          supported: false,
          why: `getProfile and sendMessages are unavailable on the pre-release OS ${device.osVersion} (spec part D); this client is ${name}.`,
        }
      : ok,
  };
}
