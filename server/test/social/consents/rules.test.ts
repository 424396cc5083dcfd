// The LINE MINI App authorization flow's pure rules ("LINE MINI App authorization flow", "Skipping
// the channel consent process"): when the channel consent simplification is in effect, and what
// opening an app shows the person first, for each branch of the plan.
import { describe, expect, it } from 'vitest';
import {
  CONSENT_DEFAULTS,
  consentPlan,
  filledSettings,
  screenScopeProblems,
  simplificationOf,
  type ConsentApp,
  type ConsentMiniApp,
  type ConsentPerson,
} from '../../../src/interfaces/social/consents/rules.js';

const SCOPES = ['openid', 'profile', 'chat_message.write'];
const verified = (consent = {}): ConsentMiniApp => ({ verified: true, stage: 'developing', consent: filledSettings(consent) });
const app = (miniApp: ConsentMiniApp | null): ConsentApp => ({
  embedId: '1650000301-cafeapp1',
  channelId: '1650000301',
  name: 'Cafe',
  scopes: SCOPES,
  miniApp,
});
const stranger: ConsentPerson = { granted: undefined, simplificationAgreed: false, friend: false };
const bot = { linked: true, botName: 'Cafe bot' };

describe('the channel consent simplification', () => {
  it('follows the console switch, off by default', () => {
    expect(simplificationOf(verified())).toEqual({ effective: false, why: expect.stringMatching(/^off: the switch is off/) });
    expect(simplificationOf(verified({ simplification: true }))).toEqual({ effective: true, why: expect.stringMatching(/switch is on/) });
  });

  it('is mandatory for a channel of Japan created on or after 2026-01-08, not one of Taiwan', () => {
    expect(simplificationOf(verified({ channelCreatedAt: '2026-01-08' })).effective).toBe(true);
    expect(simplificationOf(verified({ channelCreatedAt: '2026-01-07' })).effective).toBe(false);
    const tw = simplificationOf(verified({ channelCreatedAt: '2026-03-01', region: 'TW' }));
    expect(tw).toEqual({ effective: false, why: expect.stringMatching(/this one is of TW/) });
  });

  it('works for an unverified MINI App on Developing only, and never for a LIFF app', () => {
    const consent = filledSettings({ simplification: true });
    expect(simplificationOf({ verified: false, stage: 'developing', consent }).effective).toBe(true);
    expect(simplificationOf({ verified: false, stage: 'published', consent })).toEqual({
      effective: false,
      why: expect.stringMatching(/Published internal channel/),
    });
    expect(simplificationOf(null)).toEqual({ effective: false, why: expect.stringMatching(/not a LINE MINI App/) });
  });

  it('fills settings from the stored ones', () => {
    expect(filledSettings(undefined)).toEqual(CONSENT_DEFAULTS);
    expect(filledSettings({ region: 'TH' }, { ...CONSENT_DEFAULTS, simplification: true })).toEqual({
      ...CONSENT_DEFAULTS,
      region: 'TH',
      simplification: true,
    });
  });
});

describe('the plan of opening an app', () => {
  it('keeps the LIFF rule for a LIFF app: no screen, every registered scope', () => {
    const plan = consentPlan({ app: app(null), person: stranger, flow: 'current', bot });
    expect(plan).toMatchObject({
      miniApp: false,
      simplification: false,
      screen: 'none',
      launchScopes: SCOPES,
      granted: [],
      addFriend: null,
    });
  });

  it('with simplification today: no screen, openid deemed granted and alone at launch', () => {
    const plan = consentPlan({ app: app(verified({ simplification: true })), person: stranger, flow: 'current', bot });
    expect(plan).toMatchObject({ simplification: true, screen: 'none', granted: ['openid'], launchScopes: ['openid'], addFriend: null });
  });

  it('with simplification today: starts with what the person granted since', () => {
    const person = { ...stranger, granted: ['profile'] };
    const plan = consentPlan({ app: app(verified({ simplification: true })), person, flow: 'current', bot });
    expect(plan.launchScopes).toEqual(['openid', 'profile']);
  });

  it('before 2026-08-26: the simplification screen until agreed, then loading once per MINI App, then nothing', () => {
    const a = app(verified({ simplification: true }));
    const flow = 'before-2026-08-26';
    expect(consentPlan({ app: a, person: stranger, flow, bot }).screen).toBe('simplification-consent');
    expect(consentPlan({ app: a, person: { ...stranger, simplificationAgreed: true }, flow, bot }).screen).toBe('loading');
    expect(consentPlan({ app: a, person: { ...stranger, simplificationAgreed: true, granted: ['openid'] }, flow, bot }).screen).toBe(
      'none',
    );
  });

  it('without simplification: the channel consent screen with the add-friend option until every scope is granted', () => {
    const a = app(verified());
    const plan = consentPlan({ app: a, person: { ...stranger, granted: ['openid'] }, flow: 'current', bot });
    expect(plan).toMatchObject({
      screen: 'channel-consent',
      launchScopes: SCOPES,
      granted: ['openid'],
      addFriend: { channelId: '1650000301', botName: 'Cafe bot' },
    });
    expect(consentPlan({ app: a, person: { ...stranger, friend: true }, flow: 'current', bot }).addFriend).toBeNull();
    expect(consentPlan({ app: a, person: stranger, flow: 'current', bot: { ...bot, linked: false } }).addFriend).toBeNull();
    const all = consentPlan({ app: a, person: { ...stranger, granted: SCOPES }, flow: 'current', bot });
    expect(all).toMatchObject({ screen: 'none', launchScopes: SCOPES, addFriend: null });
  });
});

describe('the scopes a screen may ask', () => {
  it('are the app’s registered scopes or openid; a permission request asks one at least', () => {
    const a = { ...app(verified()), scopes: ['profile'] };
    expect(screenScopeProblems('permission-request', ['profile', 'openid'], a)).toEqual([]);
    expect(screenScopeProblems('permission-request', ['email'], a)).toEqual([
      { message: expect.stringMatching(/email is not a scope/), property: 'scopes[0]' },
    ]);
    expect(screenScopeProblems('permission-request', [], a)).toEqual([{ message: expect.any(String), property: 'scopes' }]);
    expect(screenScopeProblems('simplification-consent', [], a)).toEqual([]);
  });
});
