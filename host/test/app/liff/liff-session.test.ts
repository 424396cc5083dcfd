import { describe, expect, it } from 'vitest';
import { accessTokenHash, buildLiffSession, liffOs } from '../../../src/app/liff/liff-session.js';
import type { HostState } from '../../../src/state/host-state.js';
import { DEFAULT_DEVICE } from '../../../src/phone/device.js';
import { createHash } from 'node:crypto';

const app = {
  embedId: '1650000001-liffapp1',
  channelId: '1650000001',
  name: 'LIFF',
  view: { type: 'full' as const, url: 'http://127.0.0.1:3000/demo/liff-app/' },
  scope: ['openid', 'profile', 'chat_message.write'] as ('openid' | 'profile' | 'chat_message.write')[],
};
const state: HostState = {
  userId: 'U1',
  embedId: app.embedId,
  viewType: 'compact',
  contextType: 'room',
  chatId: 'R1',
  language: 'ja',
  scopes: ['profile', 'openid'],
  device: { platform: 'android', appVersion: '13.1.0', osVersion: '14' },
  launch: 'in-client',
};
const token = { access_token: 'tok', token_type: 'Bearer' as const, expires_in: 100, scope: 'profile openid', id_token: 'a.b.c' };

describe('the session liff.init is told', () => {
  it("carries the published context: the state's chat, view, user, app, the app's registered scopes and availability", async () => {
    const s = await buildLiffSession(state, app, token, 'http://localhost:3000/');
    expect(s.context).toMatchObject({
      type: 'room',
      roomId: 'R1',
      userId: 'U1',
      liffId: app.embedId,
      endpointUrl: app.view.url,
      viewType: 'compact',
      scope: ['profile', 'chat_message.write', 'openid'],
    });
    // The token's scopes apart from the registered ones (liff.permission.query tells them apart).
    expect(s.grantedScopes).toEqual(['profile', 'openid']);
    // The permission request screen is the app session's to permit (only with the simplification).
    expect(s.context.availability.skipChannelVerificationScreen?.permission).toBe(false);
    expect(s.context).not.toHaveProperty('groupId');
    expect(s.context.availability.iap).toEqual({ permission: false, minVer: '14.11.0' });
    expect(s).toMatchObject({ os: 'android', language: 'ja', lineVersion: '13.1.0', accessToken: 'tok', idToken: 'a.b.c' });
    expect(s).not.toHaveProperty('refresh_token');
  });

  it('has no chat id for the none context, and no ID token without openid', async () => {
    const s = await buildLiffSession({ ...state, contextType: 'none', chatId: null }, app, { ...token, id_token: undefined }, 'http://h/');
    expect(s.context.type).toBe('none');
    for (const key of ['utouId', 'roomId', 'groupId']) expect(s.context).not.toHaveProperty(key);
    expect(s).not.toHaveProperty('idToken');
  });

  it('hashes the token as at_hash: the left half of its SHA-256, base64url', async () => {
    const expected = createHash('sha256').update('tok').digest().subarray(0, 16).toString('base64url');
    expect(await accessTokenHash('tok')).toBe(expected);
  });

  it('has no code scanner on the desktop app', async () => {
    const desktop = await buildLiffSession(
      { ...state, device: { platform: 'desktop', appVersion: '9.0.0', osVersion: '14.4' } },
      app,
      token,
      'http://h/',
    );
    expect(desktop.context.availability.scanCodeV2?.permission).toBe(false);
    expect((await buildLiffSession(state, app, token, 'http://h/')).context.availability.scanCodeV2?.permission).toBe(true);
  });

  it('plays the desktop app as the web OS', () => {
    expect(liffOs({ ...DEFAULT_DEVICE, platform: 'desktop' })).toBe('web');
    expect(liffOs(DEFAULT_DEVICE)).toBe('ios');
  });
});
