/**
 * The remote inspector's simulator routes (docs/guide/phones.md, "Inspecting a phone from the
 * desktop"): a host page reports itself (`reportPhone`), the desktop lists the pages (`phones`)
 * and reads a chosen page's log (`phoneLog`), over the phones this process holds (`inspector.ts`).
 */
import type { UnitHandlers } from '../simulator-api/handlers.js';
import { badRequest, notFound } from '../http/errors.js';
import type { LiveHub } from '../live/hub.js';
import type { PhoneInspector } from './inspector.js';

/** What a phone's id may be: the host page makes a random one (letters, digits, `-`, `_`). */
const PHONE_ID = /^[A-Za-z0-9_-]{8,64}$/;

function phoneId(value: string): string {
  if (!PHONE_ID.test(value)) throw badRequest(`Invalid phone id ${JSON.stringify(value.slice(0, 80))}: 8 to 64 letters, digits, - or _`);
  return value;
}

/**
 * Handlers of the routes of unit `phones`. A report publishes the live event `phone` so that a
 * desktop showing that phone reads its new lines at once. 400 `{message, details}` for a bad body,
 * 400 `{message}` for a bad phone id or `after`, 404 for a phone not connected.
 */
export function phoneSimulatorHandlers(inspector: PhoneInspector, live: LiveHub): UnitHandlers<'phones'> {
  return {
    reportPhone: ({ params, body }) => {
      const id = phoneId(params.phoneId);
      const { lines, ...state } = body;
      const before = inspector.log(id, Number.MAX_SAFE_INTEGER)?.phone;
      const view = inspector.report(id, state, lines);
      // A heartbeat with nothing new stays quiet; a new phone, a change of person, app or screen, or new lines do not.
      const changed = !before || (['device', 'userId', 'app', 'screen'] as const).some((k) => before[k] !== view[k]);
      if (changed || lines.length > 0) live.publish({ type: 'phone', phoneId: id });
      return view;
    },
    phones: () => ({ phones: inspector.list() }),
    phoneLog: ({ params, query }) => {
      const id = phoneId(params.phoneId);
      const log = inspector.log(id, query.after ?? 0);
      if (!log) throw notFound(`No phone ${id} is connected`);
      return log;
    },
  };
}
