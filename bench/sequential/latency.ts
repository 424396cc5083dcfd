/**
 * Latency of calls made one at a time: the mean and percentiles of a sample of durations, and a
 * client that sends every request over one kept-alive connection (as a test suite's client does).
 */
import { Agent, request } from 'node:http';

/** Mean, median and 99th percentile of a sample of durations, in ms. */
export interface Latency {
  mean: number;
  p50: number;
  p99: number;
  /** Number of measurements. */
  n: number;
}

/**
 * The `p`th percentile of a sample by the nearest-rank method: the smallest value with at least
 * p% of the sample at or below it (so p99 of 1,000 calls is the 990th fastest).
 * @param p 0 < p <= 100
 * @throws RangeError for an empty sample or p outside (0, 100]
 */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new RangeError('no measurements');
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in (0, 100]`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

/**
 * Mean, p50 and p99 of durations (same unit as the sample).
 * @throws RangeError for an empty sample
 */
export function latencyOf(values: number[]): Latency {
  if (values.length === 0) throw new RangeError('no measurements');
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { mean, p50: percentile(values, 50), p99: percentile(values, 99), n: values.length };
}

/** An answer read whole: its status and body as text. */
export interface Answer {
  status: number;
  body: string;
}

/**
 * HTTP requests to one origin over a single kept-alive connection (`node:http` with an Agent of one
 * socket), one at a time: every benchmarked call, embedkit's and a peer's, goes through this.
 */
export class OneConnection {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private readonly host: string;
  private readonly port: number;

  /** @param origin e.g. `http://127.0.0.1:3000` */
  constructor(origin: string) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /**
   * Sends one request (a JSON body when `body` is given) and reads the answer whole.
   * @throws Error when the connection fails
   */
  send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const all: Record<string, string | number> = { ...headers };
    if (payload !== undefined) {
      all['content-type'] = 'application/json';
      all['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const req = request({ host: this.host, port: this.port, method, path, headers: all, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /**
   * ms from sending a request to the end of its answer.
   * @throws Error for a connection failure or an answer other than 2xx (a benchmark of errors is no benchmark)
   */
  async timed(method: string, path: string, headers?: Record<string, string>, body?: unknown): Promise<number> {
    const t0 = performance.now();
    const answer = await this.send(method, path, headers, body);
    const ms = performance.now() - t0;
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
    return ms;
  }

  /** Closes the connection. */
  close(): void {
    this.agent.destroy();
  }
}

/** ms of `calls` sequential calls of `one(i)`, after `warmUp` untimed ones (numbered before them). */
export async function sequential(calls: number, warmUp: number, one: (i: number) => Promise<number>): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await one(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < calls; i++) out.push(await one(i));
  return out;
}
