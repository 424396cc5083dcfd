/** The HTTP server every port listens with: slow and malformed clients are answered and cut, never kept. */
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Guards a listening server against slow and malformed clients: a client gets
 * `headersTimeoutMs` to send its headers and `requestTimeoutMs` for the whole request (checked
 * every `min(1 s, headersTimeoutMs / 4)`), then its socket is closed with a 408. Requests Node's
 * parser refuses (headers over 16 KB: 431; malformed: 400) are answered `{message}` too, but for a
 * `HEAD` request (RFC 9110 section 9.3.2: its answer has no content; a client reads any as a next
 * answer), told by the bytes Node's parser refused (`rawPacket`, the chunk it failed in: the request
 * line when the request came in one piece).
 */
export function createGuardedServer(options: { headersTimeoutMs?: number; requestTimeoutMs?: number } = {}): Server {
  const headersTimeout = options.headersTimeoutMs ?? 20_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 60_000, headersTimeout);
  const server = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))) });
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message =
      status === 431
        ? 'The request headers are too large'
        : status === 408
          ? 'The request was not received in time'
          : 'The request could not be parsed as HTTP';
    const body = JSON.stringify({ message });
    const raw = (err as { rawPacket?: unknown }).rawPacket;
    const head = Buffer.isBuffer(raw) && raw.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  });
  return server;
}
