// The pure rules of membership plans (server/src/interfaces/bot/memberships/rules.ts): billing
// dates on the UTC+9 calendar with the month-end rule, the renewals due at a time, and the
// joined users' paging query and its continuation token.
import { describe, expect, it } from 'vitest';
import {
  billingAfter,
  billingDateOf,
  JoinedUsersQuery,
  memberPageQueryOf,
  memberPageToken,
  renewalsDue,
} from '../../src/interfaces/bot/memberships/rules.js';
import { compile } from '../../src/http/validate.js';

const H = 3_600_000;
const DAY = 24 * H;

describe('billing dates', () => {
  it('a calendar month later in UTC+9, a missing day becoming the month’s last', () => {
    // 31 January 2024 12:00 in UTC+9.
    const joined = Date.UTC(2024, 0, 31, 3);
    expect(billingDateOf(billingAfter(joined, 1))).toBe('2024-02-29');
    expect(billingDateOf(billingAfter(joined, 2))).toBe('2024-03-31');
    expect(billingDateOf(billingAfter(joined, 13))).toBe('2025-02-28');
    // Same time of day as the join.
    expect(billingAfter(joined, 2)).toBe(Date.UTC(2024, 2, 31, 3));
  });

  it('the date is UTC+9’s: 20:00 UTC on 9 May is already 10 May there', () => {
    const joined = Date.UTC(2024, 4, 9, 20);
    expect(billingDateOf(joined)).toBe('2024-05-10');
    expect(billingDateOf(billingAfter(joined, 1))).toBe('2024-06-10');
  });

  it('renewals due: none before the billing time, one per billing time passed', () => {
    const joined = Date.UTC(2024, 0, 10);
    const sub = { joined_at: joined, months: 1, next_billing_at: billingAfter(joined, 1) };
    expect(renewalsDue(sub, sub.next_billing_at - 1)).toEqual([]);
    expect(renewalsDue(sub, sub.next_billing_at)).toEqual([2]);
    expect(renewalsDue(sub, billingAfter(joined, 3) + DAY)).toEqual([2, 3, 4]);
  });
});

describe('the joined users’ paging query', () => {
  const now = Date.UTC(2024, 0, 1);
  it('limit 300 by default, 1 to 1000; start a token of the same plan younger than 24 hours', () => {
    expect(memberPageQueryOf({}, 1, now)).toEqual({ limit: 300, after: 0 });
    expect(memberPageQueryOf({ limit: '1000', start: memberPageToken(1, 7, now - 23 * H) }, 1, now)).toEqual({ limit: 1000, after: 7 });
    // The limit is checked at the door, against the query's schema.
    const checkQuery = compile(JoinedUsersQuery);
    for (const limit of ['1', '0999', '1000']) expect(checkQuery({ limit }), limit).toBeNull();
    for (const limit of ['0', '1001', '-1', '1.5', 'x', '000001'])
      expect(checkQuery({ limit }), limit).toEqual([{ message: 'must be an integer from 1 to 1000', property: 'limit' }]);
    expect(checkQuery({ limit: ['1', '2'] })).toEqual([{ message: 'must be given once', property: 'limit' }]);
    expect(memberPageQueryOf({ start: memberPageToken(2, 7, now) }, 1, now)).toEqual({
      details: [{ message: 'is not a continuation token of this list', property: 'start' }],
    });
    expect(memberPageQueryOf({ start: memberPageToken(1, 7, now - 25 * H) }, 1, now)).toEqual({
      details: [{ message: 'the continuation token has expired', property: 'start' }],
    });
  });
});
