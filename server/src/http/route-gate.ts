/**
 * A gate in front of a router: a request goes in only when its path can match one of the
 * router's own paths.
 *
 * Why: Express tries every layer of every router in turn. A `/v2/bot` call walked past about
 * 170 layers of the simulator API, the social login and the other bot APIs before its own, and
 * that matching cost more per request than the token check and the query behind it (measured
 * with `npm run bench -- http sequential`; docs/project/benchmarks.md, "Where a request's time goes").
 *
 * The gate reads what each layer was declared with (`rawPath`, router 2.x) and keeps the literal
 * start of each path, up to its first parameter, wildcard or optional part: a path that does not
 * begin with one of them cannot match that layer. When a layer's path cannot be read (a regular
 * expression, a middleware mounted on every path, a router of another shape), the gate lets
 * every request in: it only ever saves work, never changes which route answers.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What the gate reads of a router layer (router 2.x's `Layer`). */
interface LayerLike {
  rawPath?: unknown;
  slash?: boolean;
  route?: { path?: unknown };
  handle?: { stack?: unknown };
}

/** Characters that end a path's literal start in path-to-regexp 8 (parameters, wildcards, groups, escapes). */
const SPECIAL = /[:*{}()?+\\[\]]/;

/** The literal start of a declared path, lower-cased (routing is case-insensitive); undefined when it has none. */
function literalStart(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const cut = path.search(SPECIAL);
  return (cut === -1 ? path : path.slice(0, cut)).toLowerCase();
}

/**
 * The literal starts of every path a router's layers can match, or undefined when some layer can
 * match any path (or cannot be read).
 */
export function pathStartsOf(handler: unknown): string[] | undefined {
  const stack = (handler as LayerLike['handle'])?.stack;
  if (!Array.isArray(stack)) return undefined;
  const starts: string[] = [];
  for (const layer of stack as LayerLike[]) {
    const paths = Array.isArray(layer.rawPath) ? (layer.rawPath as unknown[]) : [layer.rawPath];
    if (layer.slash) {
      // Mounted on every path: only a router whose own paths are readable narrows it.
      const inner = layer.route ? undefined : pathStartsOf(layer.handle);
      if (!inner) return undefined;
      starts.push(...inner);
      continue;
    }
    for (const p of paths) {
      const start = literalStart(p);
      // An empty or bare "/" start matches everything: nothing to gate on.
      if (start === undefined || start === '' || start === '/') return undefined;
      starts.push(start);
    }
  }
  return starts;
}

/**
 * Wraps a router (or an array of them, each gated alone) so that a request whose path starts with
 * none of the router's literal path starts skips it. The router's paths are read on the first
 * request, when every route is declared.
 * @returns the handler to mount where the router was mounted (on `/`)
 */
export function gated(router: RequestHandler): RequestHandler {
  let starts: string[] | null | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (starts === undefined) starts = pathStartsOf(router) ?? null;
    if (starts !== null) {
      const path = req.path.toLowerCase();
      if (!starts.some((s) => path.startsWith(s))) return next();
    }
    return router(req, res, next);
  };
}

/** {@link gated} for what `app.use` takes: one router, or an array of routers each gated alone. */
export function gatedAll(routers: RequestHandler | readonly RequestHandler[]): RequestHandler[] {
  return (Array.isArray(routers) ? routers : [routers]).map((r: RequestHandler) => gated(r));
}
