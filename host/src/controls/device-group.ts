/**
 * The controls panel's "Device" group: the client the phone plays (a preset, or a platform with an
 * app and OS version typed in), a note of the spec's features that client cannot use (phone/device.ts
 * decides which), and how the next app is opened (app/liff/launch.ts). Part of the controls panel
 * (panel.ts).
 */
import { option, byId, h, replaceChildren } from '../shared/dom.js';
import {
  clientFeatures,
  DEVICE_PRESETS,
  isAppVersion,
  isOsVersion,
  PLATFORMS,
  sameDevice,
  type ClientFeatures,
  type Device,
  type Platform,
} from '../phone/device.js';
import { LAUNCH_SOURCES, launchRule, type LaunchSource } from '../app/liff/launch.js';

const PLATFORM_LABELS: Record<Platform, string> = { ios: 'iOS', android: 'Android', desktop: 'Desktop' };
const FEATURE_NAMES: Record<keyof ClientFeatures, string> = {
  flexBoxAction: 'flex box action',
  flexMaxLines: 'flex text maxLines',
  datetimePicker: 'datetime picker',
  quickReply: 'quick reply',
  richMenuLabels: 'rich menu labels read aloud',
  profileAndSend: 'getProfile and sendMessages',
};

/**
 * The device setting, built from the markup ids: `#ctl-device` (the presets, and "Custom"),
 * `#ctl-platform`, `#ctl-app-version`, `#ctl-os-version`, `#ctl-device-note` listing what the
 * client cannot do (`li[data-feature]`, the reason in its title), and `#ctl-launch`, how the next
 * app is opened.
 */
export class DeviceControls {
  private readonly device = byId<HTMLSelectElement>('ctl-device');
  private readonly platform = byId<HTMLSelectElement>('ctl-platform');
  private readonly appVersion = byId<HTMLInputElement>('ctl-app-version');
  private readonly osVersion = byId<HTMLInputElement>('ctl-os-version');
  private readonly note = byId('ctl-device-note');
  private readonly launch = byId<HTMLSelectElement>('ctl-launch');

  /**
   * @param onChange called with the device the user chose (a preset, or valid typed versions)
   * @param onLaunch called with the launch the user chose for the next app opening
   */
  constructor(onChange: (device: Device) => void, onLaunch: (launch: LaunchSource) => void) {
    replaceChildren(
      this.launch,
      LAUNCH_SOURCES.map((l) => option(l, launchRule(l).label)),
    );
    this.launch.addEventListener('change', () => onLaunch(this.launch.value as LaunchSource));
    replaceChildren(this.device, [option('', 'Custom'), ...DEVICE_PRESETS.map((p, i) => option(String(i), p.label))]);
    replaceChildren(
      this.platform,
      PLATFORMS.map((p) => option(p, PLATFORM_LABELS[p])),
    );
    this.device.addEventListener('change', () => {
      const preset = DEVICE_PRESETS[Number(this.device.value)];
      if (this.device.value !== '' && preset) onChange({ ...preset.device });
    });
    // A version is taken once it is valid; a wrong one stays in the field, marked, until fixed.
    const typed = (): void => {
      const appOk = isAppVersion(this.appVersion.value.trim());
      const osOk = isOsVersion(this.osVersion.value.trim());
      this.appVersion.setAttribute('aria-invalid', String(!appOk));
      this.osVersion.setAttribute('aria-invalid', String(!osOk));
      if (!appOk || !osOk) return;
      onChange({
        platform: this.platform.value as Platform,
        appVersion: this.appVersion.value.trim(),
        osVersion: this.osVersion.value.trim(),
      });
    };
    this.platform.addEventListener('change', typed);
    this.appVersion.addEventListener('change', typed);
    this.osVersion.addEventListener('change', typed);
  }

  /** Shows the device: the matching preset (else "Custom"), its fields, what it cannot do, and the launch. */
  render(device: Device, launch: LaunchSource): void {
    this.launch.value = launch;
    const preset = DEVICE_PRESETS.findIndex((p) => sameDevice(p.device, device));
    this.device.value = preset >= 0 ? String(preset) : '';
    this.platform.value = device.platform;
    // A field the user is typing in keeps what they typed.
    if (document.activeElement !== this.appVersion) this.appVersion.value = device.appVersion;
    if (document.activeElement !== this.osVersion) this.osVersion.value = device.osVersion;
    this.appVersion.setAttribute('aria-invalid', 'false');
    this.osVersion.setAttribute('aria-invalid', 'false');
    const features = clientFeatures(device);
    const missing = (Object.keys(FEATURE_NAMES) as (keyof ClientFeatures)[]).filter((k) => !features[k].supported);
    replaceChildren(
      this.note,
      missing.length === 0
        ? [document.createTextNode('Every feature of the spec works on this client.')]
        : [
            document.createTextNode('Not on this client: '),
            h(
              'ul',
              { className: 'device-note' },
              ...missing.map((k) => h('li', { text: FEATURE_NAMES[k], attrs: { title: features[k].why, 'data-feature': k } })),
            ),
          ],
    );
  }
}
