/**
 * The services a person used lately, for the multi-tab view's "Recently used services" (LINE MINI
 * App docs, "Built-in features"): every app the person opened in the phone, newest first, kept per
 * person in this browser's local storage (as the home screen's shortcuts are, phone/home-screen.ts).
 */

/** One service a person used: which app, its name then, and when (ms since 1970). */
export interface RecentService {
  userId: string;
  embedId: string;
  name: string;
  at: number;
}

const STORAGE_KEY = 'embedkit-recent-services';
/** Services kept per person: the oldest go first. */
export const MAX_RECENT_SERVICES = 20;

/** The recently used services of this browser's phones; see the module's comment. */
export class RecentServices {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()) {}

  /** A person's services, newest first, without `except` (the one open now). */
  of(userId: string, except?: string): RecentService[] {
    return this.all().filter((s) => s.userId === userId && s.embedId !== except);
  }

  /** Records that `userId` opened `embedId` now: it moves to the head of their list, named `name`. */
  used(userId: string, embedId: string, name: string, at: number = Date.now()): void {
    const all = this.all().filter((s) => !(s.userId === userId && s.embedId === embedId));
    const mine = all.filter((s) => s.userId === userId).slice(0, MAX_RECENT_SERVICES - 1);
    const others = all.filter((s) => s.userId !== userId);
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify([{ userId, embedId, name, at }, ...mine, ...others]));
    } catch {
      // Storage full or refused: this use is not kept.
    }
  }

  /** Every service kept, newest first (none when storage is refused or holds something else). */
  private all(): RecentService[] {
    try {
      const parsed = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter(isService) : [];
    } catch {
      return [];
    }
  }
}

function isService(value: unknown): value is RecentService {
  const s = value as Partial<RecentService> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.userId === 'string' &&
    typeof s.embedId === 'string' &&
    typeof s.name === 'string' &&
    typeof s.at === 'number'
  );
}

function safeLocalStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
