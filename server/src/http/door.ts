/**
 * The door of a platform route: its path parameters, query and body checked against the schemas
 * it declares, before its handler runs, and refused in its interface's error format
 * (`contract/src/errors.ts`, {@link ErrorFormat}) with every finding of every part. The handler
 * gets the three parts typed as their schemas say (TypeBox `Static<>`), so shape checks and casts
 * leave the services, and the rules that need the world (a chat exists, a quota) stay there.
 *
 * The simulator API has the same door in its mount (`simulator/mount.ts`), which reads the
 * schemas from its contract; the platform's routes declare theirs where they are mounted.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import { compile, type Check, type ErrorDetail } from './validate.js';
import type { ApiError } from './errors.js';
import { shapeRefusal, type DoorFormat } from './shape-refusal.js';

/**
 * The declared shape of a request. A query schema sees the values as Express parses them (strings,
 * or arrays of strings for a repeated name), so it declares strings with patterns and the handler
 * converts them; unknown query names pass unless the schema says otherwise, as on the platform.
 */
export interface RequestShape {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
}

type Part<S extends RequestShape, K extends keyof RequestShape, Else> = S[K] extends TSchema ? Static<S[K]> : Else;

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
 *   (at the first request, or at start through `compileAll`), refuses a request that breaks them
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
      const details: ErrorDetail[] = [];
      for (const [part, check] of checks) {
        const found = check(req[part]);
        if (found) details.push(...(part === 'body' ? found : found.map((d) => at(part, d))));
      }
      if (details.length) throw refusal(details);
      await handler({ params: req.params, query: req.query, body: req.body as unknown } as never, req, res);
    };
  };
}

function partChecks(shape: RequestShape): Array<['params' | 'query' | 'body', Check<unknown>]> {
  const out: Array<['params' | 'query' | 'body', Check<unknown>]> = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = shape[part];
    if (schema) out.push([part, compile(schema)]);
  }
  return out;
}

/** A finding of a path parameter or query parameter, named as a client reads it (`limit`). */
function at(part: 'params' | 'query', d: ErrorDetail): ErrorDetail {
  return d.property === undefined ? { ...d, property: part } : d;
}
