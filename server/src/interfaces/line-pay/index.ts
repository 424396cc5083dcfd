/**
 * LINE Pay (the Online API v3 sandbox) as one unit: its merchants, wallets and payments
 * (`store.ts`), the payments' rules (`service.ts`, `rules.ts`), the API and the payment page on
 * `{linepay_base_url}`, an origin of its own served by its own app, and the simulator routes the
 * host's LINE Pay tool reads on `{base_url}`. See docs/platform/line-pay.md.
 */
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import type { DatabaseOutage } from '../../db/outage.js';
import type { Database } from '../../db/schema.js';
import { originApp } from '../../http/origin-app.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import type { WorldStore } from '../../world/world-store.js';
import { paymentPageRoutes } from './page-routes.js';
import { linePayErrors, linePayNotFound, linePayRoutes } from './routes.js';
import { linePayScenario } from './scenario.js';
import { LinePayService } from './service.js';
import { linePaySimulatorHandlers } from './simulator-routes.js';
import { LinePayStore } from './store.js';

// What the listener and the tests use of this unit.
export { linePayUnavailable } from './routes.js';
export { signatureOf } from './auth.js';
export type { LinePayService } from './service.js';
export type { LinePayStore } from './store.js';

/** LINE Pay as a plugin: its slice of the scenario file (`linePay`). */
export const linePayUnit = { name: 'linePay', scenario: [linePayScenario] } as const satisfies UnitPlugin;

/** The LINE Pay unit: the origin's app, the simulator routes, its services. */
export interface LinePay extends BuiltUnit<'linePay'> {
  /** The app of `{linepay_base_url}`: the API and the payment page. */
  origins: { linepay: [Express] };
  simulator: UnitHandlers<'linePay'>;
  store: LinePayStore;
  service: LinePayService;
}

/**
 * Builds the LINE Pay unit on an open database.
 * @param urls `linepay` (`{linepay_base_url}`, where the payment page is) and `base` (the host, which may frame the page)
 */
export function createLinePay(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  d: { logger: Logger; outage?: DatabaseOutage; urls: () => { base: string; linepay: string } },
): LinePay {
  const store = new LinePayStore(db);
  const baseUrl = () => d.urls().linepay;
  const service = new LinePayService(store, world, clock, baseUrl);
  const app = originApp(
    [linePayRoutes({ service, store }), paymentPageRoutes({ service, world, frameAncestors: () => [d.urls().base] })],
    d.logger,
    { notFound: linePayNotFound, handler: linePayErrors(d.logger, d.outage) },
  );
  return { origins: { linepay: [app] }, simulator: linePaySimulatorHandlers({ service, store, baseUrl }), store, service };
}
