/**
 * The ports of the origins: `{base_url}` on the main port, then each side origin on its own
 * (default the main port + 1, + 2, + 3), on loopback over IPv4 and IPv6 unless a host is chosen.
 */
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIDE_INTERFACES, type SideInterface } from '../interface-urls.js';
import { createGuardedServer } from './guarded-server.js';
import type { ServeOptions } from './options.js';
import { PortInUseError } from './port-errors.js';

/** What binding a port reads of the options. */
type BindOptions = Pick<ServeOptions, 'host' | 'headersTimeoutMs' | 'requestTimeoutMs'>;

/**
 * Binds the main port, then each side origin's (default the main port + 1, + 2, + 3, or free ones
 * when the main port is 0). Every bound server is pushed to `servers`, so a caller can close them
 * when a later one fails.
 * @param listenerOf the request listener of an origin's port
 * @returns the bound ports (real ones where 0 was asked)
 * @throws PortInUseError when a port is taken
 */
export async function bindOrigins(
  options: BindOptions & Pick<ServeOptions, 'port' | 'ports'>,
  listenerOf: (origin: SideInterface | 'base') => RequestListener,
  servers: Server[],
): Promise<{ port: number; ports: Record<SideInterface, number> }> {
  const bind = (port: number, origin: SideInterface | 'base') => bindOrigin(port, origin, options, listenerOf(origin), servers);
  const port = await bind(options.port, 'base');
  const ports = {} as Record<SideInterface, number>;
  for (const [i, name] of SIDE_INTERFACES.entries()) {
    ports[name] = await bind(options.ports?.[name] ?? (options.port === 0 ? 0 : options.port + 1 + i), name);
  }
  return { port, ports };
}

/**
 * Binds one origin's port on the chosen address; on loopback (no `host`) also on `::1` at the same
 * port when the machine has IPv6, because browsers may resolve `localhost` to `::1` first.
 * @returns the bound port
 * @throws PortInUseError when the port is taken
 */
async function bindOrigin(
  port: number,
  origin: SideInterface | 'base',
  options: BindOptions,
  listener: RequestListener,
  servers: Server[],
): Promise<number> {
  const guard = { headersTimeoutMs: options.headersTimeoutMs, requestTimeoutMs: options.requestTimeoutMs };
  const v4 = createGuardedServer(guard);
  v4.on('request', listener);
  await listen(v4, port, options.host ?? '127.0.0.1').catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'EADDRINUSE' ? new PortInUseError(port, origin) : e;
  });
  servers.push(v4);
  const bound = (v4.address() as AddressInfo).port;
  if (options.host === undefined) {
    const v6 = createGuardedServer(guard);
    v6.on('request', listener);
    await listen(v6, bound, '::1').then(
      () => servers.push(v6),
      () => undefined,
    );
  }
  return bound;
}

/**
 * Starts a server listening on `host:port`.
 * @throws the listen error (`EADDRINUSE`, `EADDRNOTAVAIL`...) as Node gives it
 */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
