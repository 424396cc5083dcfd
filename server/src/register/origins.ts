/**
 * Where the running embedkit serves each origin: its simulator API's `world` route
 * answers `urls` (`base`, `trialbot`, `blockchain`, and `linepay` when it serves LINE Pay), so the
 * routes follow whatever ports embedkit was started on.
 */
import { simulatorPath } from '#contract/simulator-api.js';
import type { EmbedkitOrigins, RoutedOrigin } from './hosts.js';

const ORIGIN_KEYS: readonly RoutedOrigin[] = ['base', 'trialbot', 'blockchain', 'linepay'];

/** The running embedkit's URL and admin token (beyond loopback). */
export interface EmbedkitTarget {
  /** `EMBEDKIT_URL`, else `http://localhost:8080`; no trailing slash. */
  url: string;
  /** `EMBEDKIT_ADMIN_TOKEN`: the simulator API of an embedkit beyond loopback asks for it. */
  adminToken?: string | undefined;
}

/** Nothing answered at the target, or it answered as no embedkit would. */
export class EmbedkitNotFound extends Error {}

/**
 * Asks the running embedkit for its origins.
 * @param send the `fetch` to ask with (the process's own, taken before the routing applies)
 * @throws EmbedkitNotFound when nothing answers within `timeoutMs` or the answer has no `urls.base`
 */
export async function askOrigins(target: EmbedkitTarget, send: typeof fetch, timeoutMs = 3000): Promise<EmbedkitOrigins> {
  let res: Response;
  try {
    res = await send(`${target.url}${simulatorPath('world', {})}`, {
      headers: target.adminToken ? { Authorization: `Bearer ${target.adminToken}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new EmbedkitNotFound(`no embedkit answers at ${target.url}: start one (npx embedkit) or point EMBEDKIT_URL at it`);
  }
  const body = (await res.json().catch(() => null)) as { urls?: Record<string, unknown> } | null;
  const urls = body?.urls;
  if (!res.ok || typeof urls?.base !== 'string')
    throw new EmbedkitNotFound(
      `${target.url} answered ${res.status} to GET ${simulatorPath('world', {})}, not embedkit's world` +
        (res.status === 401 ? ' (set EMBEDKIT_ADMIN_TOKEN)' : ''),
    );
  const origins: EmbedkitOrigins = {};
  for (const key of ORIGIN_KEYS) if (typeof urls[key] === 'string') origins[key] = urls[key];
  return origins;
}
