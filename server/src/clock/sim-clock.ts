/**
 * The simulator's control of the one server clock (docs/project/simulator-api.md): read it, move it
 * forward. The offset is kept in the database, so simulated time never goes back across a restart.
 */
import type { ClockBody } from '#contract/requests.js';
import type { Clock } from './clock.js';
import { invalidBody } from '../http/errors.js';
import { DAY_MS } from '../limits.js';

/** Where the clock's offset is kept: the world's meta table (`world/world-store.ts`), as the clock needs it. */
export interface OffsetStore {
  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;
}

/** Meta key of the clock offset (ms, decimal text). */
const OFFSET_KEY = 'clock_offset_ms';
/** Largest step of one call: ten years (embedkit's bound, so time stays a safe integer). */
export const MAX_ADVANCE_MS = 3650 * DAY_MS;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS };

/** What simulator route `clock` answers. */
export interface ClockState {
  /** Simulated time, ms since the epoch. */
  now: number;
  /** The same as an ISO 8601 string. */
  iso: string;
  /** How far simulated time is ahead of real time, ms. */
  offsetMs: number;
}

/** The clock as the simulator API shows it. */
export function clockState(clock: Clock): ClockState {
  const now = clock.now();
  return { now, iso: new Date(now).toISOString(), offsetMs: clock.offset };
}

/** Moves a fresh clock to the offset saved in the database (no-op when none was saved). */
export async function restoreClock(clock: Clock, world: OffsetStore): Promise<void> {
  const saved = Number((await world.getMeta(OFFSET_KEY)) ?? 0);
  if (Number.isFinite(saved) && saved > clock.offset) clock.advance(saved - clock.offset);
}

/**
 * simulator route `advanceClock`: moves simulated time forward and saves the offset.
 * @param body `{advanceMs: <integer ms>}` or `{advance: "30d"}` (units ms, s, m, h, d, w; "1d12h" adds up)
 * @throws ApiError 400 `{message, details}` for another body or a step above ten years.
 */
export async function advanceClock(clock: Clock, world: OffsetStore, b: ClockBody): Promise<ClockState> {
  const ms = b.advanceMs ?? parseDuration(b.advance ?? '');
  const property = b.advanceMs === undefined ? 'advance' : 'advanceMs';
  if (!Number.isSafeInteger(ms) || ms > MAX_ADVANCE_MS)
    throw invalidBody([{ message: `Must be at most ${MAX_ADVANCE_MS} ms (ten years)`, property }]);
  clock.advance(ms);
  await world.setMeta(OFFSET_KEY, String(clock.offset));
  return clockState(clock);
}

/** Milliseconds of a duration like "90m", "30d" or "1d12h" (already checked by the body schema). */
export function parseDuration(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/([0-9]+)(ms|s|m|h|d|w)/g)) total += Number(m[1]) * UNIT_MS[m[2]!]!;
  return total;
}
