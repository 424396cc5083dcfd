/**
 * The server's side of the simulator API's contract, as types: what a handler of a route gets and
 * answers, and the one object of handlers the mount takes (`server/src/simulator-api/mount.ts`). Each
 * unit builds the handlers of the routes the contract gives it ({@link UnitHandlers}), so a handler
 * whose answer does not match the contract's, one missing, or one for a route of another unit does
 * not compile. Types only (Express's, erased at build): no browser bundle reaches this file.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import type { AnswerOf, PathParams, RouteSpec } from '#contract/route.js';
import type { SimulatorApi, SimulatorRoute, SimulatorUnit } from '#contract/simulator-api.js';

/**
 * The body a route's handler gets: a JSON body already checked against the route's schema at the
 * door (`mount.ts`), so of the schema's type; the bytes of a `raw` body; nothing where the route
 * declares none.
 */
export type BodyInput<R extends RouteSpec> = R['bodyKind'] extends 'raw'
  ? Buffer
  : R['body'] extends TSchema
    ? Static<R['body']>
    : undefined;

/** The query a route's handler gets: checked against the route's schema at the door (numbers read from their text). */
export type QueryInput<R extends RouteSpec> = R['query'] extends TSchema ? Static<R['query']> : Record<string, unknown>;

/** What a JSON route's handler gets: the path parameters, the checked query, the checked body. */
export interface RouteInput<R extends RouteSpec> {
  params: PathParams<R>;
  query: QueryInput<R>;
  body: BodyInput<R>;
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

/**
 * The handlers of the routes the contract gives to unit `U` (each route's `unit`), what that unit
 * builds; a union of units takes the routes of each, for a unit made of parts.
 */
export type UnitHandlers<U extends SimulatorUnit> = {
  [K in SimulatorRoute as SimulatorApi[K]['unit'] extends U ? K : never]: RouteHandler<SimulatorApi[K]>;
};
