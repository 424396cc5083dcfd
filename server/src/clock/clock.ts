/**
 * The one source of time for the whole server, so that expiry (tokens: 30 days; reply tokens;
 * authorization codes) can be tested and a user can move simulated time forward.
 */
export class Clock {
  private offsetMs = 0;

  /** Current simulated time in ms since the Unix epoch. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /**
   * Moves simulated time forward.
   * @param ms milliseconds to add, >= 0
   * @throws RangeError when `ms` is negative or not finite (time never goes back).
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward by a finite number of ms');
    this.offsetMs += ms;
  }

  /** How far simulated time is ahead of real time, in ms. */
  get offset(): number {
    return this.offsetMs;
  }
}
