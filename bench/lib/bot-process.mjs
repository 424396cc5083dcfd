// The webhook receiver of a benchmark's bot, run in a child process of its own as a real bot is:
// answers every POST with 200 at once, then hands the body and the time it arrived to `onBody`.
// Tells its parent its URL over IPC, and ends when the parent goes.
import { createServer } from 'node:http';

/**
 * Listens on a free loopback port.
 * @param {(body: string, at: number) => void} onBody the body as text, and when it had arrived (ms since 1970, sub-ms)
 */
export function serveBot(onBody) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      res.end('{}');
      onBody(Buffer.concat(chunks).toString(), at);
    });
  });
  server.listen(0, '127.0.0.1', () =>
    process.send?.({ url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/webhook` }),
  );
  process.on('disconnect', () => process.exit(0));
}
