/**
 * The consent screens of the LINE MINI App authorization flow, drawn over the phone screen as the
 * LINE app draws them (docs/platform/authorization-flow.md): the channel consent screen (the app,
 * its scopes in words, the add-friend option), the channel consent simplification's own screen,
 * and the permission request screen (a sheet over the app); and the short loading screen. Every
 * text the app or the scenario gave is set as text, never as markup.
 */
import type { ConsentScreen } from '#contract/simulator-api/social/consents.js';
import { h } from '../shared/dom.js';
import { consentWords, scopeWords } from './texts.js';

/** What the person tapped: Allow or Deny, and whether the add-friend option stayed ticked. */
export interface TappedAnswer {
  answer: 'allow' | 'deny';
  addFriend?: boolean;
}

/** A screen on the phone: the person's tap, and its removal (when answered elsewhere, or the app closed). */
export interface DrawnScreen {
  tapped: Promise<TappedAnswer>;
  close(): void;
}

/** How long the loading screen stays, in ms: long enough to be seen, short as the LINE app's. */
export const LOADING_MS = 700;

const FULL_STYLE =
  'position:absolute;inset:0;z-index:1001;display:flex;flex-direction:column;padding:24px 20px;overflow:auto;' +
  'background:#fff;color:#1d2330;font-family:system-ui,sans-serif;';
const SHEET_STYLE =
  'position:absolute;left:0;right:0;bottom:0;z-index:1001;padding:18px 16px;border-radius:14px 14px 0 0;' +
  'background:#fff;color:#1d2330;font-family:system-ui,sans-serif;box-shadow:0 -4px 16px rgba(0,0,0,0.2);';
const BACKDROP_STYLE = 'position:absolute;inset:0;z-index:1000;background:rgba(0,0,0,0.35)';
const BUTTON_STYLE = 'display:block;width:100%;margin-top:8px;padding:11px;border-radius:8px;font-size:15px;cursor:pointer;';
const ICON_STYLE =
  'display:flex;align-items:center;justify-content:center;width:56px;height:56px;margin:8px auto;border-radius:14px;' +
  'background:#06c755;color:#fff;font-size:26px;font-weight:700;';

/** The app's icon as the screen shows it: its name's first letter on the LINE green. */
function appIcon(appName: string): HTMLElement {
  return h('div', { text: [...appName][0]?.toUpperCase() ?? '?', attrs: { 'aria-hidden': 'true', style: ICON_STYLE } });
}

/**
 * Draws `screen` on the phone in `language` and waits for the person's tap. The channel consent
 * screen and the simplification's fill the phone (the app is not open yet); the permission
 * request screen is a sheet over the app.
 * @param phone the positioned phone screen
 */
export function drawConsentScreen(phone: HTMLElement, screen: ConsentScreen, language: string): DrawnScreen {
  const words = consentWords(language);
  const own = words.screens[screen.kind];
  let settle: (answer: TappedAnswer) => void = () => undefined;
  const tapped = new Promise<TappedAnswer>((resolve) => (settle = resolve));
  const friend = screen.addFriend ? h('input', { attrs: { type: 'checkbox', id: 'consent-add-friend', checked: true } }) : null;
  const tap = (answer: TappedAnswer['answer']) => () => {
    close();
    settle(friend ? { answer, addFriend: friend.checked } : { answer });
  };
  const sheet = screen.kind === 'permission-request';
  const root = h(
    'div',
    {
      attrs: {
        id: 'consent-screen',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-label': own.title,
        lang: language,
        'data-kind': screen.kind,
        'data-screen-id': screen.screenId,
        style: sheet ? SHEET_STYLE : FULL_STYLE,
      },
    },
    sheet ? null : appIcon(screen.appName),
    h('h2', { text: own.title, attrs: { style: 'margin:4px 0 8px;font-size:18px;text-align:center' } }),
    h('p', { text: own.lead(screen.appName), attrs: { id: 'consent-lead' } }),
    screen.kind === 'simplification-consent'
      ? null
      : h(
          'ul',
          { attrs: { id: 'consent-scopes', style: 'padding-left:20px' } },
          ...screen.scopes.map((scope) => h('li', { text: scopeWords(scope, language), attrs: { 'data-scope': scope } })),
        ),
    friend && screen.addFriend
      ? h(
          'label',
          { attrs: { style: 'display:flex;gap:8px;align-items:center;margin:8px 0' } },
          friend,
          words.addFriend(screen.addFriend.botName),
        )
      : null,
    h(
      'div',
      { attrs: { style: sheet ? '' : 'margin-top:auto' } },
      h('button', {
        text: own.allow,
        attrs: { id: 'consent-allow', type: 'button', style: `${BUTTON_STYLE}background:#06c755;color:#fff;border:0;` },
        on: { click: tap('allow') },
      }),
      h('button', {
        text: own.deny,
        attrs: { id: 'consent-deny', type: 'button', style: `${BUTTON_STYLE}background:#fff;border:1px solid #ccc;` },
        on: { click: tap('deny') },
      }),
    ),
  );
  const backdrop = sheet ? h('div', { attrs: { style: BACKDROP_STYLE } }) : null;
  phone.append(...(backdrop ? [backdrop, root] : [root]));
  function close(): void {
    backdrop?.remove();
    root.remove();
  }
  return { tapped, close };
}

/**
 * The loading screen the LINE app shows the first time a person opens a MINI App (before the
 * 2026-08-26 change): the app's icon and name, {@link LOADING_MS}; resolves once it is gone.
 */
export function showLoadingScreen(phone: HTMLElement, appName: string, language: string): Promise<void> {
  const root = h(
    'div',
    { attrs: { id: 'consent-loading', role: 'status', lang: language, style: `${FULL_STYLE}align-items:center;justify-content:center` } },
    appIcon(appName),
    h('p', { text: consentWords(language).loading(appName) }),
  );
  phone.append(root);
  return new Promise((resolve) =>
    setTimeout(() => {
      root.remove();
      resolve();
    }, LOADING_MS),
  );
}
