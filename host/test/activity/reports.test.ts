/** The call and recording states the phone reports to `liff.activity` (`host/src/activity/reports.ts`). */
import { describe, expect, it } from 'vitest';
import { ActivityReports } from '../../src/activity/reports.js';

describe('the call and recording states', () => {
  it('start inactive, and an app that has not seen them gets them at once', async () => {
    const reports = new ActivityReports();
    await expect(reports.wait(0)).resolves.toEqual({ version: 1, call: { isActive: false }, recording: { isActive: false } });
  });

  it('reach a waiting app when the tester changes one; "not sent" leaves it out', async () => {
    const reports = new ActivityReports();
    const waiting = reports.wait(1);
    reports.set('call', 'active');
    await expect(waiting).resolves.toEqual({ version: 2, call: { isActive: true }, recording: { isActive: false } });
    reports.set('recording', 'not-sent');
    expect(reports.current).toEqual({ version: 3, call: { isActive: true } });
    expect(reports.reported()).toEqual({ call: 'active', recording: 'not-sent' });
  });
});
