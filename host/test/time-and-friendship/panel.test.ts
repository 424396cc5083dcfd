// @vitest-environment happy-dom
// The host's "Time and friendship" panel (host/src/time-and-friendship/panel.ts) against a fake server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEVICE } from '../../src/phone/device.js';
import { describeOffset } from '../../src/time-and-friendship/clock.js';
import { TimeAndFriendshipPanel } from '../../src/time-and-friendship/panel.js';
import type { HostState } from '../../src/state/host-state.js';
import type { World } from '../../src/state/world.js';
import { ORIGINS } from '../world.fixture.js';

const world: World = {
  channels: [{ channelId: '1650000001', name: 'Demo' }],
  users: [
    { userId: 'Ualice', displayName: 'Alice' },
    { userId: 'Ubob', displayName: 'Bob' },
  ],
  chats: [],
  apps: [{ embedId: 'app1', channelId: '1650000001', name: 'App', view: { type: 'tall', url: 'http://127.0.0.1/app/' } }],
  defaults: { userId: 'Ualice', language: 'en', embedId: 'app1' },
  ...ORIGINS,
};

const state = (userId: string): HostState => ({
  userId,
  embedId: 'app1',
  viewType: 'tall',
  contextType: 'none',
  chatId: null,
  language: 'en',
  scopes: ['profile'],
  device: { ...DEFAULT_DEVICE },
  launch: 'in-client',
});

/** A fake simulator API: a clock and friendships, recording the calls. */
function fakeServer() {
  let offsetMs = 0;
  const friends = new Map<string, string>([['Ualice', 'friend']]);
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', path, body });
    if (path === '/embedkit/v1/clock') {
      if (init?.method === 'POST') offsetMs += body.advanceMs;
      return json({ now: Date.now() + offsetMs, iso: '', offsetMs });
    }
    const m = /^\/embedkit\/v1\/users\/([^/]+)\/friendships\/(\d+)$/.exec(path);
    if (m) {
      if (init?.method === 'PUT') friends.set(m[1]!, body.state);
      const s = friends.get(m[1]!) ?? 'none';
      return json({ userId: m[1], channelId: m[2], state: s, friendFlag: s === 'friend', botLinked: true });
    }
    return json({ message: 'not found' }, 404);
  });
  return { fetchFn, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('describeOffset', () => {
  it.each([
    [0, 'real time'],
    [5 * 60_000, '5 min ahead'],
    [3_600_000, '1 h ahead'],
    [30 * 86_400_000 + 3_600_000, '30 d 1 h ahead'],
  ])('%d ms → %s', (ms, text) => expect(describeOffset(ms)).toBe(text));
});

describe('TimeAndFriendshipPanel', () => {
  let root: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    root = document.createElement('section');
    document.body.append(root);
  });
  afterEach(() => {
    root.remove();
    vi.useRealTimers();
  });

  it('moves the clock by the step of each button and shows how far ahead it is', async () => {
    const server = fakeServer();
    new TimeAndFriendshipPanel(root, world, server.fetchFn);
    await flush();
    expect(root.querySelector('#clock-offset')?.textContent).toBe('real time');
    (root.querySelector('#clock-plus-30d') as HTMLButtonElement).click();
    await flush();
    (root.querySelector('#clock-plus-hour') as HTMLButtonElement).click();
    await flush();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { advanceMs: 30 * 86_400_000 },
      { advanceMs: 3_600_000 },
    ]);
    expect(root.querySelector('#clock-offset')?.textContent).toBe('30 d 1 h ahead');
    expect((root.querySelector('#clock-now') as HTMLElement).dataset.offsetMs).toBe(String(30 * 86_400_000 + 3_600_000));
  });

  it("shows the user's friendship with the app channel's bot, and blocks and unblocks it", async () => {
    const server = fakeServer();
    const panel = new TimeAndFriendshipPanel(root, world, server.fetchFn);
    panel.show(state('Ualice'));
    await flush();
    const stateText = () => root.querySelector('#friend-state')?.textContent;
    const add = root.querySelector('#friend-add') as HTMLButtonElement;
    const block = root.querySelector('#friend-block') as HTMLButtonElement;
    expect(root.querySelector('#friend-label')?.textContent).toBe('Alice and the bot of Demo');
    expect(stateText()).toBe('friend');
    expect(add.disabled).toBe(true);
    block.click();
    await flush();
    expect(stateText()).toBe('blocked');
    expect(add.textContent).toBe('Unblock');
    expect(block.disabled).toBe(true);
    add.click();
    await flush();
    expect(stateText()).toBe('friend');

    panel.show(state('Ubob'));
    await flush();
    expect(stateText()).toBe('not added');
    expect(add.textContent).toBe('Add friend');
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/embedkit/v1/users/Ualice/friendships/1650000001', { state: 'blocked' }],
      ['/embedkit/v1/users/Ualice/friendships/1650000001', { state: 'friend' }],
    ]);
  });
});
