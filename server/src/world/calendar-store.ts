/**
 * People's calendars (`liff.calendar`, docs/guide/liff.md "Calendar and call activity"): their
 * events and whether LINE may read their third-party calendars, as the scenario declares them and
 * as the host's event-creation sheet adds to them.
 */
import type { Kysely } from 'kysely';
import type { CalendarEvent } from '#contract/requests.js';
import type { Database } from '../db/schema.js';

/** A calendar event of a scenario, ready to store: its person, title, start and end (ms), all day. */
export interface CalendarEventSeed extends CalendarEvent {
  userId: string;
}

export class CalendarStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a scenario's calendar events (the scenario loader, on an empty world). */
  async seed(events: readonly CalendarEventSeed[]): Promise<void> {
    if (events.length)
      await this.db
        .insertInto('calendar_events')
        .values(events.map((e) => ({ ...row(e), user_id: e.userId })))
        .execute();
  }

  /** The person's events that overlap `[start, end]` (ms), by start then the order they were added. */
  async overlapping(userId: string, start: number, end: number): Promise<CalendarEvent[]> {
    const rows = await this.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('user_id', '=', userId)
      .where('start_time', '<=', end)
      .where('end_time', '>=', start)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    return rows.map(eventOf);
  }

  /** Adds an event to the person's calendar. */
  async add(userId: string, event: CalendarEvent): Promise<void> {
    await this.db
      .insertInto('calendar_events')
      .values({ ...row(event), user_id: userId })
      .execute();
  }

  /** Whether the person let LINE read their third-party calendars; false for an unknown person. */
  async thirdPartyAccess(userId: string): Promise<boolean> {
    const user = await this.db.selectFrom('users').select('third_party_calendar_access').where('user_id', '=', userId).executeTakeFirst();
    return Number(user?.third_party_calendar_access ?? 0) === 1;
  }

  /** Every event, by person, in the order {@link overlapping} answers (the scenario's export). */
  async all(): Promise<Map<string, CalendarEvent[]>> {
    const rows = await this.db.selectFrom('calendar_events').selectAll().orderBy('user_id').orderBy('start_time').orderBy('id').execute();
    const byUser = new Map<string, CalendarEvent[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), eventOf(r)]);
    return byUser;
  }
}

function row(e: CalendarEvent) {
  return { title: e.title, start_time: e.startTime, end_time: e.endTime, all_day: e.isAllDay ? 1 : 0 };
}

function eventOf(r: { title: string; start_time: number; end_time: number; all_day: number }): CalendarEvent {
  return { title: r.title, startTime: Number(r.start_time), endTime: Number(r.end_time), isAllDay: Number(r.all_day) === 1 };
}
