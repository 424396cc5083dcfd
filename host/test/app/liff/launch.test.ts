// @vitest-environment happy-dom
/**
 * How the host opens an app: the launch setting, read from and written to the host's link, and
 * what each launch makes of the state the app is opened with.
 */
import { describe, expect, it } from 'vitest';
import { deepLinkOfState, parseDeepLink, serializeDeepLink, stateRequestOfDeepLink } from '../../../src/state/deeplink.js';
import { externalBrowserUrl, LAUNCH_SOURCES, launchRule, stateForLaunch } from '../../../src/app/liff/launch.js';
import { cannotOpenReason, resolveState } from '../../../src/state/host-state.js';
import { aliceWithBob, world } from '../../world.fixture.js';

describe('the launch setting in the link', () => {
  it('reads each launch, and ignores a value that names none', () => {
    for (const launch of LAUNCH_SOURCES) expect(parseDeepLink(`?launch=${launch}`).launch).toBe(launch);
    expect(parseDeepLink('?launch=carrier-pigeon')).toEqual({});
  });

  it('writes launch only when it is not the default, and a state survives the round trip', () => {
    expect(deepLinkOfState(aliceWithBob, false).launch).toBeUndefined();
    const external = { ...aliceWithBob, launch: 'external-browser' as const };
    const query = serializeDeepLink(deepLinkOfState(external, true));
    expect(query).toContain('&launch=external-browser');
    expect(resolveState(world, stateRequestOfDeepLink(parseDeepLink(query)))).toEqual(external);
  });

  it('falls back to in the client for a missing or unknown launch', () => {
    expect(resolveState(world, {}).launch).toBe('in-client');
    expect(resolveState(world, { launch: 'fax' as 'qr-code' }).launch).toBe('in-client');
  });
});

describe('what each launch makes of the state', () => {
  it('keeps the chat in the client, and opens from no chat otherwise', () => {
    expect(stateForLaunch(aliceWithBob)).toEqual(aliceWithBob);
    for (const launch of ['external-browser', 'qr-code', 'notification', 'home-shortcut'] as const) {
      expect(stateForLaunch({ ...aliceWithBob, launch })).toEqual({ ...aliceWithBob, launch, contextType: 'none', chatId: null });
    }
  });

  it('runs the app in the client for every launch but the external browser', () => {
    expect(LAUNCH_SOURCES.filter((l) => !launchRule(l).inClient)).toEqual(['external-browser']);
  });

  it('needs no chat of the context type when the app is opened from outside any chat', () => {
    const noRoom = { ...aliceWithBob, contextType: 'room' as const, chatId: null };
    expect(cannotOpenReason(noRoom)).toBe('This user has no room chat.');
    expect(cannotOpenReason({ ...noRoom, launch: 'qr-code' })).toBeNull();
  });
});

describe('the external browser address', () => {
  it("is the endpoint URL, with a permanent link's page in liff.state", () => {
    expect(externalBrowserUrl('http://127.0.0.1:3000/demo/liff-app/')).toBe('http://127.0.0.1:3000/demo/liff-app/');
    expect(externalBrowserUrl('http://127.0.0.1:3000/demo/liff-app/?a=1', '/shop?item=7')).toBe(
      'http://127.0.0.1:3000/demo/liff-app/?a=1&liff.state=%2Fshop%3Fitem%3D7',
    );
  });
});
