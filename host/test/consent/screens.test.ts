// @vitest-environment happy-dom
/** The consent screens as the person sees them on the phone (host/src/consent/screens.ts), in the phone's language. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentScreen } from '#contract/simulator-api/social/consents.js';
import { drawConsentScreen, LOADING_MS, showLoadingScreen } from '../../src/consent/screens.js';

const SCREEN: ConsentScreen = {
  screenId: 'cs1',
  kind: 'channel-consent',
  userId: 'Ualice',
  embedId: '1650000001-liffapp1',
  channelId: '1650000001',
  appName: 'LIFF demo <b>',
  scopes: ['openid', 'profile'],
  addFriend: { channelId: '1650000001', botName: 'Demo bot' },
  state: 'pending',
  openedAt: 0,
};

function phone(): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the channel consent screen', () => {
  it("names the app and each scope in words, with the add-friend option ticked, in the phone's language", () => {
    const el = phone();
    drawConsentScreen(el, SCREEN, 'ja');
    const dialog = el.querySelector('#consent-screen')!;
    expect(dialog.getAttribute('data-kind')).toBe('channel-consent');
    expect(el.querySelector('#consent-lead')!.textContent).toBe('LIFF demo <b>が次の許可を求めています:');
    expect(el.querySelector('b')).toBeNull();
    expect([...el.querySelectorAll('#consent-scopes li')].map((li) => li.getAttribute('data-scope'))).toEqual(['openid', 'profile']);
    expect(el.querySelector('[data-scope="profile"]')!.textContent).toContain('表示名');
    expect((el.querySelector('#consent-add-friend') as HTMLInputElement).checked).toBe(true);
    expect(dialog.textContent).toContain('Demo botを友だち追加');
    expect(el.querySelector('#consent-allow')!.textContent).toBe('許可する');
  });

  it('Allow with the add-friend option unticked answers so, and the screen goes', async () => {
    const el = phone();
    const drawn = drawConsentScreen(el, SCREEN, 'en');
    (el.querySelector('#consent-add-friend') as HTMLInputElement).click();
    (el.querySelector('#consent-allow') as HTMLButtonElement).click();
    expect(await drawn.tapped).toEqual({ answer: 'allow', addFriend: false });
    expect(el.querySelector('#consent-screen')).toBeNull();
  });

  it('speaks each of the host’s languages, Taiwan’s and Thailand’s among them', () => {
    for (const [language, allow] of [
      ['zh-TW', '許可'],
      ['th', 'อนุญาต'],
      ['ko', '허용'],
    ]) {
      const el = phone();
      drawConsentScreen(el, SCREEN, language!);
      expect(el.querySelector('#consent-allow')!.textContent).toBe(allow);
    }
  });

  it('has no add-friend option when none is offered; a language the host has no words in shows English', async () => {
    const el = phone();
    const drawn = drawConsentScreen(el, { ...SCREEN, addFriend: null }, 'fr');
    expect(el.querySelector('#consent-add-friend')).toBeNull();
    expect(el.querySelector('[data-scope="openid"]')!.textContent).toBe('Get an ID token that says who you are');
    (el.querySelector('#consent-deny') as HTMLButtonElement).click();
    expect(await drawn.tapped).toEqual({ answer: 'deny' });
  });
});

describe('the permission request screen', () => {
  it('is a sheet over the app with Allow and Deny; closing it elsewhere removes it', () => {
    const el = phone();
    const drawn = drawConsentScreen(el, { ...SCREEN, kind: 'permission-request', scopes: ['profile'], addFriend: null }, 'en');
    expect(el.querySelector('#consent-screen')!.getAttribute('aria-label')).toBe('Permission request');
    expect(el.querySelector('#consent-deny')!.textContent).toBe('Deny');
    expect(el.children).toHaveLength(2);
    drawn.close();
    expect(el.children).toHaveLength(0);
  });
});

describe('the loading screen', () => {
  it('shows the app for a moment, then goes', async () => {
    vi.useFakeTimers();
    const el = phone();
    const done = showLoadingScreen(el, 'Mini shop', 'en');
    expect(el.querySelector('#consent-loading')!.textContent).toContain('Opening Mini shop');
    vi.advanceTimersByTime(LOADING_MS);
    await done;
    expect(el.querySelector('#consent-loading')).toBeNull();
  });
});
