/**
 * The one client of the simulator API, built from {@link SIMULATOR_API}: the host (same origin, in
 * the browser), the CLI and `embedkit/testing` (Node) call a route by its name with typed
 * parameters, query and body, and get its typed answer. Runs on `fetch` only, so both the browser
 * bundle and Node use it. Also reads the answers of the platform's own calls the host makes
 * ({@link readAnswer}, {@link HttpError}).
 */
import { fillPath, type AnswerOf, type CallInput } from './route.js';
import { SIMULATOR_API, SIMULATOR_PREFIX, type SimulatorApi, type SimulatorRoute } from './simulator-api.js';

/** A `fetch`-compatible function, so tests can answer without a server. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** An answer's status and body: JSON parsed, other text as it came, null when empty. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A non-2xx answer of a call: the HTTP status, the server's readable message and the body as it came. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/**
 * The readable message of an error body, whichever interface answered: `{message}` with its
 * `details` (bot, social, embedded and simulator APIs), `{error_description}` / `{error}` (OAuth),
 * `{statusMessage}` (v1). Falls back to the status text, then to "HTTP <status>".
 */
export function errorMessageOf(body: unknown, status: number, statusText = ''): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'statusMessage']) {
      const v = b[key];
      if (typeof v === 'string' && v) return key === 'message' ? v + detailsText(b.details) : v;
    }
  }
  return statusText || `HTTP ${status}`;
}

/**
 * The `details` of a platform error body as text appended to its message, so that a reader sees
 * which property is wrong: `: messages[0].text: must be specified; ...` ("" without details).
 */
function detailsText(details: unknown): string {
  if (!Array.isArray(details) || details.length === 0) return '';
  const parts = details.map((d: { property?: unknown; message?: unknown }) =>
    typeof d?.property === 'string' && d.property ? `${d.property}: ${String(d.message)}` : String(d?.message),
  );
  return `: ${parts.join('; ')}`;
}

/** Reads the whole body of `res`: JSON parsed, other text as it came, null when empty. @throws when the body cannot be read */
export async function readAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body };
}

/**
 * The parsed JSON body of a 2xx answer (undefined when empty or not JSON).
 * @throws HttpError for a non-2xx answer, with the status and the body's readable message
 */
export async function answerOrThrow<T>(res: Response): Promise<T> {
  const { status, body } = await readAnswer(res);
  if (!res.ok) throw new HttpError(status, errorMessageOf(body, status, res.statusText), body);
  return (body === null || typeof body === 'string' ? undefined : body) as T;
}

/** Options of a {@link SimulatorClient}. */
export interface SimulatorClientOptions {
  /** The origin of `{base_url}`, e.g. `http://localhost:8080`; "" for the page's own origin. */
  baseUrl?: string;
  fetch?: Fetch;
  /** Headers of every call (the admin token's `Authorization` of a server beyond loopback). */
  headers?: Record<string, string>;
  /** `same-origin` in the host, so the admin token's cookie goes along. */
  credentials?: RequestInit['credentials'];
}

/** The routes of the simulator API that answer JSON (or nothing), which {@link SimulatorClient.call} can call. */
export type CallableRoute = {
  [K in SimulatorRoute]: SimulatorApi[K]['answer'] extends 'binary' | 'stream' ? never : K;
}[SimulatorRoute];

/** The routes of the simulator API that answer a stream, which {@link SimulatorClient.open} opens. */
export type StreamRoute = { [K in SimulatorRoute]: SimulatorApi[K]['answer'] extends 'stream' ? K : never }[SimulatorRoute];

/** The input of each route's call, by name. */
export type SimulatorInputs = { [K in SimulatorRoute]: CallInput<SimulatorApi[K]> };
/** The answer of each route, by name. */
export type SimulatorAnswers = { [K in SimulatorRoute]: AnswerOf<SimulatorApi[K]> };

/** The arguments of a call after the route's name: its input, which may be left out when every part of it is optional. */
export type SimulatorCallArgs = {
  [K in SimulatorRoute]: Record<never, never> extends SimulatorInputs[K] ? [input?: SimulatorInputs[K]] : [input: SimulatorInputs[K]];
};

/** Client of the simulator API of one embedkit. */
export class SimulatorClient {
  private readonly baseUrl: string;
  private readonly fetchFn: Fetch;

  constructor(private readonly options: SimulatorClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The absolute URL (or the path, with `baseUrl` "") of a route, e.g. a picture's for an `<img>`. */
  url<K extends SimulatorRoute>(name: K, input: Pick<SimulatorInputs[K], 'params' | 'query'>): string {
    const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
    return this.baseUrl + SIMULATOR_PREFIX + fillPath(SIMULATOR_API[name].path, params, query);
  }

  /**
   * Sends one call and reads its answer whatever the status (for callers that word each refusal
   * themselves, as the CLI does).
   * @throws Error (fetch's) when nothing answers
   */
  async send<K extends CallableRoute>(name: K, input: SimulatorInputs[K]): Promise<Answer> {
    return readAnswer(await this.fetchRoute(name, input as RawInput));
  }

  /**
   * Calls a route and resolves with its typed answer.
   * @throws HttpError for a non-2xx answer (the status and the server's message)
   */
  call<K extends CallableRoute>(name: K, ...args: SimulatorCallArgs[K]): Promise<NoInfer<SimulatorAnswers[K]>> {
    // NoInfer in the signature: a caller's declared return type (`Promise<World>`) would otherwise make the
    // compiler infer the route back from the answer, through every route's schema (TS2589, too deep).
    // Typed by the signature: the answer's shape is the contract's (the server's handlers are checked against it).
    return this.fetchRoute(name, (args[0] ?? {}) as RawInput).then((res) => answerOrThrow<never>(res));
  }

  /**
   * {@link call}, with a refusal turned into the caller's own error (the CLI's, the test kit's).
   * @param refusal makes the error to throw of a non-2xx answer
   * @throws what `refusal` makes, for a non-2xx answer
   */
  callOr<K extends CallableRoute>(
    refusal: (e: HttpError) => Error,
    name: K,
    ...args: SimulatorCallArgs[K]
  ): Promise<NoInfer<SimulatorAnswers[K]>> {
    return this.call(name, ...args).catch((e: unknown) => {
      throw e instanceof HttpError ? refusal(e) : e;
    });
  }

  /**
   * Opens a route that answers a stream (the live feed's server-sent events) and resolves once its
   * headers came, for the caller to read the body until `signal` aborts it.
   * @throws HttpError for a non-2xx answer; Error (fetch's) when nothing answers or `signal` aborted
   */
  async open<K extends StreamRoute>(name: K, input: SimulatorInputs[K], signal?: AbortSignal): Promise<Response> {
    const res = await this.fetchRoute(name, input as RawInput, signal);
    if (!res.ok) await answerOrThrow(res);
    return res;
  }

  private fetchRoute(name: SimulatorRoute, input: RawInput, signal?: AbortSignal): Promise<Response> {
    const route = SIMULATOR_API[name];
    const { body, contentType } = input;
    const headers: Record<string, string> = { Accept: 'application/json', ...this.options.headers };
    const init: RequestInit = { method: route.method, headers };
    if (signal) init.signal = signal;
    if (this.options.credentials) init.credentials = this.options.credentials;
    if ('bodyKind' in route && route.bodyKind === 'raw') {
      headers['Content-Type'] = contentType || 'application/octet-stream';
      init.body = body as RequestInit['body'];
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return this.fetchFn(this.baseUrl + SIMULATOR_PREFIX + fillPath(route.path, input.params, input.query), init);
  }
}

/** A call's input as the transport sees it. */
interface RawInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  contentType?: string;
}
