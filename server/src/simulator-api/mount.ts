/**
 * Mounts the simulator API from its contract ({@link SIMULATOR_API}): one Express route per entry,
 * at the contract's method and path, with the body reader its `bodyKind` names. The query (its
 * numbers read from their text) and a JSON body are checked against the route's declared schemas at the door, before the handler runs, and refused in
 * the route's error format (`v1-json`: the v1 interface's, else `{message, details}`); the handler
 * gets it typed. The handlers are one object with a handler per route name, so a route without a
 * handler, or a handler for a route the contract does not have, does not compile.
 */
import { Router, type RequestHandler } from 'express';
import type { RouteInput, SimulatorHandlers } from './handlers.js';
import { compile, compileQuery } from '../http/validate.js';
import { shapeRefusal } from '../http/shape-refusal.js';
import type { BodyKind, RouteSpec } from '#contract/route.js';
import { SIMULATOR_API, SIMULATOR_PREFIX, type SimulatorRoute } from '#contract/simulator-api.js';
import { ERROR_FORMATS } from '#contract/errors.js';

/** The body readers of the server, by kind (`http/body.ts` and the units' own). */
export type BodyReaders = Record<BodyKind, RequestHandler>;

/** The router of the whole simulator API. */
export function mountSimulatorApi(handlers: SimulatorHandlers, readers: BodyReaders): Router {
  const r = Router();
  for (const name of Object.keys(SIMULATOR_API) as SimulatorRoute[]) {
    const route: RouteSpec = SIMULATOR_API[name];
    const kind: BodyKind | undefined = route.bodyKind ?? (route.body ? 'json' : undefined);
    const stack: RequestHandler[] = kind ? [readers[kind]] : [];
    const handler = handlers[name] as unknown;
    // Compiled once per route, at its first request.
    const checkBody = route.body && kind !== 'raw' ? compile(route.body) : undefined;
    const checkQuery = route.query ? compileQuery(route.query) : undefined;
    const format = kind === 'v1-json' ? ERROR_FORMATS['v1-bots'] : ERROR_FORMATS.simulator;
    if (route.answer === 'binary' || route.answer === 'stream') stack.push(handler as RequestHandler);
    else {
      const handle = handler as (input: RouteInput<RouteSpec>) => unknown;
      const empty = route.answer === 'empty';
      stack.push(async (req, res) => {
        // A copy: the query's check writes the numbers it reads back into it.
        const query: Record<string, unknown> = { ...req.query };
        const details = [...(checkQuery?.(query) ?? []), ...(checkBody?.(req.body) ?? [])];
        if (details.length) throw shapeRefusal(format, details);
        const answer = await handle({ params: req.params as never, query, body: req.body, req, res });
        if (empty) res.status(204).end();
        else res.json(answer);
      });
    }
    const method = route.method.toLowerCase() as Lowercase<RouteSpec['method']>;
    r.route(SIMULATOR_PREFIX + route.path)[method](...stack);
  }
  return r;
}
