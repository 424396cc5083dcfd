/**
 * A request to a platform host as embedkit gets it, and embedkit's answer as the client gets it.
 * Method, path, query, headers and body pass as they are (the body streamed); `Host` becomes
 * embedkit's, the original host and scheme travel in `X-Forwarded-Host` and `X-Forwarded-Proto`.
 */

/** Headers of one connection (RFC 9110 §7.6.1), never passed on: the forwarded request is a connection of its own. */
const HOP_BY_HOP = ['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/**
 * The forwarded request: `request`'s method, path, query, headers and body, sent to `origin`.
 * @param origin embedkit's origin that serves the request's host (`http://localhost:8080`)
 */
export function forwardedRequest(request: Request, origin: string): Request {
  const from = new URL(request.url);
  const to = new URL(from.pathname + from.search, origin);
  const headers = new Headers(request.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  headers.set('x-forwarded-host', from.host);
  headers.set('x-forwarded-proto', from.protocol.slice(0, -1));
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(to, {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    // A redirect is the client's to follow, as it would be from the platform.
    redirect: 'manual',
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * embedkit's answer for the client: status, headers and the body as a stream. `fetch` already
 * decoded a compressed body, so its `Content-Encoding` and `Content-Length` (the encoded length)
 * are dropped, else the client would decode it twice.
 */
export function answerOf(res: Response): Response {
  const headers = new Headers(res.headers);
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  // A 1xx, 204 or 304 carries no body, and a Response with one refuses it.
  const body = res.status === 204 || res.status === 304 ? null : res.body;
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}
