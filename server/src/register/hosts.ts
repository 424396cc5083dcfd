/**
 * The platform's hosts that `embedkit/register` sends to embedkit, and which of embedkit's origins
 * serves each. A leaf module: the routing and its start line read it, and docs/guide/register.md
 * lists the same hosts.
 */

/**
 * An origin of embedkit a platform host is sent to: `base` (`{base_url}`), `trialbot`
 * (`{trialbot_url}`), `blockchain` (`{blockchain_url}`), `linepay` (LINE Pay's
 * `{linepay_base_url}`, read from the running embedkit's `urls.linepay`).
 */
export type RoutedOrigin = 'base' | 'trialbot' | 'blockchain' | 'linepay';

/**
 * Each routed host (lower case, no port) and the origin that serves it. The hosts are the ones the
 * published references and clients write in: the Messaging API, LINE Login and the LIFF server API on
 * `api.line.me`, its data paths on `api-data.line.me`, the login's `access.line.me`; the BOT API Trial's
 * `trialbot-api.line.me`; LINE Blockchain Developers' `api.blockchain.line.me` and its test host;
 * LINE Pay's production and sandbox hosts (`line-pay-merchant` writes in the sandbox's for
 * `env: 'development'`). Every other host is left alone.
 */
export const ROUTED_HOSTS: Readonly<Record<string, RoutedOrigin>> = {
  'api.line.me': 'base',
  'api-data.line.me': 'base',
  'access.line.me': 'base',
  'trialbot-api.line.me': 'trialbot',
  'api.blockchain.line.me': 'blockchain',
  'test-api.blockchain.line.me': 'blockchain',
  'api-pay.line.me': 'linepay',
  'sandbox-api-pay.line.me': 'linepay',
};

/** The origin a URL's host is routed to, or undefined for a host embedkit leaves alone. */
export function routedOriginOf(url: URL): RoutedOrigin | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return Object.hasOwn(ROUTED_HOSTS, url.hostname) ? ROUTED_HOSTS[url.hostname] : undefined;
}

/** Embedkit's origins as the running embedkit announces them; `linepay` absent when it serves no LINE Pay. */
export type EmbedkitOrigins = Partial<Record<RoutedOrigin, string>>;

/**
 * The start line's routes: each origin and the hosts sent to it, in {@link ROUTED_HOSTS}' order
 * (`api.line.me, api-data.line.me, access.line.me → http://localhost:8080; ...`); hosts whose origin
 * embedkit does not serve are named as refused.
 */
export function describeRoutes(origins: EmbedkitOrigins): string {
  const byOrigin = new Map<RoutedOrigin, string[]>();
  for (const [host, origin] of Object.entries(ROUTED_HOSTS)) byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), host]);
  return [...byOrigin]
    .map(([origin, hosts]) => `${hosts.join(', ')} → ${origins[origin] ?? `refused (this embedkit serves no ${origin} origin)`}`)
    .join('; ');
}
