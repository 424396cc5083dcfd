/**
 * Which frame the host draws around an app (LINE MINI App docs, "UI Components" and "Built-in
 * features"): the MINI App header for a MINI App only, its subtext by verification, its action
 * button by LINE version (the multi-tab view from 15.12.0), its close or minimize button by
 * verification and version (minimize from iOS 14.15.1 / Android 15.0.0), on each side of each rule.
 */
import { describe, expect, it } from 'vitest';
import type { Device } from '../../src/phone/device.js';
import { addsToHome, domainOf, frameOf, minimizes, serviceName } from '../../src/mini-app-frame/rules.js';

const ios = (appVersion: string): Device => ({ platform: 'ios', appVersion, osVersion: '17.4' });
const android = (appVersion: string): Device => ({ platform: 'android', appVersion, osVersion: '14' });
const desktop = (appVersion: string): Device => ({ platform: 'desktop', appVersion, osVersion: '14.4' });
const VERIFIED = { verified: true, stage: 'published' };
const UNVERIFIED = { verified: false, stage: 'published' };

describe('the frame of an app', () => {
  it('is the LIFF browser’s header for an app that is not a MINI App, on every client', () => {
    for (const device of [ios('14.0.0'), ios('15.12.0'), android('15.0.0'), desktop('9.0.0')]) {
      expect(frameOf(undefined, device)).toEqual({ header: 'liff-browser' });
    }
  });

  it('shows the page’s domain under an unverified MINI App’s name, its name and badge under a verified one’s', () => {
    expect(frameOf(UNVERIFIED, ios('15.12.0'))).toMatchObject({ header: 'mini-app', subtext: 'domain' });
    expect(frameOf(VERIFIED, ios('15.12.0'))).toMatchObject({ header: 'mini-app', subtext: 'name-and-badge' });
  });

  it('minimizes a verified MINI App from LINE for iOS 14.15.1, closes it before', () => {
    expect(frameOf(VERIFIED, ios('14.15.0'))).toMatchObject({ end: 'close' });
    expect(frameOf(VERIFIED, ios('14.15.1'))).toMatchObject({ end: 'minimize' });
    expect(frameOf(VERIFIED, ios('14.16.0'))).toMatchObject({ end: 'minimize' });
    expect(minimizes(VERIFIED, ios('14.11.0'))).toBe(false);
  });

  it('minimizes a verified MINI App from LINE for Android 15.0.0, closes it before', () => {
    expect(frameOf(VERIFIED, android('14.21.9'))).toMatchObject({ end: 'close' });
    expect(frameOf(VERIFIED, android('15.0.0'))).toMatchObject({ end: 'minimize' });
    // 14.15.1 is iOS's version: on Android it is still before 15.0.0.
    expect(frameOf(VERIFIED, android('14.15.1'))).toMatchObject({ end: 'close' });
  });

  it('closes an unverified MINI App on every client, and any MINI App on the desktop app', () => {
    for (const device of [ios('14.15.1'), ios('15.12.0'), android('15.0.0'), android('15.12.0')]) {
      expect(frameOf(UNVERIFIED, device)).toMatchObject({ end: 'close' });
    }
    expect(frameOf(VERIFIED, desktop('15.12.0'))).toMatchObject({ end: 'close' });
  });

  it('opens the multi-tab view from LINE 15.12.0, the options before', () => {
    for (const [device, action] of [
      [ios('15.11.9'), 'options'],
      [ios('15.12.0'), 'multi-tab'],
      [android('15.11.0'), 'options'],
      [android('15.12.0'), 'multi-tab'],
    ] as const) {
      expect(frameOf(VERIFIED, device)).toMatchObject({ action, recentServices: action === 'multi-tab' });
      expect(frameOf(UNVERIFIED, device)).toMatchObject({ action, recentServices: action === 'multi-tab' });
    }
  });

  it('offers the multi-tab view’s options: Refresh, Share, Add to home screen where shortcuts work, Minimize where the header minimizes', () => {
    expect(frameOf(VERIFIED, ios('15.12.0'))).toMatchObject({ options: ['refresh', 'share', 'add-to-home', 'minimize'] });
    expect(frameOf(UNVERIFIED, ios('15.12.0'))).toMatchObject({ options: ['refresh', 'share'] });
    expect(frameOf({ verified: false, stage: 'developing' }, android('15.12.0'))).toMatchObject({
      options: ['refresh', 'share', 'add-to-home'],
    });
  });

  it('offers the older options sheet’s Share, Minimize where the header minimizes, and Refresh', () => {
    expect(frameOf(VERIFIED, ios('14.15.1'))).toMatchObject({ options: ['share', 'minimize', 'refresh'] });
    expect(frameOf(VERIFIED, ios('14.11.0'))).toMatchObject({ options: ['share', 'refresh'] });
    expect(frameOf(UNVERIFIED, android('15.0.0'))).toMatchObject({ options: ['share', 'refresh'] });
  });

  it('adds to the home screen for a verified MINI App or one in development only', () => {
    expect(addsToHome(VERIFIED)).toBe(true);
    expect(addsToHome({ verified: false, stage: 'developing' })).toBe(true);
    expect(addsToHome(UNVERIFIED)).toBe(false);
    expect(addsToHome({ verified: false })).toBe(false);
  });
});

describe('the header’s texts', () => {
  it('names the service by the page’s title once told, the app’s registered name before or for an empty title', () => {
    expect(serviceName(undefined, 'LIFF demo')).toBe('LIFF demo');
    expect(serviceName('  Shop\n  <b>cart</b> ', 'LIFF demo')).toBe('Shop <b>cart</b>');
    expect(serviceName('   ', 'LIFF demo')).toBe('LIFF demo');
  });

  it('shows the domain of the page the app reported on its own origin, else of the address opened', () => {
    const opened = 'http://127.0.0.1:4000/demo/liff-app/?liffId=x';
    expect(domainOf(undefined, opened)).toBe('127.0.0.1:4000');
    expect(domainOf('http://127.0.0.1:4000/demo/liff-app/cart', opened)).toBe('127.0.0.1:4000');
    expect(domainOf('https://evil.example/', opened)).toBe('127.0.0.1:4000');
  });
});
