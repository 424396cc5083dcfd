/**
 * The rules of the sub window the host draws for `liff.subWindow.open`: its height, and the one
 * end of each sub window that its main window hears (`submit`, `cancel` or `close`, whichever
 * comes first), as the LINE app's sub window carries them. No DOM.
 */
import type { SubWindowEvent, ViewType } from '#contract/bridge/protocol.js';

/**
 * The LIFF ID of the platform's Quick-fill screen (`@line/liff-common-profile-plugin` opens
 * `https://liff.line.me/2003955494-vdnJ53EM` as a sub window); the host draws that screen itself.
 */
export const QUICK_FILL_LIFF_ID = '2003955494-vdnJ53EM';

/**
 * The sub window's height: `native.height` when the main window gave one, else the sub app's own
 * registered view type, else `full` (the published default of `native.height`).
 */
export function subWindowViewType(height: ViewType | undefined, appViewType: ViewType | undefined): ViewType {
  return height ?? appViewType ?? 'full';
}

/**
 * How one sub window ended, handed to its main window's wait (`liffSubWindowWait`). The first end
 * counts: after a `submit` the closing of the window is not a second event (the published SDK
 * posts `close` only when nothing was posted before). `null` ends it without an event (another
 * sub window replaced it, or the main window closed).
 */
export class SubWindowOutcome {
  private outcome: SubWindowEvent | null | undefined;
  private readonly waiters: ((event: SubWindowEvent | null) => void)[] = [];

  /** True once the window ended. */
  get ended(): boolean {
    return this.outcome !== undefined;
  }

  /** Ends the window with `event`; false (and nothing changes) when it had ended already. */
  end(event: SubWindowEvent | null): boolean {
    if (this.outcome !== undefined) return false;
    this.outcome = event;
    for (const resolve of this.waiters.splice(0)) resolve(event);
    return true;
  }

  /** How the window ended, once it has. */
  wait(): Promise<SubWindowEvent | null> {
    if (this.outcome !== undefined) return Promise.resolve(this.outcome);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
