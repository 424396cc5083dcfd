import { describe, expect, it } from 'vitest';
import {
  clientFeatures,
  compareVersions,
  DEFAULT_DEVICE,
  DEVICE_PRESETS,
  isPreReleaseOs,
  parseDevice,
  PRE_RELEASE_OS,
  serializeDevice,
  type Device,
} from '../../src/phone/device.js';
import { parseDeepLink, serializeDeepLink, deepLinkOfState } from '../../src/state/deeplink.js';
import { resolveState } from '../../src/state/host-state.js';
import { world } from '../world.fixture.js';

const ios = (appVersion: string, osVersion = '11.4'): Device => ({ platform: 'ios', appVersion, osVersion });
const android = (appVersion: string): Device => ({ platform: 'android', appVersion, osVersion: '8.0' });
const desktop = (appVersion: string): Device => ({ platform: 'desktop', appVersion, osVersion: '10.13' });

describe('compareVersions', () => {
  it('compares number by number, not as text', () => {
    expect(compareVersions('8.9.0', '8.11.0')).toBeLessThan(0);
    expect(compareVersions('8.11.0', '8.11')).toBe(0);
    expect(compareVersions('10.0.0', '8.11.0')).toBeGreaterThan(0);
    expect(compareVersions('12.0-beta', '12.0')).toBe(0);
  });
});

describe('clientFeatures (spec Versioning, minimum client versions)', () => {
  it('flex box action and maxLines: mobile 8.11.0, desktop 5.9.0', () => {
    for (const [device, supported] of [
      [ios('8.10.9'), false],
      [ios('8.11.0'), true],
      [android('8.10.0'), false],
      [android('8.11.0'), true],
      [desktop('5.8.9'), false],
      [desktop('5.9.0'), true],
    ] as const) {
      const f = clientFeatures(device);
      expect(f.flexBoxAction.supported, `${serializeDevice(device)} box action`).toBe(supported);
      expect(f.flexMaxLines.supported, `${serializeDevice(device)} maxLines`).toBe(supported);
    }
    expect(clientFeatures(ios('8.10.0')).flexMaxLines.why).toBe(
      'Flex text maxLines needs the mobile app 8.11.0 or later; this client is iOS 8.10.0 (OS 11.4).',
    );
  });

  it('datetime picker: iOS 7.9.0, Android 7.12.0, none on desktop', () => {
    expect(clientFeatures(ios('7.8.0')).datetimePicker.supported).toBe(false);
    expect(clientFeatures(ios('7.9.0')).datetimePicker.supported).toBe(true);
    expect(clientFeatures(android('7.11.0')).datetimePicker.supported).toBe(false);
    expect(clientFeatures(android('7.12.0')).datetimePicker.supported).toBe(true);
    expect(clientFeatures(desktop('9.0.0')).datetimePicker.supported).toBe(false);
  });

  it('quick reply labels: 8.11.0 on mobile; rich menu labels: iOS 8.2.0', () => {
    expect(clientFeatures(ios('8.10.0')).quickReply.supported).toBe(false);
    expect(clientFeatures(android('8.11.0')).quickReply.supported).toBe(true);
    expect(clientFeatures(desktop('9.0.0')).quickReply.supported).toBe(false);
    expect(clientFeatures(ios('8.1.9')).richMenuLabels.supported).toBe(false);
    expect(clientFeatures(ios('8.2.0')).richMenuLabels.supported).toBe(true);
    expect(clientFeatures(android('14.0.0')).richMenuLabels.supported).toBe(false);
  });

  it('getProfile and sendMessages: unavailable on the pre-release mobile OS only (spec part D)', () => {
    expect(isPreReleaseOs(PRE_RELEASE_OS)).toBe(true);
    expect(clientFeatures(PRE_RELEASE_OS).profileAndSend.supported).toBe(false);
    expect(clientFeatures(PRE_RELEASE_OS).profileAndSend.why).toContain('pre-release OS 12.0-beta');
    expect(clientFeatures(ios('14.0.0', '12.0')).profileAndSend.supported).toBe(true);
    expect(clientFeatures({ platform: 'desktop', appVersion: '9.0.0', osVersion: '14.4-beta' }).profileAndSend.supported).toBe(true);
  });

  it('the default client and every "current" preset support everything', () => {
    for (const preset of DEVICE_PRESETS.filter((p) => p.label.endsWith('current'))) {
      const f = clientFeatures(preset.device);
      const mobile = preset.device.platform !== 'desktop';
      expect(f.flexBoxAction.supported && f.flexMaxLines.supported && f.profileAndSend.supported).toBe(true);
      expect(f.quickReply.supported && f.datetimePicker.supported).toBe(mobile);
    }
    expect(Object.values(clientFeatures(DEFAULT_DEVICE)).every((s) => s.supported)).toBe(true);
  });
});

describe('device= in the host URL', () => {
  it('round-trips, pre-release tag included', () => {
    for (const device of [ios('8.10.0'), PRE_RELEASE_OS, desktop('5.9.0')]) expect(parseDevice(serializeDevice(device))).toEqual(device);
    expect(serializeDevice(PRE_RELEASE_OS)).toBe('ios-8.11.0-12.0-beta');
  });

  it('refuses what is not a device', () => {
    for (const bad of ['', 'ios', 'ios-8.11.0', 'nokia-1.0-1', 'ios-eight-11', 'ios-8.11.0-<b>', 'ios-8.11.0.1.2-11'])
      expect(parseDevice(bad), bad).toBeNull();
  });

  it('is written only for a client other than the default, and survives a reload', () => {
    const state = resolveState(world, {});
    expect(serializeDeepLink(deepLinkOfState(state, false))).not.toContain('device');
    const old = resolveState(world, { device: ios('8.10.0') });
    const query = serializeDeepLink(deepLinkOfState(old, false));
    expect(query).toContain('device=ios-8.10.0-11.4');
    expect(parseDeepLink(query).device).toEqual(ios('8.10.0'));
    expect(parseDeepLink('?device=bogus').device).toBeUndefined();
  });
});
