/**
 * The member `liff.calendar` of `@line/liff` 2.31 (`@liff/calendar`): the person's calendar events
 * in a range, and the event-creation sheet the host draws. The argument rules and their texts are
 * the published module's; its availability check (`calendarRead`, `lineCalendarWrite`) comes first.
 */
import type { CalendarEventDraft } from '#contract/bridge/protocol.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { assertApiAvailable } from '../rules/availability.js';
import type { MemberKit } from './kit.js';

/** A `Date` that names a time (`@liff/calendar`'s `isValidDate`). */
export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/**
 * What `showEventCreationModal(params)` hands the client, as the published module does: the title,
 * the start as `mentionedDate` and the end in ms, the all-day flag.
 * @throws {LiffError} `INVALID_ARGUMENT` "'startTime' must be a valid Date object" (or `'endTime'`)
 *   for a given time that is not a valid `Date`
 */
export function eventDraftOf(params: unknown = {}): CalendarEventDraft {
  const { title, startTime, endTime, isAllDay } = (params ?? {}) as {
    title?: unknown;
    startTime?: unknown;
    endTime?: unknown;
    isAllDay?: unknown;
  };
  if (startTime !== undefined && !isValidDate(startTime))
    throw new LiffError('INVALID_ARGUMENT', "'startTime' must be a valid Date object");
  if (endTime !== undefined && !isValidDate(endTime)) throw new LiffError('INVALID_ARGUMENT', "'endTime' must be a valid Date object");
  const draft: CalendarEventDraft = {};
  if (typeof title === 'string') draft.title = title;
  if (startTime) draft.mentionedDate = startTime.getTime();
  if (endTime) draft.endTime = endTime.getTime();
  if (typeof isAllDay === 'boolean') draft.isAllDay = isAllDay;
  return draft;
}

/** `calendar`: `getEvents` and `showEventCreationModal`. */
export function calendarMember({ bridge, environment }: MemberKit): Liff['calendar'] {
  return {
    getEvents: async (params) => {
      assertApiAvailable('calendar.getEvents', environment());
      const { startTime, endTime } = (params ?? {}) as { startTime?: unknown; endTime?: unknown };
      if (!params || !isValidDate(startTime) || !isValidDate(endTime))
        throw new LiffError('INVALID_ARGUMENT', "'startTime' and 'endTime' must be valid Date objects");
      if (startTime.getTime() > endTime.getTime()) throw new LiffError('INVALID_ARGUMENT', "'startTime' must not be later than 'endTime'");
      const answer = await bridge('liffCalendarEvents', [{ startTime: startTime.getTime(), endTime: endTime.getTime() }]);
      return {
        events: answer.events.map((e) => ({
          title: e.title,
          startTime: new Date(e.startTime),
          endTime: new Date(e.endTime),
          isAllDay: e.isAllDay ?? false,
        })),
        isThirdPartyCalendarAccessGranted: answer.isThirdPartyCalendarAccessGranted,
      };
    },
    showEventCreationModal: async (params) => {
      assertApiAvailable('calendar.showEventCreationModal', environment());
      await bridge('liffCalendarCreate', [eventDraftOf(params)]);
    },
  };
}
