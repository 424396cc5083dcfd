/**
 * The simulator API's `phones` unit: the remote inspector, where host pages on phones report and
 * the desktop's host reads (docs/guide/phones.md), with its schemas.
 * Its handlers: `server/src/phones/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';
import { Nullable, StringEnum } from '../schema-builders.js';
import { MAX_TRACE_JSON } from '../bridge/trace.js';

/**
 * One line of a phone's bridge log as the remote inspector carries it (docs/guide/phones.md): the host
 * page of the phone renders it to text first, with tokens redacted, so what crosses is what the
 * desktop shows. `at`: epoch ms on the phone; `seq`: the server's number of the line (rising per
 * phone), set when stored. `call`: a bridge call (`args` and `outcome` as text, `durationMs` in ms);
 * `rejected`: a message the bridge refused (`text`, `origin`); `notice`: a tolerance the SDK applied
 * (its kind in `method`); `app`: a line of the app's console, an uncaught error, or a request the app
 * made (`appKind`, `text`, `level`, `method`, `url`, `status`, `durationMs`).
 */
export const PhoneLogLineSchema = Type.Object(
  {
    seq: Type.Optional(Type.Integer({ minimum: 0 })),
    kind: StringEnum(['call', 'rejected', 'notice', 'app'] as const),
    at: Type.Number(),
    method: Type.Optional(Type.String({ maxLength: 100 })),
    // A trace entry of the LIFF plugin (a share message) is longer than a call's arguments.
    args: Type.Optional(Type.String({ maxLength: MAX_TRACE_JSON })),
    ok: Type.Optional(Type.Boolean()),
    outcome: Type.Optional(Type.String({ maxLength: 2000 })),
    durationMs: Type.Optional(Type.Number({ minimum: 0 })),
    origin: Type.Optional(Type.String({ maxLength: 500 })),
    appKind: Type.Optional(StringEnum(['console', 'error', 'request'] as const)),
    level: Type.Optional(StringEnum(['log', 'info', 'warn', 'error'] as const)),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    text: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type PhoneLogLine = Static<typeof PhoneLogLineSchema>;

/**
 * A host page connected to this server, as the desktop's inspector lists it: the id it keeps in
 * its session storage, the device it plays, the person signed in, the app open in it (null when
 * none), the screen it runs on, when it last reported (epoch ms, wall time) and how many log lines
 * the server holds of it.
 */
export const PhoneViewSchema = Type.Object({
  phoneId: Type.String(),
  device: Type.String(),
  userId: Type.String(),
  app: Nullable(Type.String()),
  screen: Type.String(),
  lastSeen: Type.Number(),
  lines: Type.Integer(),
});
export type PhoneView = Static<typeof PhoneViewSchema>;

/** The connected phones, most recently seen first. */
export const PhonesSchema = Type.Object({ phones: Type.Array(PhoneViewSchema) });

/** A phone's log lines after a `seq`, oldest first (the server keeps the newest only). */
export const PhoneLogSchema = Type.Object({ phone: PhoneViewSchema, lines: Type.Array(PhoneLogLineSchema) });

/** Most lines one report of a phone carries (a phone sends its new lines a few times a second). */
export const MAX_PHONE_REPORT_LINES = 100;

/**
 * Body of a phone's report to the remote inspector (docs/guide/phones.md): who and where it is now, and
 * its log lines since its last report (none: a heartbeat).
 */
export const PhoneReportBodySchema = Type.Object(
  {
    device: Type.String({ minLength: 1, maxLength: 200 }),
    userId: Type.String({ minLength: 1, maxLength: 100 }),
    app: Nullable(Type.String({ maxLength: 200 })),
    screen: Type.String({ maxLength: 100 }),
    lines: Type.Array(PhoneLogLineSchema, { maxItems: MAX_PHONE_REPORT_LINES }),
  },
  { additionalProperties: false },
);

/** Query of a phone's log: the lines after `after` (a `seq`), default all the server holds. */
export const PhoneLogQuerySchema = Type.Object({
  /** The seq of the last line read: the lines after it (default 0, all kept). */
  after: Type.Optional(
    Type.Integer({
      minimum: 0,
      platformErrors: { type: 'must be a seq: an integer of 0 or more', minimum: 'must be a seq: an integer of 0 or more' },
    }),
  ),
});

/** The `phones` unit's routes, one slice of `SIMULATOR_API`. */
export const PHONES_ROUTES = defineContract({
  reportPhone: {
    method: 'POST',
    path: '/phones/:phoneId/reports',
    summary: 'a host page reports its device, person, open app and new bridge log lines (live feed: phone)',
    body: PhoneReportBodySchema,
    answer: PhoneViewSchema,
    unit: 'phones',
  },
  phones: { method: 'GET', path: '/phones', summary: 'the host pages connected to this server', answer: PhonesSchema, unit: 'phones' },
  phoneLog: {
    method: 'GET',
    path: '/phones/:phoneId/log',
    summary: 'a connected host page’s bridge log lines after a seq',
    query: PhoneLogQuerySchema,
    answer: PhoneLogSchema,
    unit: 'phones',
  },
} satisfies Contract<'phones'>);
