/** The host's rules of sub windows (`host/src/app/liff/sub-window.ts`) and of the Quick-fill screen (`host/src/app/liff/quick-fill.ts`). */
import { describe, expect, it } from 'vitest';
import { SubWindowOutcome, subWindowViewType } from '../../../src/app/liff/sub-window.js';
import {
  COMMON_PROFILE_ENTRIES,
  DUMMY_CASES,
  displayValue,
  personQuickFill,
  profileTokenProblem,
  quickFillRequest,
  requestedEntries,
  selectProfile,
} from '../../../src/app/liff/quick-fill.js';
import { subWindowRequestProblem } from '../../../src/app/bridge/wire.js';

describe("a sub window's end", () => {
  it('is the first event only: a close after a submit is not heard', async () => {
    const outcome = new SubWindowOutcome();
    const heard = outcome.wait();
    expect(outcome.end({ status: 'submit', result: { a: 1 } })).toBe(true);
    expect(outcome.end({ status: 'close', result: {} })).toBe(false);
    await expect(heard).resolves.toEqual({ status: 'submit', result: { a: 1 } });
    await expect(outcome.wait()).resolves.toEqual({ status: 'submit', result: { a: 1 } });
  });

  it('is null, no event, for a window another replaced', async () => {
    const outcome = new SubWindowOutcome();
    outcome.end(null);
    expect(outcome.ended).toBe(true);
    await expect(outcome.wait()).resolves.toBeNull();
  });

  it("is as high as native.height, else the sub app's view, else full", () => {
    expect(subWindowViewType('compact', 'tall')).toBe('compact');
    expect(subWindowViewType(undefined, 'tall')).toBe('tall');
    expect(subWindowViewType(undefined, undefined)).toBe('full');
  });
});

describe("the wire rule of open's request", () => {
  it('takes a LIFF ID, JSON appData, a view type and a short label', () => {
    expect(subWindowRequestProblem({ liffId: '1650000001-AbCd1234', appData: { a: [1] }, height: 'tall', closeButtonLabel: 'x' })).toBe('');
  });

  it('refuses what a page could post around the SDK', () => {
    expect(subWindowRequestProblem({ liffId: '../x', appData: {} })).toBe('liffId must be a LIFF ID');
    expect(subWindowRequestProblem({ liffId: '1-a', appData: [] })).toBe('appData must be an object');
    expect(subWindowRequestProblem({ liffId: '1-a', appData: { big: 'x'.repeat(100_001) } })).toMatch(/at most 100000 characters/);
    expect(subWindowRequestProblem({ liffId: '1-a', appData: {}, height: 'huge' })).toBe('height must be compact, tall or full');
  });
});

describe('the Quick-fill screen', () => {
  it('shows the entries the app asked for, in the plugin order, all of them when it asked for none', () => {
    expect(requestedEntries(['tel', 'family-name', 'nickname'])).toEqual(['family-name', 'tel']);
    expect(requestedEntries([])).toEqual([...COMMON_PROFILE_ENTRIES]);
    expect(requestedEntries(undefined)).toHaveLength(15);
  });

  it("reads getDummy's appData as a dummy case (-1 is case 1) and get's as the person", () => {
    expect(quickFillRequest({ scopes: ['tel'], caseId: -1 })).toEqual({ mode: 'dummy', caseId: 1, entries: ['tel'] });
    expect(quickFillRequest({ scopes: [], caseId: 3 })).toMatchObject({ mode: 'dummy', caseId: 3 });
    expect(quickFillRequest({ scopes: ['email'], lineProfileToken: 't' })).toEqual({ mode: 'person', entries: ['email'] });
  });

  it('submits only the set entries it shows', () => {
    expect(selectProfile(DUMMY_CASES[2]!.profile, ['family-name', 'email', 'tel'])).toEqual({ 'family-name': '山田', tel: '09012345678' });
    expect(selectProfile(DUMMY_CASES[3]!.profile, [...COMMON_PROFILE_ENTRIES])).toEqual({});
    expect(Object.keys(selectProfile(DUMMY_CASES[1]!.profile, [...COMMON_PROFILE_ENTRIES]))).toEqual([...COMMON_PROFILE_ENTRIES]);
  });

  it('shows the sex in words and an unset entry as 未設定', () => {
    expect(displayValue('sex-enum', 1)).toBe('女性');
    expect(displayValue('email', undefined)).toBe('未設定');
    expect(displayValue('bday-year', 1990)).toBe('1990');
  });
});

describe('the Quick-fill screen of the signed-in person (get)', () => {
  it('takes only the token of the session of the app that opened it', () => {
    expect(profileTokenProblem('tok-main', 'tok-main')).toBeNull();
    expect(profileTokenProblem('tok-other-app', 'tok-main')).toBe('The access token is not the one of this app and person');
    expect(profileTokenProblem(undefined, 'tok-main')).toBe('No LIFF access token was given');
    expect(profileTokenProblem('', 'tok-main')).toBe('No LIFF access token was given');
    expect(profileTokenProblem({ token: 'tok-main' }, 'tok-main')).toBe('No LIFF access token was given');
  });

  const alice = {
    userId: 'Ualice',
    entries: ['family-name' as const, 'given-name' as const, 'family-name-kana' as const, 'given-name-kana' as const, 'tel' as const],
    profile: { 'family-name': '青木', 'given-name': 'ありさ', tel: '09012345678' },
    hasProfile: true,
  };

  it('shows the entries both asked for and allowed by the scopes, submitting the set ones', () => {
    expect(personQuickFill(alice, ['family-name', 'tel', 'email'])).toEqual({
      entries: ['family-name', 'tel'],
      profile: { 'family-name': '青木', tel: '09012345678' },
    });
    // Asked for all (the plugin's default []): what the scopes allow, unset ones shown as 未設定.
    expect(personQuickFill(alice, [...COMMON_PROFILE_ENTRIES])).toEqual({
      entries: ['family-name', 'given-name', 'family-name-kana', 'given-name-kana', 'tel'],
      profile: { 'family-name': '青木', 'given-name': 'ありさ', tel: '09012345678' },
    });
  });

  it('says so when there is nothing to fill in', () => {
    expect(personQuickFill({ ...alice, entries: [], profile: {}, hasProfile: false }, ['tel'])).toEqual({
      entries: [],
      profile: {},
      notice: '共通プロフィールが登録されていません。',
    });
    expect(personQuickFill(alice, ['email'])).toEqual({ entries: [], profile: {}, notice: 'このサービスが入力できる項目はありません。' });
  });
});
