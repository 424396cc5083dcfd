/**
 * What a listening server answers while it is not serving: before it is ready
 * (migrations and the scenario still running) and while it drains on shutdown. A request is never
 * left hanging: it is held until the server is ready (at most `holdMs`), else answered `503` with
 * `Retry-After`, in the error format of the interface it addressed. Liveness and readiness answer
 * at once, so a load balancer or a test runner can poll them.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { PROBE_PATHS } from '#contract/simulator-api.js';
import { RETRY_AFTER_S, unavailableByPath, type UnavailableBody } from './error-format.js';

/** Liveness: 200 whenever the process answers HTTP. */
export const HEALTH_PATH = PROBE_PATHS.health;
/** Readiness: 200 when the server serves requests, 503 while it starts or drains. */
export const READY_PATH = PROBE_PATHS.ready;

/** Where a server is in its life. */
export type ServerPhase = 'starting' | 'ready' | 'draining' | 'failed';

/** Writes a 503 with `Retry-After` and a JSON body. */
export function sendUnavailable(res: ServerResponse, body: Record<string, unknown>): void {
  if (res.headersSent) return void res.end();
  const text = JSON.stringify(body);
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Retry-After': String(RETRY_AFTER_S),
  });
  res.end(text);
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The phase of one server, shared by all its listening sockets, and the request listener of each
 * origin.
 */
export class Readiness {
  private current: ServerPhase = 'starting';
  private readonly waiting = new Set<() => void>();

  /** @param holdMs how long a request that arrives while starting is held before a 503 (ms) */
  constructor(private readonly holdMs = 30_000) {}

  get phase(): ServerPhase {
    return this.current;
  }

  /** Moves to a phase; requests held while starting are released (served or refused). */
  set(phase: ServerPhase): void {
    this.current = phase;
    if (phase !== 'starting') for (const release of [...this.waiting]) release();
  }

  /**
   * The request listener of one origin: health and readiness at once; other requests go to
   * `app()` when ready, wait while starting, get a 503 while draining or after a failed start.
   * @param app the origin's app, known once the server is ready
   */
  listener(app: () => RequestListener | undefined, unavailable: UnavailableBody = unavailableByPath): RequestListener {
    return (req, res) => {
      const path = pathOf(req);
      if (path === HEALTH_PATH) return void json(res, 200, { status: 'live', phase: this.current });
      if (path === READY_PATH) {
        if (this.current === 'ready') return void json(res, 200, { ready: true, phase: this.current });
        res.setHeader('Retry-After', String(RETRY_AFTER_S));
        return void json(res, 503, { ready: false, phase: this.current });
      }
      const serve = () => {
        const target = app();
        if (this.current === 'ready' && target) return void target(req, res);
        const why = this.current === 'draining' ? 'The server is shutting down' : 'The server is starting';
        sendUnavailable(res, unavailable(path, `${why}; retry in ${RETRY_AFTER_S} s`));
      };
      if (this.current !== 'starting') return serve();
      const release = () => {
        clearTimeout(timer);
        this.waiting.delete(release);
        serve();
      };
      const timer = setTimeout(release, this.holdMs);
      this.waiting.add(release);
      res.once('close', () => {
        // The client gave up before the server was ready: nothing to answer.
        if (this.waiting.delete(release)) clearTimeout(timer);
      });
    };
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
