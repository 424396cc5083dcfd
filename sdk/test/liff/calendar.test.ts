/**
 * `liff.calendar` and `liff.activity` in the host (`sdk/src/liff/members/calendar.ts`,
 * `activity.ts`) over a fake bridge: `@line/liff` 2.31's argument rules and texts, the answers as
 * the published modules shape them, the availability check first, and the last reported state kept.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ActivityStates } from '#contract/bridge/protocol.js';
import { activityMember, activityStore, watchActivity } from '../../src/liff/members/activity.js';
import { calendarMember, eventDraftOf } from '../../src/liff/members/calendar.js';
import type { MemberKit } from '../../src/liff/members/kit.js';
import type { ApiEnvironment } from '../../src/liff/rules/availability.js';
import { platformLinkOf, LIFF_URL_ORIGIN, MINI_APP_URL_ORIGIN } from '../../src/liff/rules/permanent-link.js';

const SERVED = { permission: true, minVer: '15.0.0' };
const AVAILABILITY = { calendarRead: SERVED, lineCalendarWrite: SERVED, activityGetCallState: SERVED, activityGetRecordingState: SERVED };

/** A kit whose bridge answers with `answer` and whose client is `lineVersion`. */
function kit(answer: (method: string, args: unknown[]) => unknown, lineVersion = '15.0.0') {
  const env: ApiEnvironment = { availability: AVAILABILITY, lineVersion, inClient: true, loggedIn: true, os: 'ios' };
  const bridge = vi.fn(async (method: string, args: unknown[]) => answer(method, args));
  return { bridge, environment: () => env } as unknown as MemberKit & { bridge: typeof bridge };
}

const may1 = new Date('2026-05-01T00:00:00Z');
const may2 = new Date('2026-05-02T00:00:00Z');

describe('liff.calendar.getEvents', () => {
  it('answers the events with Dates, all day false when the client leaves it out, and the third-party grant', async () => {
    const k = kit(() => ({
      events: [{ title: 'Lunch', startTime: may1.getTime(), endTime: may2.getTime(), isAllDay: true }],
      isThirdPartyCalendarAccessGranted: true,
    }));
    const answer = await calendarMember(k).getEvents({ startTime: may1, endTime: may2 });
    expect(answer).toEqual({
      events: [{ title: 'Lunch', startTime: may1, endTime: may2, isAllDay: true }],
      isThirdPartyCalendarAccessGranted: true,
    });
    expect(k.bridge).toHaveBeenCalledWith('liffCalendarEvents', [{ startTime: may1.getTime(), endTime: may2.getTime() }]);
  });

  it('rejects times that are not valid Dates, or a start after the end, with the published texts', async () => {
    const k = kit(() => ({ events: [], isThirdPartyCalendarAccessGranted: false }));
    const { getEvents } = calendarMember(k);
    const both = { code: 'INVALID_ARGUMENT', message: "'startTime' and 'endTime' must be valid Date objects" };
    await expect(getEvents({ startTime: may1 } as never)).rejects.toMatchObject(both);
    await expect(getEvents({ startTime: new Date('nope'), endTime: may2 })).rejects.toMatchObject(both);
    await expect(getEvents({ startTime: '2026-05-01', endTime: may2 } as never)).rejects.toMatchObject(both);
    await expect(getEvents(undefined as never)).rejects.toMatchObject(both);
    await expect(getEvents({ startTime: may2, endTime: may1 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: "'startTime' must not be later than 'endTime'",
    });
    expect(k.bridge).not.toHaveBeenCalled();
  });

  it('is refused on a client older than 15.0.0 before its arguments are read', async () => {
    const k = kit(() => ({}), '14.11.0');
    await expect(calendarMember(k).getEvents(undefined as never)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'liff.calendar.getEvents is unavailable in this client version.',
    });
  });
});

describe('liff.calendar.showEventCreationModal', () => {
  it('hands the client the title, the start as mentionedDate, the end and all day, and resolves undefined', async () => {
    const k = kit(() => undefined);
    await expect(
      calendarMember(k).showEventCreationModal({ title: 'Dinner', startTime: may1, endTime: may2, isAllDay: false }),
    ).resolves.toBeUndefined();
    expect(k.bridge).toHaveBeenCalledWith('liffCalendarCreate', [
      { title: 'Dinner', mentionedDate: may1.getTime(), endTime: may2.getTime(), isAllDay: false },
    ]);
    expect(eventDraftOf()).toEqual({});
  });

  it('rejects a given time that is not a valid Date, with the published texts', async () => {
    const { showEventCreationModal } = calendarMember(kit(() => undefined));
    await expect(showEventCreationModal({ startTime: new Date(NaN) })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: "'startTime' must be a valid Date object",
    });
    await expect(showEventCreationModal({ endTime: 5 as never })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: "'endTime' must be a valid Date object",
    });
  });
});

describe('liff.activity', () => {
  it('throws UNSPECIFIED until the client sent a state, then answers the last one it sent', async () => {
    const reports: ActivityStates[] = [
      { version: 1, recording: { isActive: false } },
      { version: 2, call: { isActive: true }, recording: { isActive: false } },
    ];
    const k = kit((_m, [seen]) => {
      const next = reports.find((r) => r.version > (seen as number));
      if (!next) throw new Error('the bridge closed');
      return next;
    });
    const store = activityStore();
    const activity = activityMember(k, store);
    expect(() => activity.getCallState()).toThrow(
      expect.objectContaining({ code: 'UNSPECIFIED', message: 'Call state has not been received from the native client yet' }),
    );
    await watchActivity(k, store);
    expect(activity.getCallState()).toEqual({ isActive: true });
    expect(activity.getRecordingState()).toEqual({ isActive: false });
    expect(k.bridge.mock.calls.map(([, args]) => args[0])).toEqual([0, 1, 2]);
  });

  it('throws the published FORBIDDEN on a client older than 15.0.0', () => {
    const activity = activityMember(
      kit(() => undefined, '14.0.0'),
      activityStore(),
    );
    expect(() => activity.getRecordingState()).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'liff.activity.getRecordingState is unavailable in this client version.' }),
    );
  });
});

describe("a MINI App's permanent links", () => {
  it('name the Custom Path (else the LIFF ID) on miniapp.line.me, with the page below the endpoint', () => {
    expect(platformLinkOf('https://example.com/', MINI_APP_URL_ORIGIN, 'cony_coffee', 'https://example.com/shop?search=shoes#item10')).toBe(
      'https://miniapp.line.me/cony_coffee/shop?search=shoes#item10',
    );
    expect(platformLinkOf('https://example.com/app/', LIFF_URL_ORIGIN, '123456-abcedfg', 'https://example.com/app/', 'from=x')).toBe(
      'https://liff.line.me/123456-abcedfg?from=x',
    );
    expect(() => platformLinkOf('https://example.com/app/', MINI_APP_URL_ORIGIN, 'x', 'https://other.test/app/')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
