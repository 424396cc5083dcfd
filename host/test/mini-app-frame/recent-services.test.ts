/** The multi-tab view's recently used services: per person, newest first, one entry per app, kept in storage. */
import { describe, expect, it } from 'vitest';
import { MAX_RECENT_SERVICES, RecentServices } from '../../src/mini-app-frame/recent-services.js';

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

describe('recently used services', () => {
  it('lists a person’s apps newest first, once each, without the one open and without other people’s', () => {
    const recent = new RecentServices(memory());
    recent.used('U1', 'A', 'App A', 1);
    recent.used('U1', 'B', 'App B', 2);
    recent.used('U2', 'C', 'App C', 3);
    recent.used('U1', 'A', 'App A renamed', 4);
    expect(recent.of('U1').map((s) => [s.embedId, s.name])).toEqual([
      ['A', 'App A renamed'],
      ['B', 'App B'],
    ]);
    expect(recent.of('U1', 'A').map((s) => s.embedId)).toEqual(['B']);
    expect(recent.of('U2').map((s) => s.embedId)).toEqual(['C']);
  });

  it('keeps the newest per person, survives a new page on the same storage, and reads nothing from a broken one', () => {
    const storage = memory();
    const recent = new RecentServices(storage);
    for (let i = 0; i < MAX_RECENT_SERVICES + 5; i++) recent.used('U1', `A${i}`, `App ${i}`, i);
    recent.used('U2', 'X', 'Other', 1);
    const again = new RecentServices(storage);
    expect(again.of('U1')).toHaveLength(MAX_RECENT_SERVICES);
    expect(again.of('U1')[0]!.embedId).toBe(`A${MAX_RECENT_SERVICES + 4}`);
    expect(again.of('U2')).toHaveLength(1);
    storage.setItem('embedkit-recent-services', '{not json');
    expect(new RecentServices(storage).of('U1')).toEqual([]);
    expect(new RecentServices(null).of('U1')).toEqual([]);
  });
});
