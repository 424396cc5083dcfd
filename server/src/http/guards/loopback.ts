/**
 * Loopback host names: where plain http is accepted for app and callback URLs (the platform asks
 * for https; a developer's own machine is the exception), and where a server bound there is
 * reachable by this machine only.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * True for localhost and its subdomains, any 127.x.x.x address, and ::1 (a URL's `[::1]`, or
 * `::1` as `--host` names it), whatever the case.
 */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(name) || /^127(\.\d{1,3}){3}$/.test(name) || name.endsWith('.localhost');
}
