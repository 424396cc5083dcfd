/**
 * The app of `{base_url}`: the guards every request meets first, then the platform's interfaces
 * B, C, D, E and G, the simulator API, the MCP server, the host and the demo, each router behind a
 * gate (`http/route-gate.ts`). The units' routers, simulator handlers and body readers come from
 * the list of built units (`units.ts`, `builtUnits`), mounted in its order: no unit is named here.
 */
import express, { type Express, type RequestHandler } from 'express';
import { SimulatorClient } from '#contract/client.js';
import { demoLoginRoutes } from '../demo/login-routes.js';
import { DemoLoginSessionStore } from '../demo/login-session-store.js';
import { forgetFoundRows } from '../db/found-once.js';
import type { FaultRegistry } from '../faults/registry.js';
import { faultSimulatorHandlers } from '../faults/simulator-routes.js';
import { adminTokenGuard } from '../http/guards/admin-token.js';
import { jsonBody } from '../http/body.js';
import { crossSiteGuard } from '../http/guards/cross-site.js';
import { errorHandler, notFoundHandler } from '../http/error-handler.js';
import { HEALTH_PATH, READY_PATH } from '../http/readiness.js';
import { requestId } from '../http/request-id.js';
import { gated, gatedAll } from '../http/route-gate.js';
import { lanSimulatorHandlers, type LanState } from '../lan/simulator-routes.js';
import { MCP_PATH, mcpRoutes } from '../mcp/http.js';
import { scenarioExportHandlers } from '../scenario/export-routes.js';
import { worldResetHandlers } from '../scenario/reset.js';
import { mountSimulatorApi } from '../simulator-api/mount.js';
import type { PhoneInspector } from '../phones/inspector.js';
import { phoneSimulatorHandlers } from '../phones/simulator-routes.js';
import { reviewSimulatorHandlers, type ReviewDeps } from '../review/index.js';
import { schemaRoutes } from '../static/schema-routes.js';
import { staticRoutes } from '../static/routes.js';
import { bodyReadersOf, handlersOf, routesOf } from '../unit/unit.js';
import type { BuiltUnits, UnitDeps } from './units.js';

/** What the app of `{base_url}` is built on besides the units. */
export interface BaseAppDeps extends Pick<
  UnitDeps,
  'db' | 'world' | 'clock' | 'logger' | 'live' | 'outage' | 'urls' | 'demoOrigin' | 'headers'
> {
  /** Webhook sending (the bot unit's dispatcher), paused while a reset empties the tables. */
  dispatcher: { stop(): Promise<void>; start(): void };
  adminToken?: string | undefined;
  /** The scenario file the server started with (what `resetWorld` loads without one). */
  scenarioFile: string;
  /** Handlers mounted before every route, by mount path (`EmbedkitOptions.mounts`, built). */
  mounts: Record<string, RequestHandler>;
  lanState: () => LanState | undefined;
  /** The fault gate of `{base_url}` (`faults/gate.ts`), before the platform's and the simulator's routes. */
  faultGate: RequestHandler;
  faults: FaultRegistry;
  /** The phones reporting to this process (the remote inspector; a review reads their logs). */
  phones: PhoneInspector;
  /** The log of the platform calls made for MINI Apps (a review reads it), fed before every platform route. */
  platformCalls: RequestHandler;
  /** What a review of a MINI App runs on (the route `reviewMiniApp`): the world's apps, the session checks and the probes. */
  review: ReviewDeps;
}

/** The app of `{base_url}`: the platform's interfaces B, C, D, E and G, the simulator API, the host and the demo. */
export function baseApp(units: BuiltUnits, d: BaseAppDeps): Express {
  const { db, world, logger, live, outage, urls, headers } = d;
  const baseUrl = () => urls.base;
  const { phones } = d;
  // A reset world (here or in another process on the database): what this process remembers of the old one goes.
  live.subscribe((event) => {
    if (event.type !== 'world') return;
    forgetFoundRows();
    phones.clear();
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // First: a cross-site request to embedkit's own API reads no body and reaches no route.
  app.use(crossSiteGuard(() => [urls.base, urls.deprecated, urls.trialbot, urls.blockchain, d.demoOrigin]));
  // Then the admin token, when one is in force (a server bound beyond loopback), still before any body is read.
  app.use(adminTokenGuard(d.adminToken));
  for (const [path, handler] of Object.entries(d.mounts)) app.use(path, handler);
  // The MCP server for coding agents, behind the same guards; its tools call this kit's simulator API over HTTP.
  app.use(
    MCP_PATH,
    mcpRoutes(() => new SimulatorClient({ baseUrl: urls.base, headers: d.adminToken ? { Authorization: `Bearer ${d.adminToken}` } : {} })),
  );
  app.use(d.faultGate);
  app.use(d.platformCalls);
  app.use(['/v2', '/embed', '/message', '/oauth2', '/friendship'], requestId(headers));
  // Answered by the listener of a running server before any app; here for in-process kits (tests).
  app.get(HEALTH_PATH, (_req, res) => void res.json({ status: 'live', phase: 'ready' }));
  app.get(READY_PATH, (_req, res) => void res.json({ ready: true, phase: 'ready' }));
  app.use(gatedAll(routesOf(units, 'baseFirst')));
  // The simulator API: one handler per route of its contract, from the unit the route names. The
  // mount takes a whole SimulatorHandlers, so leaving a unit out here does not compile.
  app.use(
    gated(
      mountSimulatorApi(
        {
          ...handlersOf(units),
          ...scenarioExportHandlers(db),
          ...worldResetHandlers({
            db,
            clock: d.clock,
            live,
            demoOrigin: d.demoOrigin,
            startedWith: d.scenarioFile,
            dispatcher: d.dispatcher,
          }),
          ...phoneSimulatorHandlers(phones, live),
          ...lanSimulatorHandlers(d.lanState),
          ...faultSimulatorHandlers(d.faults),
          ...reviewSimulatorHandlers(d.review),
        },
        bodyReadersOf(jsonBody, units),
      ),
    ),
  );
  app.use(gatedAll(schemaRoutes()));
  // Before every unit's platform routes: the routers that share paths with another unit's (the bot
  // unit's channel token operations on the social login's paths) pass the rest on.
  app.use(gatedAll(routesOf(units, 'baseShared')));
  app.use(gatedAll(demoLoginRoutes({ world, sessions: new DemoLoginSessionStore(db), clock: d.clock, baseUrl })));
  app.use(gatedAll(routesOf(units, 'base')));
  app.use(staticRoutes());
  app.use(notFoundHandler);
  app.use(errorHandler(logger, outage));
  return app;
}
