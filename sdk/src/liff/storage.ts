/**
 * Web storage for `@line/liff` in a frame that has none. The platform's SDK reads
 * `window.sessionStorage` as soon as it loads (before any plugin is installed); a browser that
 * blocks third-party storage (a private window, Safari, or a host on another site than the app)
 * throws a `SecurityError` on that read, and the SDK never loads. The messenger's web view always
 * has storage, so this module, imported by `embedkit/liff` for its effect, gives such a frame an
 * in-memory storage for the page's life instead. Import `embedkit/liff` before `@line/liff` so it
 * runs first (docs/guide/liff.md).
 */

/** A `Storage` kept in memory: what the page stores lasts until it unloads. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

/** Puts a {@link MemoryStorage} in place of each of `sessionStorage` / `localStorage` that cannot be read. */
export function ensureStorage(target: Window = window): void {
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    try {
      void target[name];
    } catch {
      Object.defineProperty(target, name, { value: new MemoryStorage(), configurable: true });
    }
  }
}

if (typeof window !== 'undefined') ensureStorage();
