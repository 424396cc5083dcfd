/**
 * The platform's Quick-fill screen as the host draws it inside the sub window (`sub-window-view.ts`):
 * the Common Profile entries the app asked for with the person's values (or a dummy case's), an
 * "自動入力" (Auto-fill) button that hands them to the app and a "キャンセル" button. In Japanese, as
 * the platform's screen is. Every value is set as text, never as markup.
 */
import { h } from '../../shared/dom.js';
import { displayValue, ENTRY_LABELS, type CommonProfile, type CommonProfileEntry } from './quick-fill.js';

/** What the screen shows. */
export interface QuickFillScreen {
  entries: readonly CommonProfileEntry[];
  profile: CommonProfile;
  /** A line above the entries (the dummy case's description); none for the person's own profile. */
  caption?: string;
  /** Why there is nothing to fill in (no Common Profile, or no entry allowed): `#quick-fill-notice`. */
  notice?: string;
}

/**
 * The screen's element: `#quick-fill` with one `.quick-fill-entry[data-entry]` per entry (after
 * `#quick-fill-caption` or `#quick-fill-notice` when given), the buttons `#quick-fill-submit`
 * (自動入力) and `#quick-fill-cancel` (キャンセル).
 */
export function quickFillScreen(screen: QuickFillScreen, onSubmit: () => void, onCancel: () => void): HTMLElement {
  const rows = screen.entries.map((entry) =>
    h(
      'div',
      {
        className: 'quick-fill-entry',
        attrs: { 'data-entry': entry, style: 'display:flex;gap:8px;padding:6px 0;border-bottom:1px solid #eee' },
      },
      h('dt', { text: ENTRY_LABELS[entry], attrs: { style: 'flex:0 0 40%;color:#666;font-size:13px' } }),
      h('dd', { text: displayValue(entry, screen.profile[entry]), attrs: { style: 'margin:0;flex:1;font-size:14px' } }),
    ),
  );
  const button = (id: string, text: string, style: string, onClick: () => void) =>
    h('button', {
      text,
      attrs: {
        id,
        type: 'button',
        style: `display:block;width:100%;margin-top:8px;padding:10px;border-radius:8px;font-size:15px;cursor:pointer;${style}`,
      },
      on: { click: onClick },
    });
  return h(
    'div',
    { attrs: { id: 'quick-fill', lang: 'ja', style: 'flex:1;overflow:auto;padding:16px' } },
    h('p', { text: '共通プロフィールの情報を入力します。', attrs: { style: 'margin:0 0 8px' } }),
    screen.caption
      ? h('p', { text: `ダミーデータ: ${screen.caption}`, attrs: { id: 'quick-fill-caption', style: 'margin:0 0 8px;color:#c60' } })
      : null,
    screen.notice ? h('p', { text: screen.notice, attrs: { id: 'quick-fill-notice', style: 'margin:0 0 8px;color:#666' } }) : null,
    h('dl', { attrs: { style: 'margin:0' } }, ...rows),
    button('quick-fill-submit', '自動入力', 'background:#06c755;color:#fff;border:0', onSubmit),
    button('quick-fill-cancel', 'キャンセル', 'background:#fff;color:#333;border:1px solid #ccc', onCancel),
  );
}
