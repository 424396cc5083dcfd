/**
 * The phone's home screen, as far as the host plays it: the shortcuts `liff.createShortcutOnHomeScreen`
 * added (LINE MINI App docs, "Add a shortcut to your LINE MINI App to the home screen"), per person,
 * kept in this browser's local storage. Tapping one opens the app at its page with the launch
 * `home-shortcut` (app/liff/launch.ts), as the platform opens a shortcut: its LIFF URL, in the LIFF browser.
 *
 * Elements: `#home-screen` (a strip above the chat list, absent while the person has no shortcut),
 * one `button.home-shortcut` per shortcut (`data-embed-id`, `data-liff-state`).
 */
import { h } from '../shared/dom.js';

/** One shortcut: whose phone, which app and page, and the name under its icon. */
export interface HomeShortcut {
  userId: string;
  embedId: string;
  /** The page below the app's endpoint URL (`/`, `/shop?item=7`). */
  liffState: string;
  name: string;
}

const STORAGE_KEY = 'embedkit-home-shortcuts';
/** Shortcuts kept in all: the oldest go first. */
const MAX_SHORTCUTS = 40;

/** The shortcuts of this browser's phones; see the module's comment. */
export class HomeScreen {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()) {}

  /** Every shortcut, oldest first (none when storage is refused or holds something else). */
  all(): HomeShortcut[] {
    try {
      const parsed = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter(isShortcut) : [];
    } catch {
      return [];
    }
  }

  /** A person's shortcuts, oldest first. */
  of(userId: string): HomeShortcut[] {
    return this.all().filter((s) => s.userId === userId);
  }

  /** Adds a shortcut; the same page of the same app on the same phone is added once. */
  add(shortcut: HomeShortcut): void {
    const same = (s: HomeShortcut) => s.userId === shortcut.userId && s.embedId === shortcut.embedId && s.liffState === shortcut.liffState;
    const next = [...this.all().filter((s) => !same(s)), shortcut].slice(-MAX_SHORTCUTS);
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused: the shortcut lasts as long as the page does not reload.
    }
  }

  /** The strip of a person's shortcuts, or null when they have none. */
  strip(userId: string, open: (shortcut: HomeShortcut) => void): HTMLElement | null {
    const shortcuts = this.of(userId);
    if (shortcuts.length === 0) return null;
    return h(
      'section',
      { className: 'home-screen', attrs: { id: 'home-screen', 'aria-label': 'Home screen' } },
      h('h3', { className: 'home-screen-title', text: 'Home screen' }),
      ...shortcuts.map((s) =>
        h(
          'button',
          {
            className: 'home-shortcut',
            attrs: { type: 'button', 'data-embed-id': s.embedId, 'data-liff-state': s.liffState, title: `${s.name} (${s.liffState})` },
            on: { click: () => open(s) },
          },
          h('span', { className: 'home-shortcut-icon', text: s.name.slice(0, 1).toUpperCase(), attrs: { 'aria-hidden': 'true' } }),
          h('span', { className: 'home-shortcut-name', text: s.name }),
        ),
      ),
    );
  }
}

function isShortcut(value: unknown): value is HomeShortcut {
  const s = value as Partial<HomeShortcut> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.userId === 'string' &&
    typeof s.embedId === 'string' &&
    typeof s.liffState === 'string' &&
    typeof s.name === 'string'
  );
}

function safeLocalStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
