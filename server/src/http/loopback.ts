/**
 * Loopback host names: where plain http is accepted for app and callback URLs (the platform asks
 * for https; a developer's own machine is the exception), and where a server bound there is
 * reachable by this machine only.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for localhost, any 127.x.x.x address, and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}
