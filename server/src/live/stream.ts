/**
 * The host's live feed as server-sent events (simulator route `liveEvents`): every event of
 * the live hub as `event: <type>` with its JSON, a keep-alive comment every 15 s, and a `retry`
 * hint of 2 s for the browser's reconnection.
 */
import type { RequestHandler } from 'express';
import type { LiveHub } from './hub.js';

/** Comment line sent on an idle live stream, so proxies and browsers keep it open. */
const KEEPALIVE_MS = 15_000;

/** The stream of one client: open until the client goes or the hub closes its streams. */
export function liveStream(live: LiveHub): RequestHandler {
  return (req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // A HEAD gets the headers only; an open stream would hold its socket for nothing.
    if (req.method === 'HEAD') return void res.end();
    res.write('retry: 2000\n: connected\n\n');
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    keepalive.unref?.();
    const unsubscribe = live.subscribe(
      (event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      () => res.end(),
    );
    req.on('close', () => {
      clearInterval(keepalive);
      unsubscribe();
    });
  };
}
