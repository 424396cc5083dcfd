/** A raw HTTP client for the security tests: fetch cannot set `Host`, node:http can. */
import { request } from 'node:http';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends one request to 127.0.0.1:`port` with exactly the headers given (`host` included).
 * @param body a string is sent as is (set its Content-Type in `headers`); an object as JSON
 */
export function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Record<string, unknown>,
): Promise<RawAnswer> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const all: Record<string, string> = {
    ...(typeof body === 'object' ? { 'content-type': 'application/json' } : {}),
    ...(text !== undefined ? { 'content-length': String(Buffer.byteLength(text)) } : {}),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: all, setHost: false }, (res) => {
      let out = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (out += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: out }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** A pino logger at `warn` whose lines are kept (parsed) in `lines`. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, sink), lines };
}
