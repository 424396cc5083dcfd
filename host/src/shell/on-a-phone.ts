/**
 * The host on a phone (docs/guide/phones.md, "The host on a phone"): the drawer that holds the person and
 * the settings (`#drawer-toggle` opens it, the backdrop, Escape or a second tap closes it), and the
 * visible height kept in the CSS variable `--vvh` from the visual viewport, so the on-screen
 * keyboard shrinks the messenger instead of covering its composer (browsers that do not resize the
 * layout for the keyboard, as `interactive-widget=resizes-content` asks, still move the visual
 * viewport). What shows as a drawer is decided by `host/static/phone.css`'s media query alone.
 */
import { byId } from '../shared/dom.js';

/**
 * The phone layout's media query, host/static/phone.css's (the two must say the same): a narrow
 * screen with a touch pointer, or a short one in landscape. There the side panels sit in the
 * drawer, and the bridge log is not shown.
 */
export const PHONE_LAYOUT =
  '(max-width: 600px) and (pointer: coarse), (max-width: 600px) and (hover: none), (max-height: 500px) and (pointer: coarse)';

/**
 * Calls `show` when the side panels come into view: at once outside the phone layout, else when
 * the drawer is opened or the layout stops being a phone's (the window grew). `show` may be called
 * more than once.
 * @returns whether the panels show now
 */
export function onPanelsShown(show: () => void): boolean {
  const phone = matchMedia(PHONE_LAYOUT);
  if (!phone.matches) {
    show();
    return true;
  }
  phone.addEventListener('change', () => {
    if (!phone.matches) show();
  });
  byId('drawer-toggle').addEventListener('click', show);
  return false;
}

/** Wires the drawer and the visible height; call once on a one-phone page. */
export function setUpPhoneLayout(): void {
  const toggle = byId('drawer-toggle');
  const backdrop = byId('drawer-backdrop');
  const setOpen = (open: boolean): void => {
    if (open) document.body.dataset.drawer = 'open';
    else delete document.body.dataset.drawer;
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(document.body.dataset.drawer !== 'open'));
  backdrop.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && document.body.dataset.drawer === 'open') setOpen(false);
  });

  const viewport = window.visualViewport;
  if (!viewport) return;
  const follow = (): void => {
    document.documentElement.style.setProperty('--vvh', `${Math.round(viewport.height)}px`);
    // The page never scrolls on a phone: a focused field the keyboard pushed up is brought back into view.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) focused.scrollIntoView({ block: 'nearest' });
  };
  viewport.addEventListener('resize', follow);
  follow();
}
