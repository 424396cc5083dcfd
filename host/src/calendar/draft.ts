/**
 * The event-creation sheet's fields (`liff.calendar.showEventCreationModal`), pure: what the sheet
 * shows first from what the app proposed, and the event the person's answer makes. The times are
 * the phone's local time, as `<input type="datetime-local">` and `<input type="date">` hold them.
 */
import type { CalendarEventDraft } from '#contract/bridge/protocol.js';
import type { CalendarEvent } from '#contract/wire.js';

/** The sheet's fields as the inputs hold them: `start`/`end` `YYYY-MM-DDTHH:mm` (or `YYYY-MM-DD` all day). */
export interface SheetFields {
  title: string;
  start: string;
  end: string;
  allDay: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A title as the simulator API stores it: 1 to 100 characters. */
export const MAX_TITLE = 100;

/** `YYYY-MM-DDTHH:mm` of a time in the phone's local time zone (or `YYYY-MM-DD` for a day). */
export function localInputValue(ms: number, day = false): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return day ? date : `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * What the sheet shows first: the app's title (empty when none), its start (`mentionedDate`), else
 * the next full hour after `now`; its end, else an hour after the start (a day for an all-day event);
 * all day as the app said (default false).
 */
export function fieldsOfDraft(draft: CalendarEventDraft, now: number): SheetFields {
  const allDay = draft.isAllDay ?? false;
  const start = draft.mentionedDate ?? Math.ceil(now / HOUR_MS) * HOUR_MS;
  const end = draft.endTime ?? start + (allDay ? DAY_MS : HOUR_MS);
  return { title: draft.title ?? '', start: localInputValue(start, allDay), end: localInputValue(end, allDay), allDay };
}

/**
 * The event the person's fields make, or why they cannot be added: a title of 1 to
 * {@link MAX_TITLE} characters, a start and an end that name times, the start not after the end. An
 * all-day event runs from the start day's midnight to the end day's last minute.
 */
export function eventOfFields(fields: SheetFields): { event: CalendarEvent } | { problem: string } {
  const title = fields.title.trim();
  if (!title) return { problem: 'Enter a title.' };
  if (title.length > MAX_TITLE) return { problem: `The title can be at most ${MAX_TITLE} characters.` };
  const time = (value: string, endOfDay: boolean) =>
    fields.allDay ? new Date(`${value.slice(0, 10)}T${endOfDay ? '23:59' : '00:00'}`).getTime() : new Date(value).getTime();
  const startTime = time(fields.start, false);
  const endTime = time(fields.end, true);
  if (Number.isNaN(startTime) || Number.isNaN(endTime)) return { problem: 'Enter a start and an end.' };
  if (startTime > endTime) return { problem: 'The end cannot be before the start.' };
  return { event: { title, startTime, endTime, isAllDay: fields.allDay } };
}
