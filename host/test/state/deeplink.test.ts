// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { deepLinkOfState, parseDeepLink, serializeDeepLink, stateRequestOfDeepLink } from '../../src/state/deeplink.js';
import { resolveState, type HostState } from '../../src/state/host-state.js';
import { aliceWithBob, world } from '../world.fixture.js';

describe('parseDeepLink', () => {
  it('reads every parameter', () => {
    expect(parseDeepLink('?app=1000000001-demo&view=compact&context=room&user=Ubob&lang=zh-TW&chat=Rroom1')).toEqual({
      app: '1000000001-demo',
      view: 'compact',
      context: 'room',
      user: 'Ubob',
      lang: 'zh-TW',
      chat: 'Rroom1',
    });
  });

  it('accepts a query without "?" and an empty one', () => {
    expect(parseDeepLink('user=Ubob')).toEqual({ user: 'Ubob' });
    expect(parseDeepLink('')).toEqual({});
  });

  it('drops empty values and view/context outside their enums', () => {
    expect(parseDeepLink('?app=&view=huge&context=channel&user=%20')).toEqual({});
  });

  it('reads scopes, keeping known ones in canonical order', () => {
    expect(parseDeepLink('?scope=openid+profile+admin').scopes).toEqual(['profile', 'openid']);
    expect(parseDeepLink('?scope=').scopes).toEqual([]);
  });

  it('decodes percent-encoding', () => {
    expect(parseDeepLink('?chat=a%26b%3Dc').chat).toBe('a&b=c');
  });
});

describe('serializeDeepLink', () => {
  it('writes a fixed order and round-trips', () => {
    const link = { chat: 'a&b', lang: 'ja', user: 'Ubob', context: 'utou', view: 'full', app: 'x-1' } as const;
    const query = serializeDeepLink(link);
    expect(query).toBe('?app=x-1&view=full&context=utou&user=Ubob&lang=ja&chat=a%26b');
    expect(parseDeepLink(query)).toEqual(link);
  });

  it('is empty for an empty link', () => {
    expect(serializeDeepLink({})).toBe('');
  });
});

describe('deepLinkOfState', () => {
  const state = aliceWithBob;

  it('writes app only while it is open, and no default scopes', () => {
    expect(deepLinkOfState(state, true)).toEqual({
      app: '1000000001-demo',
      view: 'tall',
      context: 'utou',
      user: 'Ualice',
      lang: 'en',
      chat: 'UTalice-bob',
    });
    expect(deepLinkOfState(state, false).app).toBeUndefined();
  });

  it('writes no chat for none, and scopes when not the defaults', () => {
    const link = deepLinkOfState({ ...state, contextType: 'none', chatId: null, scopes: ['openid'] }, false);
    expect(link.chat).toBeUndefined();
    expect(link.scopes).toEqual(['openid']);
  });

  it('a state survives serialize → parse → resolve', () => {
    const room: HostState = {
      ...state,
      userId: 'Ubob',
      contextType: 'room',
      chatId: 'Rroom1',
      viewType: 'compact',
      language: 'ko',
      scopes: ['profile'],
    };
    const query = serializeDeepLink(deepLinkOfState(room, true));
    expect(resolveState(world, stateRequestOfDeepLink(parseDeepLink(query)))).toEqual(room);
  });

  it("a link with only app opens it in the user's first 1:1 chat", () => {
    const resolved = resolveState(world, stateRequestOfDeepLink(parseDeepLink('?app=1000000001-full&user=Ubob')));
    expect(resolved).toMatchObject({ embedId: '1000000001-full', viewType: 'full', contextType: 'utou', chatId: 'UTalice-bob' });
  });
});
