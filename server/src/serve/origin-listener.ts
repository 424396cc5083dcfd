/** What every port of an origin answers with: the Host check, the readiness gate, then the origin's app once the kit is built. */
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { hostChecked, type AllowedHosts } from '../http/guards/host-check.js';
import type { Readiness } from '../http/readiness.js';
import type { SideInterface } from '../interface-urls.js';
import { blockchainUnavailable } from '../interfaces/blockchain/index.js';
import { linePayUnavailable } from '../interfaces/line-pay/index.js';

/**
 * One origin's request listener: the Host check around the readiness gate around the origin's app.
 * @param app the origin's app, undefined until the kit is built
 * @param options `allowedHosts`: the names served besides loopback ones; `logger`: where refusals are logged
 */
export function originListener(
  origin: SideInterface | 'base',
  readiness: Readiness,
  app: () => RequestListener | undefined,
  options: { allowedHosts?: AllowedHosts | undefined; logger: Logger },
): RequestListener {
  // Before the kit (and its clock) exists: the machine's time in the blockchain envelope.
  const unavailable =
    origin === 'blockchain' ? blockchainUnavailable({ now: () => Date.now() }) : origin === 'linepay' ? linePayUnavailable() : undefined;
  return hostChecked(readiness.listener(app, unavailable), options.allowedHosts ?? [], (host, method, url) =>
    options.logger.warn({ host, method, url, origin }, `refused a request for the host ${host ?? '(none)'}: not allowed`),
  );
}
