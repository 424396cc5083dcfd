/**
 * The side panel's "Call and recording" group: what the phone's client reports to an open app's
 * `liff.activity` (activity/reports.ts). Elements: `#activity-call` and `#activity-recording`, each
 * "Not sent", "Inactive" or "Active".
 */
import { h, option } from '../shared/dom.js';
import type { ActivityReports, ReportedState } from './reports.js';

const LABELS: Record<ReportedState, string> = { 'not-sent': 'Not sent', inactive: 'Inactive', active: 'Active' };

/** Draws the group into `root` (the `#activity-panel` section), its selects set to `reports`. */
export function mountActivityPanel(root: HTMLElement, reports: ActivityReports): void {
  const now = reports.reported();
  const select = (kind: 'call' | 'recording', label: string) => {
    const el = h(
      'select',
      { attrs: { id: `activity-${kind}` } },
      ...(Object.keys(LABELS) as ReportedState[]).map((s) => option(s, LABELS[s])),
    );
    el.value = now[kind];
    el.addEventListener('change', () => reports.set(kind, el.value as ReportedState));
    return h('label', { className: 'field' }, h('span', { text: label }), el);
  };
  root.replaceChildren(
    h('h2', { text: 'Call and recording', attrs: { id: 'activity-title' } }),
    h('p', { className: 'field-note', text: 'What the client reports to liff.activity (LINE 15.0.0 and later).' }),
    select('call', 'Call'),
    select('recording', 'Recording'),
  );
}
