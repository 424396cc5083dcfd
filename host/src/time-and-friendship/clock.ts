/**
 * The simulated clock as the side panel shows it (`panel.ts`): the steps its buttons move
 * time by, and how a time and the clock's lead over real time read. Pure functions, no DOM.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The steps offered, with their labels. */
export const CLOCK_STEPS: readonly { label: string; ms: number; id: string }[] = [
  { label: '+1 h', ms: HOUR, id: 'clock-plus-hour' },
  { label: '+1 day', ms: DAY, id: 'clock-plus-day' },
  { label: '+30 days', ms: 30 * DAY, id: 'clock-plus-30d' },
];

/** "2 d 3 h ahead", "5 min ahead", "real time". */
export function describeOffset(offsetMs: number): string {
  if (offsetMs < 60_000) return 'real time';
  const days = Math.floor(offsetMs / DAY);
  const hours = Math.floor((offsetMs % DAY) / HOUR);
  const minutes = Math.floor((offsetMs % HOUR) / 60_000);
  const parts = [days ? `${days} d` : '', hours ? `${hours} h` : '', !days && minutes ? `${minutes} min` : ''].filter(Boolean);
  return `${parts.join(' ')} ahead`;
}

/** `YYYY-MM-DD HH:MM` in the browser's time zone. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
