/**
 * Mounts the simulator API from its contract ({@link SIMULATOR_API}): one Express route per entry,
 * at the contract's method and path, with the body reader its `bodyKind` names. The handlers are
 * one object with a handler per route name, so a route without a handler, or a handler for a
 * route the contract does not have, does not compile.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AnswerOf, BodyKind, PathParams, RouteSpec } from '../contract/route.js';
import { SIMULATOR_API, SIMULATOR_PREFIX, type SimulatorApi, type SimulatorRoute } from '../contract/simulator-api.js';

/** What a JSON route's handler gets: the path parameters, the query as Express parsed it, the body as its reader left it. */
export interface RouteInput<R extends RouteSpec> {
  params: PathParams<R>;
  query: Record<string, unknown>;
  /** Unchecked: the rule the handler calls checks it (with the contract's schema). A `raw` body is a Buffer. */
  body: unknown;
  req: Request;
  res: Response;
}

/**
 * The handler of one route: a function of its input to its answer for JSON (and empty) answers,
 * which the mount writes (200 JSON, or 204); an Express handler for binary answers and streams,
 * which writes its own.
 */
export type RouteHandler<R extends RouteSpec> = R['answer'] extends 'binary' | 'stream'
  ? RequestHandler
  : (input: RouteInput<R>) => Promise<AnswerOf<R>> | AnswerOf<R>;

/** A handler for every route of the simulator API. */
export type SimulatorHandlers = { [K in SimulatorRoute]: RouteHandler<SimulatorApi[K]> };

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
    if (route.answer === 'binary' || route.answer === 'stream') stack.push(handler as RequestHandler);
    else {
      const handle = handler as (input: RouteInput<RouteSpec>) => unknown;
      const empty = route.answer === 'empty';
      stack.push(async (req, res) => {
        const answer = await handle({ params: req.params as never, query: req.query as Record<string, unknown>, body: req.body, req, res });
        if (empty) res.status(204).end();
        else res.json(answer);
      });
    }
    const path = SIMULATOR_PREFIX + route.path;
    switch (route.method) {
      case 'GET':
        r.get(path, ...stack);
        break;
      case 'POST':
        r.post(path, ...stack);
        break;
      case 'PUT':
        r.put(path, ...stack);
        break;
      case 'PATCH':
        r.patch(path, ...stack);
        break;
      case 'DELETE':
        r.delete(path, ...stack);
        break;
    }
  }
  return r;
}
