/**
 * The Host check of every listening port. DNS rebinding: a page of another site whose name is
 * made to resolve to 127.0.0.1 becomes same-origin with a local server, and can then read and
 * change everything the host shell can. Its requests still carry the attacker's name in `Host`, so
 * a server that answers only the names it is known by is out of its reach (Vite's
 * `server.allowedHosts`, webpack-dev-server's `allowedHosts`).
 */
import { isIP } from 'node:net';
import type { RequestListener } from 'node:http';

/** Host names served besides the built-in ones (`localhost`, `*.localhost`, IP literals); `'all'` serves every name (no check). */
export type AllowedHosts = readonly string[] | 'all';

/** The CLI flag and the config key that extend the allowed names (named in the refusal). */
export const ALLOWED_HOSTS_OPTION = '--allowed-hosts (or "allowedHosts" in embedkit.config.json)';

/**
 * The host name of a `Host` header, lower case, without its port and trailing dot; an IPv6
 * literal keeps its brackets (`[::1]`). Undefined for a missing or empty header.
 */
export function hostNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  return name.replace(/\.$/, '') || undefined;
}

/**
 * Whether a request naming `header` in its `Host` is served. Served: `localhost` and its
 * subdomains (they resolve to loopback in browsers, RFC 6761), an IP address literal (v4, or v6
 * in brackets: an address is not a name an attacker can rebind), and the names in `allowed` (an
 * entry starting with a dot allows that domain and its subdomains). A missing `Host` is refused
 * (HTTP/1.1 requires it; a browser always sends one).
 * @param header the `Host` header as received, e.g. `localhost:8080`
 */
export function isHostAllowed(header: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed === 'all') return true;
  const name = hostNameOf(header);
  if (name === undefined) return false;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name.startsWith('[') ? isIP(name.slice(1, -1)) === 6 : isIP(name) === 4) return true;
  return allowed.some((entry) => {
    const e = entry.toLowerCase().replace(/\.$/, '');
    return e.startsWith('.') ? name === e.slice(1) || name.endsWith(e) : name === e;
  });
}

/**
 * Checks an `allowedHosts` list (CLI, config file, options): each entry is a host name (or a
 * `.domain` for a domain and its subdomains), without scheme, port or path; `['all']` is `'all'`.
 * @returns the normalised setting
 * @throws Error naming the first bad entry
 */
export function parseAllowedHosts(entries: readonly string[] | 'all'): AllowedHosts {
  if (entries === 'all') return 'all';
  const names = entries.map((e) => e.trim()).filter((e) => e !== '');
  if (names.includes('all')) return 'all';
  for (const name of names)
    if (!/^\.?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?$/i.test(name))
      throw new Error(`allowed host "${name}" is not a host name (give names such as my-laptop.lan or .example.test, no scheme or port)`);
  return names;
}

/** The refusal's text: names the host and what to set to allow it. */
export function hostRefusal(header: string | undefined): string {
  const name = hostNameOf(header);
  if (name === undefined) return 'Blocked request: it has no Host header.\n';
  // Bounded: a Host header may be up to 16 KB.
  const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name;
  return (
    `Blocked request: the host "${shown}" is not allowed. ` +
    `To allow it, add it to ${ALLOWED_HOSTS_OPTION}, e.g. --allowed-hosts ${shown}; "all" turns this check off.\n`
  );
}

/**
 * Wraps a port's request listener so that the Host check comes before anything else, including
 * the answers given while the server starts: a refused request gets 403 (plain text, see
 * {@link hostRefusal}) and `onRefused` is called once (the log line).
 */
export function hostChecked(
  listener: RequestListener,
  allowed: AllowedHosts,
  onRefused: (host: string | undefined, method: string | undefined, url: string | undefined) => void,
): RequestListener {
  if (allowed === 'all') return listener;
  // The verdict of the last Host header seen: a client sends the same one on every request, so
  // the check runs once per new header instead of on every request (same rule, same answers).
  let lastHost: string | undefined;
  let lastAllowed = false;
  return (req, res) => {
    const host = req.headers.host;
    if (host !== lastHost || host === undefined) {
      lastAllowed = isHostAllowed(host, allowed);
      lastHost = host;
    }
    if (lastAllowed) return void listener(req, res);
    onRefused(req.headers.host?.slice(0, 200), req.method, req.url?.slice(0, 200));
    const text = hostRefusal(req.headers.host);
    res.writeHead(403, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    res.end(text);
  };
}
