/** The event-creation sheet's fields (`host/src/calendar/draft.ts`): what it proposes first, and the event the person's answer makes. */
import { describe, expect, it } from 'vitest';
import { eventOfFields, fieldsOfDraft, localInputValue } from '../../src/calendar/draft.js';

const at = (local: string) => new Date(local).getTime();

describe('the event-creation sheet', () => {
  it("shows the app's proposal, in the phone's local time", () => {
    const fields = fieldsOfDraft({ title: 'Dinner', mentionedDate: at('2026-05-02T19:00'), endTime: at('2026-05-02T21:30') }, 0);
    expect(fields).toEqual({ title: 'Dinner', start: '2026-05-02T19:00', end: '2026-05-02T21:30', allDay: false });
  });

  it('proposes the next full hour and an hour after it when the app gave no times, a day for an all-day event', () => {
    expect(fieldsOfDraft({}, at('2026-05-02T10:20'))).toEqual({
      title: '',
      start: '2026-05-02T11:00',
      end: '2026-05-02T12:00',
      allDay: false,
    });
    expect(fieldsOfDraft({ isAllDay: true, mentionedDate: at('2026-05-02T00:00') }, 0)).toMatchObject({
      start: '2026-05-02',
      end: '2026-05-03',
    });
  });

  it('adds the event the person set: a timed one, or an all-day one from midnight to the last minute', () => {
    expect(eventOfFields({ title: ' Dinner ', start: '2026-05-02T19:00', end: '2026-05-02T21:00', allDay: false })).toEqual({
      event: { title: 'Dinner', startTime: at('2026-05-02T19:00'), endTime: at('2026-05-02T21:00'), isAllDay: false },
    });
    expect(eventOfFields({ title: 'Trip', start: '2026-05-03', end: '2026-05-05', allDay: true })).toEqual({
      event: { title: 'Trip', startTime: at('2026-05-03T00:00'), endTime: at('2026-05-05T23:59'), isAllDay: true },
    });
  });

  it('says why it cannot add: no title, no times, or an end before the start', () => {
    expect(eventOfFields({ title: ' ', start: '2026-05-02T19:00', end: '2026-05-02T20:00', allDay: false })).toEqual({
      problem: 'Enter a title.',
    });
    expect(eventOfFields({ title: 'x', start: '', end: '2026-05-02T20:00', allDay: false })).toEqual({
      problem: 'Enter a start and an end.',
    });
    expect(eventOfFields({ title: 'x', start: '2026-05-02T21:00', end: '2026-05-02T20:00', allDay: false })).toEqual({
      problem: 'The end cannot be before the start.',
    });
    expect(localInputValue(at('2026-01-09T08:05'))).toBe('2026-01-09T08:05');
  });
});
