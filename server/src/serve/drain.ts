/** Closing a listening server without cutting the requests it is answering, within a bound. */
import type { Server } from 'node:http';

/**
 * Stops accepting connections and waits for the open ones to finish their requests, for at most
 * `drainMs`; idle keep-alive connections are closed as soon as they are idle, the rest are cut
 * when the time is up.
 * @returns when the server is closed (at once when it was not listening)
 */
export function drain(server: Server, drainMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const idle = setInterval(() => server.closeIdleConnections(), 25);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
    if (drainMs <= 0) server.closeAllConnections();
  });
}
