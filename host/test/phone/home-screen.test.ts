// @vitest-environment happy-dom
/**
 * The phone's home screen (`host/src/phone/home-screen.ts`) and the shortcut's wire rule: a
 * shortcut is kept per person and page, added once, drawn as a button that opens it; storage
 * holding something else is ignored.
 */
import { describe, expect, it, vi } from 'vitest';
import { HomeScreen, type HomeShortcut } from '../../src/phone/home-screen.js';
import { shortcutProblem } from '../../src/app/bridge/wire.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const BOB = 'U0b0b000000000000000000000000b0b';

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const shortcut = (over: Partial<HomeShortcut> = {}): HomeShortcut => ({
  userId: ALICE,
  embedId: '1650000001-liffapp1',
  liffState: '/?from=shortcut',
  name: 'LIFF demo',
  ...over,
});

describe('the home screen', () => {
  it('keeps each person’s shortcuts, one per app and page', () => {
    const home = new HomeScreen(memory());
    home.add(shortcut());
    home.add(shortcut());
    home.add(shortcut({ liffState: '/' }));
    home.add(shortcut({ userId: BOB }));
    expect(home.of(ALICE).map((s) => s.liffState)).toEqual(['/?from=shortcut', '/']);
    expect(home.of(BOB)).toHaveLength(1);
  });

  it('draws a button per shortcut that opens it, and nothing for a person without one', () => {
    const home = new HomeScreen(memory());
    home.add(shortcut({ name: '<b>Shop</b>' }));
    const open = vi.fn();
    const strip = home.strip(ALICE, open)!;
    const button = strip.querySelector<HTMLButtonElement>('.home-shortcut')!;
    expect(button.dataset.liffState).toBe('/?from=shortcut');
    expect(button.querySelector('b')).toBeNull();
    button.click();
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ embedId: '1650000001-liffapp1' }));
    expect(home.strip(BOB, open)).toBeNull();
  });

  it('ignores storage that holds something else', () => {
    const storage = memory();
    storage.setItem('embedkit-home-shortcuts', '{"not": "a list"}');
    expect(new HomeScreen(storage).all()).toEqual([]);
    storage.setItem('embedkit-home-shortcuts', '[{"userId": 1}]');
    expect(new HomeScreen(storage).all()).toEqual([]);
  });
});

describe('the shortcut’s wire rule', () => {
  it('takes a path below the endpoint and an optional description', () => {
    expect(shortcutProblem({ liffState: '/' })).toBe('');
    expect(shortcutProblem({ liffState: '/shop?item=7', description: 'Shop' })).toBe('');
    expect(shortcutProblem({ liffState: 'https://evil.example/' })).toContain('liffState');
    expect(shortcutProblem({ liffState: '/', description: 5 })).toContain('description');
    expect(shortcutProblem('x')).toContain('object');
  });
});
