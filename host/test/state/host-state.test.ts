// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE } from '../../src/phone/device.js';
import {
  buildInitData,
  buildSessionRequest,
  cannotOpenReason,
  DEFAULT_SCOPES,
  resolveState,
  type HostState,
} from '../../src/state/host-state.js';
import { aliceWithBob, world } from '../world.fixture.js';

const base: HostState = { ...aliceWithBob, language: 'ja' };

describe('buildInitData (spec part D, SDK init data)', () => {
  it('utou: userId and utouId', () => {
    expect(buildInitData(base)).toEqual({
      language: 'ja',
      context: { type: 'utou', viewType: 'tall', userId: 'Ualice', utouId: 'UTalice-bob' },
    });
  });

  it('room and group: roomId / groupId only', () => {
    const room = buildInitData({ ...base, contextType: 'room', chatId: 'Rroom1', viewType: 'compact' });
    expect(room.context).toEqual({ type: 'room', viewType: 'compact', userId: 'Ualice', roomId: 'Rroom1' });
    const group = buildInitData({ ...base, userId: 'Ubob', contextType: 'group', chatId: 'Cgroup1' });
    expect(group.context).toEqual({ type: 'group', viewType: 'tall', userId: 'Ubob', groupId: 'Cgroup1' });
  });

  it('none: no userId and no chat id', () => {
    const data = buildInitData({ ...base, contextType: 'none', chatId: null, viewType: 'full' });
    expect(data).toEqual({ language: 'ja', context: { type: 'none', viewType: 'full' } });
    expect('userId' in data.context).toBe(false);
  });

  it('refuses a chat context without a chat', () => {
    expect(() => buildInitData({ ...base, contextType: 'group', chatId: null })).toThrow(/group/);
  });
});

describe('buildSessionRequest', () => {
  it('binds the session to the chat', () => {
    expect(buildSessionRequest(base, world.apps[0]!)).toEqual({
      userId: 'Ualice',
      channelId: '1000000001',
      scopes: ['profile', 'chat_message.write'],
      context: { type: 'utou', chatId: 'UTalice-bob' },
    });
  });

  it('asks only for the scopes the app is registered with, of those the person consents to', () => {
    const app = { ...world.apps[0]!, scope: ['openid' as const, 'chat_message.write' as const] };
    const all = { ...base, scopes: ['profile' as const, 'chat_message.write' as const, 'openid' as const] };
    expect(buildSessionRequest(all, app).scopes).toEqual(['chat_message.write', 'openid']);
    expect(buildSessionRequest({ ...base, scopes: ['profile'] }, app).scopes).toEqual([]);
    // email is registered but never issued by the host's sessions.
    expect(buildSessionRequest(all, { ...app, scope: ['email', 'profile'] }).scopes).toEqual(['profile']);
    // Without registered scopes: the published default, profile and chat_message.write.
    expect(buildSessionRequest(all, world.apps[0]!).scopes).toEqual(['profile', 'chat_message.write']);
  });

  it('omits chatId for none', () => {
    const req = buildSessionRequest({ ...base, contextType: 'none', chatId: null }, world.apps[0]!);
    expect(req.context).toEqual({ type: 'none' });
  });
});

describe('resolveState', () => {
  it('falls back to the world defaults', () => {
    expect(resolveState(world, {})).toEqual({
      userId: 'Ualice',
      embedId: '1000000001-demo',
      viewType: 'tall',
      contextType: 'utou',
      chatId: 'UTalice-bob',
      language: 'en',
      scopes: [...DEFAULT_SCOPES],
      device: DEFAULT_DEVICE,
      launch: 'in-client',
    });
  });

  it('keeps a valid requested device, else plays the default client', () => {
    const old = { platform: 'android', appVersion: '7.11.0', osVersion: '7.1' } as const;
    expect(resolveState(world, { device: old }).device).toEqual(old);
    expect(resolveState(world, { device: { platform: 'ios', appVersion: 'eight', osVersion: '11' } }).device).toEqual(DEFAULT_DEVICE);
    expect(resolveState(world, { device: { platform: 'symbian' as 'ios', appVersion: '1.0', osVersion: '9' } }).device).toEqual(
      DEFAULT_DEVICE,
    );
  });

  it("uses the app's registered view type unless another is asked", () => {
    expect(resolveState(world, { embedId: '1000000001-full' }).viewType).toBe('full');
    expect(resolveState(world, { embedId: '1000000001-full', viewType: 'compact' }).viewType).toBe('compact');
  });

  it("keeps a requested chat only when it is the user's and of the context type", () => {
    expect(resolveState(world, { userId: 'Ubob', chatId: 'UTbob-carol' }).chatId).toBe('UTbob-carol');
    expect(resolveState(world, { userId: 'Ualice', chatId: 'UTbob-carol' }).chatId).toBe('UTalice-bob');
    expect(resolveState(world, { contextType: 'room', chatId: 'UTalice-bob' }).chatId).toBe('Rroom1');
  });

  it('has no chat for none, nor when the user has no chat of that type', () => {
    expect(resolveState(world, { contextType: 'none', chatId: 'Rroom1' }).chatId).toBeNull();
    const state = resolveState(world, { userId: 'Ualice', contextType: 'group' });
    expect(state.chatId).toBeNull();
    expect(cannotOpenReason(state)).toMatch(/no group chat/);
  });

  it('ignores unknown users, apps and languages; keeps scopes in canonical order', () => {
    const state = resolveState(world, { userId: 'Unobody', embedId: 'nope', language: 'xx', scopes: ['openid', 'profile'] });
    expect(state).toMatchObject({ userId: 'Ualice', embedId: '1000000001-demo', language: 'en', scopes: ['profile', 'openid'] });
    expect(resolveState(world, { scopes: [] }).scopes).toEqual([]);
  });
});
