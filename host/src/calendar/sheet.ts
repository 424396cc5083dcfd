/**
 * The event-creation sheet over the phone (`liff.calendar.showEventCreationModal`; docs/guide/liff.md,
 * "Calendar and call activity"): the event the app proposed, which the person edits and adds to
 * their calendar, or cancels. Every text the app gave is set as text, never as markup.
 */
import type { CalendarEventDraft } from '#contract/bridge/protocol.js';
import type { CalendarEvent } from '#contract/wire.js';
import { h } from '../shared/dom.js';
import { eventOfFields, fieldsOfDraft, localInputValue, MAX_TITLE, type SheetFields } from './draft.js';

const SHEET_STYLE =
  'position:absolute;left:0;right:0;bottom:0;z-index:1000;padding:16px;border-radius:14px 14px 0 0;background:#fff;color:#111;font:14px system-ui,sans-serif;';
const BACKDROP_STYLE = 'position:absolute;inset:0;z-index:999;background:rgba(0,0,0,0.35)';
const FIELD_STYLE = 'display:block;margin-top:8px;';
const INPUT_STYLE = 'display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:6px;';
const BUTTON_STYLE = 'flex:1;padding:10px;border-radius:8px;font-size:15px;cursor:pointer;';

/**
 * Shows the sheet on `screen` with the app's proposal; resolves with the event the person added,
 * or null when they cancelled. Elements: `#calendar-sheet`, `#calendar-title`, `#calendar-start`,
 * `#calendar-end`, `#calendar-all-day`, `#calendar-problem`, `#calendar-add`, `#calendar-cancel`.
 * @param now the phone's time (ms), for the start the sheet proposes when the app gave none
 */
export function showEventCreationSheet(
  screen: HTMLElement,
  appName: string,
  draft: CalendarEventDraft,
  now: number,
): Promise<CalendarEvent | null> {
  const first = fieldsOfDraft(draft, now);
  return new Promise((resolve) => {
    const timeInput = (id: string, value: string) =>
      h('input', { attrs: { id, type: first.allDay ? 'date' : 'datetime-local', value, style: INPUT_STYLE } });
    const title = h('input', {
      attrs: { id: 'calendar-title', type: 'text', maxlength: String(MAX_TITLE), value: first.title, style: INPUT_STYLE },
    });
    const start = timeInput('calendar-start', first.start);
    const end = timeInput('calendar-end', first.end);
    const allDay = h('input', { attrs: { id: 'calendar-all-day', type: 'checkbox' } });
    allDay.checked = first.allDay;
    const problem = h('p', { attrs: { id: 'calendar-problem', role: 'alert', style: 'color:#c62828;min-height:1em;margin:8px 0 0' } });
    const fields = (): SheetFields => ({ title: title.value, start: start.value, end: end.value, allDay: allDay.checked });
    // Switching all day keeps the days and changes what the inputs hold.
    allDay.addEventListener('change', () => {
      for (const input of [start, end]) {
        const ms = new Date(input.value.length === 10 ? `${input.value}T00:00` : input.value).getTime();
        input.type = allDay.checked ? 'date' : 'datetime-local';
        if (!Number.isNaN(ms)) input.value = localInputValue(ms, allDay.checked);
      }
    });
    const backdrop = h('div', { attrs: { style: BACKDROP_STYLE } });
    const done = (event: CalendarEvent | null) => {
      backdrop.remove();
      root.remove();
      resolve(event);
    };
    const root = h(
      'div',
      { attrs: { id: 'calendar-sheet', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'New calendar event', style: SHEET_STYLE } },
      h('strong', { text: 'New event' }),
      h('p', { text: `${appName} suggests an event for your calendar.`, attrs: { style: 'margin:4px 0 0;color:#555' } }),
      h('label', { attrs: { style: FIELD_STYLE } }, h('span', { text: 'Title' }), title),
      h('label', { attrs: { style: FIELD_STYLE } }, allDay, h('span', { text: ' All day' })),
      h('label', { attrs: { style: FIELD_STYLE } }, h('span', { text: 'Starts' }), start),
      h('label', { attrs: { style: FIELD_STYLE } }, h('span', { text: 'Ends' }), end),
      problem,
      h(
        'div',
        { attrs: { style: 'display:flex;gap:8px;margin-top:8px' } },
        h('button', {
          text: 'Cancel',
          attrs: { id: 'calendar-cancel', type: 'button', style: `${BUTTON_STYLE}background:#eee;border:0;` },
          on: { click: () => done(null) },
        }),
        h('button', {
          text: 'Add',
          attrs: { id: 'calendar-add', type: 'button', style: `${BUTTON_STYLE}background:#06c755;color:#fff;border:0;` },
          on: {
            click: () => {
              const answer = eventOfFields(fields());
              if ('problem' in answer) problem.textContent = answer.problem;
              else done(answer.event);
            },
          },
        }),
      ),
    );
    screen.append(backdrop, root);
    title.focus();
  });
}
