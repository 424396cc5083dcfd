/**
 * The host's side of `liff.calendar` for one open app (docs/guide/liff.md, "Calendar and call
 * activity"): the person's events from the world (the simulator API's `calendarEvents`), and the
 * event-creation sheet whose Add puts the event in the person's calendar (`addCalendarEvent`).
 * Cancel adds nothing; the app's call resolves either way, as `@line/liff` 2.31's promise of
 * `void` says nothing of the person's answer.
 */
import type { CalendarEventDraft } from '#contract/bridge/protocol.js';
import type { CalendarEvent } from '#contract/wire.js';
import type { SimulatorClient } from '#contract/client.js';
import type { BridgeHandlers } from '../app/bridge/types.js';
import { toBridgeError } from '../app/bridge/errors.js';

/** What the calendar handlers need: the simulator API, the person, and the sheet over the phone. */
export interface CalendarDeps {
  client: SimulatorClient;
  userId: string;
  appName: string;
  /** Shows the event-creation sheet; the event the person added, or null when they cancelled. */
  sheet(appName: string, draft: CalendarEventDraft): Promise<CalendarEvent | null>;
}

/** The handlers of `liffCalendarEvents` and `liffCalendarCreate`. */
export function calendarHandlers(deps: CalendarDeps): Pick<BridgeHandlers, 'liffCalendarEvents' | 'liffCalendarCreate'> {
  return {
    liffCalendarEvents: async (range) => {
      try {
        return await deps.client.call('calendarEvents', { params: { userId: deps.userId }, query: range });
      } catch (err) {
        throw toBridgeError(err);
      }
    },
    liffCalendarCreate: async (draft) => {
      const event = await deps.sheet(deps.appName, draft);
      if (!event) return;
      try {
        await deps.client.call('addCalendarEvent', { params: { userId: deps.userId }, body: event });
      } catch (err) {
        throw toBridgeError(err);
      }
    },
  };
}
