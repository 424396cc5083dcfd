// The host's live feed: each event of the server's stream reaches its handler; `world` (the world
// was reset) reaches onWorld, which the shell and the several-phones page answer by reloading.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_NAMES, LiveEventSchemas } from '#contract/wire.js';
import { connectLive } from '../../src/simulator-api/live-feed.js';

/** Stands in for the browser's EventSource: the test sends what the server would. */
class FakeSource {
  static last: FakeSource | undefined;
  readonly listeners = new Map<string, (e: { data: string }) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, listener: (e: { data: string }) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data: unknown): void {
    this.listeners.get(type)?.({ data: JSON.stringify(data) });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('connectLive', () => {
  it("listens for every event the server publishes (the host's list of names is the contract's schemas)", () => {
    vi.stubGlobal('EventSource', FakeSource);
    connectLive({});
    expect([...FakeSource.last!.listeners.keys()].filter((t) => t !== 'open').sort()).toEqual(Object.keys(LiveEventSchemas).sort());
    expect([...LIVE_EVENT_NAMES].sort()).toEqual(Object.keys(LiveEventSchemas).sort());
  });

  it('hands world to onWorld with the scenario, and the other events to their handlers', () => {
    vi.stubGlobal('EventSource', FakeSource);
    const onWorld = vi.fn();
    const onChat = vi.fn();
    const close = connectLive({ onWorld, onChat }, '/feed');
    const source = FakeSource.last!;
    source.emit('world', { type: 'world', scenario: 'before.json' });
    source.emit('chat', { type: 'chat', chatId: 'C1' });
    // An event under another name than its type is not trusted.
    source.emit('world', { type: 'chat', chatId: 'C2' });
    expect(onWorld).toHaveBeenCalledExactlyOnceWith('before.json');
    expect(onChat).toHaveBeenCalledExactlyOnceWith('C1');
    close();
    expect(source.closed).toBe(true);
  });

  it('hands a fault hit to onFault with its rule, kind, call and status', () => {
    vi.stubGlobal('EventSource', FakeSource);
    const onFault = vi.fn();
    connectLive({ onFault }, '/feed');
    const hit = { faultId: 'f1', kind: 'rateLimited', method: 'POST', path: '/v2/bot/message/push', status: 429 };
    FakeSource.last!.emit('fault', { type: 'fault', ...hit });
    expect(onFault).toHaveBeenCalledExactlyOnceWith({ type: 'fault', ...hit });
  });

  it('calls onOpen each time the feed opens, so a page reads again what it may have missed while connecting', () => {
    vi.stubGlobal('EventSource', FakeSource);
    const onOpen = vi.fn();
    connectLive({ onOpen }, '/feed');
    expect(onOpen).not.toHaveBeenCalled();
    FakeSource.last!.listeners.get('open')?.({ data: '' });
    FakeSource.last!.listeners.get('open')?.({ data: '' });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
