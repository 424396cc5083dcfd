/**
 * The shape of one HTTP route of a contract shared by the server and its clients: its method, its
 * path with `:name` parameters, the schemas of its query and body, and what it answers. The server
 * mounts a contract's routes from it (`server/src/simulator-api/mount.ts`) and the clients call them
 * through one typed client (`./client.ts`), so a route has one description and both sides derive
 * their types from it. Schemas are TypeBox (JSON Schema); this module holds types and pure helpers
 * only, so that the browser bundle of the host can import it.
 */
import type { Static, TSchema } from '@sinclair/typebox';

/** HTTP methods the simulator API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a request body reaches the server:
 * - `json`: JSON, refused in the bot interface's format (`{message, details}`) when malformed;
 * - `v1-json`: JSON, refused in the v1 format (`{statusCode, statusMessage}`);
 * - `raw`: the bytes as sent, with their `Content-Type` (a file upload).
 */
export type BodyKind = 'json' | 'v1-json' | 'raw';

/**
 * What a route answers:
 * - a schema: a JSON body of that shape, status 200;
 * - `empty`: 204 with no body;
 * - `binary`: bytes with their own content type (a picture, a file); clients use its URL;
 * - `stream`: server-sent events (see `LiveEvents` in `./simulator-api/live-events.ts`).
 */
export type AnswerSpec = TSchema | 'empty' | 'binary' | 'stream';

/** One route of a contract; `U` is the contract's names of the server units that serve its routes. */
export interface RouteSpec<U extends string = string> {
  method: Method;
  /** Below the contract's prefix, starting with `/`; `:name` marks a path parameter. */
  path: `/${string}`;
  /** One line for the route table of the docs. */
  summary: string;
  /** The query parameters a client may send (values are sent as strings). */
  query?: TSchema;
  /** The body: its schema (JSON kinds) or, for `raw`, none. */
  body?: TSchema;
  /** How the body is read; `json` when a body schema is given and this is left out. */
  bodyKind?: BodyKind;
  answer: AnswerSpec;
  /**
   * `public`: a picture the platform hands out as a URL to apps and bots (a profile's `pictureUrl`,
   * a channel's icon), which a page of any origin may show with `<img>`; every other route serves
   * embedkit's own pages only (`http/guards/cross-site.ts`).
   */
  crossSite?: 'public';
  /**
   * The unit of the server that serves the route: the server types each unit's handlers from the
   * routes that name it, so a route moves to another unit by changing this name. Clients ignore it.
   */
  unit: U;
}

/** The names of a path's `:name` parameters, e.g. `"chatId" | "messageId"`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a route as an object of strings. */
export type PathParams<R extends RouteSpec> = { [K in PathParamNames<R['path']>]: string };

/** The query a client sends (each value is turned into a string). */
export type QueryOf<R extends RouteSpec> = R['query'] extends TSchema ? Static<R['query']> : never;

/** The body a client sends: the schema's type, or the bytes of a `raw` body. */
export type BodyOf<R extends RouteSpec> = R['bodyKind'] extends 'raw'
  ? Blob | Uint8Array
  : R['body'] extends TSchema
    ? Static<R['body']>
    : never;

/** What a route answers, as a type: the schema's type, `void` for `empty`, `never` for binary and streams. */
export type AnswerOf<R extends RouteSpec> = R['answer'] extends TSchema ? Static<R['answer']> : R['answer'] extends 'empty' ? void : never;

/** Whether a route answers JSON (so that a client can `call` it), as a type. */
export type AnswersJson<R extends RouteSpec> = R['answer'] extends TSchema ? true : R['answer'] extends 'empty' ? true : false;

/** The input of a call: `params` when the path has parameters, `query` and `body` when the route takes them. */
export type CallInput<R extends RouteSpec> = ([PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<R> }) &
  ([QueryOf<R>] extends [never] ? { query?: undefined } : { query?: QueryOf<R> }) &
  ([BodyOf<R>] extends [never] ? { body?: undefined } : { body: BodyOf<R>; contentType?: string });

/** A contract: routes by name, each served by one of the units `U`. */
export type Contract<U extends string = string> = Record<string, RouteSpec<U>>;

/**
 * Declares a contract, checking each entry against {@link RouteSpec} and keeping its literal types
 * (the method, the path, the schemas and the unit), from which the server's handlers and the
 * client's calls take their types. Write the routes `satisfies Contract<Units>` to hold their
 * units to a closed list.
 */
export function defineContract<const C extends Contract>(routes: C): C {
  return routes;
}

/** A regular expression matching a route's path (below the prefix given) with any value of each parameter. */
export function pathPattern(prefix: string, path: string): RegExp {
  const escaped = (prefix + path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * A route's path with its parameters filled in (each encoded with `encodeURIComponent`) and its
 * query appended (`undefined` values left out).
 * @throws Error when a parameter of the path is missing
 */
export function fillPath(path: string, params: Record<string, string> | undefined, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(value);
  });
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) q.set(k, String(v));
  return q.size ? `${filled}?${q.toString()}` : filled;
}
