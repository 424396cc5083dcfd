/**
 * The door of a platform route: its path parameters, query and body checked against the schemas
 * it declares, before its handler runs, and refused in its interface's error format
 * (`contract/src/errors.ts`, {@link ErrorFormat}) with every finding of every part. The handler
 * gets the three parts typed as their schemas say (TypeBox `Static<>`), so shape checks and casts
 * leave the services, and the rules that need the world (a chat exists, a quota) stay there.
 *
 * The simulator API has the same door in its mount (`simulator-api/mount.ts`), which reads the
 * schemas from its contract; the platform's routes declare theirs where they are mounted.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import { compile, compileQuery, type Check, type ErrorDetail } from './validate.js';
import type { ApiError } from './errors.js';
import { shapeRefusal, type DoorFormat } from './shape-refusal.js';

/**
 * How a part of a request is declared: a TypeBox schema, or a compiled check of a shape that a
 * schema alone cannot state (the message validator's `BodyCheck`: `null` read as absent, nesting
 * depth, the rules between fields), typed by the value it passes.
 */
export type PartSpec = TSchema | Check<unknown>;

/**
 * The declared shape of a request. A query schema sees the values as Express parses them (strings,
 * or arrays of strings for a repeated name), so it declares strings with patterns and the handler
 * converts them; unknown query names pass unless the schema says otherwise, as on the platform.
 * A missing body is read as `{}`, so that each required field is named.
 */
export interface RequestShape {
  params?: PartSpec;
  query?: PartSpec;
  body?: PartSpec;
  /**
   * Findings of shape rules no schema states (a URL's host, one field against another), over the
   * raw parts, reported with the schemas' in one refusal; an empty list when there are none. Rules
   * that need the world stay in the services.
   */
  rules?: (parts: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }) => ErrorDetail[];
}

type Part<S extends RequestShape, K extends 'params' | 'query' | 'body', Else> = S[K] extends TSchema
  ? Static<S[K]>
  : S[K] extends Check<infer T>
    ? T
    : Else;

/** What a handler behind the door gets: each declared part of its schema's type. */
export interface CheckedRequest<S extends RequestShape> {
  params: Part<S, 'params', Record<string, string>>;
  query: Part<S, 'query', Record<string, unknown>>;
  body: Part<S, 'body', unknown>;
}

/** A handler behind the door: it writes its own answer (status and body vary by operation). */
export type CheckedHandler<S extends RequestShape> = (input: CheckedRequest<S>, req: Request, res: Response) => unknown;

/**
 * A door for the routes of one interface.
 * @param format the interface's error format (`ERROR_FORMATS` in the contract), or for an
 *   interface that writes its own envelope (blockchain) the function that writes its refusal
 * @returns `checked(shape, handler)`: an Express handler that compiles the shape's schemas once
 *   (at the first request), refuses a request that breaks them
 *   with a 400 in `format` (`shapeRefusal`, details naming the parameter, or the path in the
 *   body), and otherwise runs `handler` with the typed parts. An error the handler throws or
 *   rejects with reaches Express's error handler.
 */
export function door(
  format: DoorFormat | ((details: ErrorDetail[]) => ApiError),
): <S extends RequestShape>(shape: S, handler: CheckedHandler<S>) => RequestHandler {
  const refusal = typeof format === 'function' ? format : (details: ErrorDetail[]) => shapeRefusal(format, details);
  return (shape, handler) => {
    const checks = partChecks(shape);
    return async (req, res) => {
      const body: unknown = req.body === undefined ? {} : req.body;
      // A copy: the query's check writes the numbers it reads back into it (Express parses it anew per read).
      const parts = { params: req.params, query: { ...(req.query as Record<string, unknown>) }, body };
      const details: ErrorDetail[] = [];
      for (const [part, check] of checks) {
        const found = check(parts[part]);
        if (found) details.push(...(part === 'body' ? found : found.map((d) => at(part, d))));
      }
      // A rule may find what a schema found too (a missing field): each finding is reported once.
      if (shape.rules)
        for (const d of shape.rules(parts)) if (!details.some((x) => x.property === d.property && x.message === d.message)) details.push(d);
      if (details.length) throw refusal(details);
      await handler(parts as never, req, res);
    };
  };
}

function partChecks(shape: RequestShape): Array<['params' | 'query' | 'body', Check<unknown>]> {
  const out: Array<['params' | 'query' | 'body', Check<unknown>]> = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const spec = shape[part];
    if (spec) out.push([part, typeof spec === 'function' ? spec : part === 'query' ? compileQuery(spec) : compile(spec)]);
  }
  return out;
}

/** A finding of a path parameter or query parameter, named as a client reads it (`limit`). */
function at(part: 'params' | 'query', d: ErrorDetail): ErrorDetail {
  return d.property === undefined ? { ...d, property: part } : d;
}
