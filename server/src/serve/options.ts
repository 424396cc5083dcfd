/**
 * The options of `startServer` (`serve/start.ts`): where and how the process listens
 * ({@link ServeOptions}, kept by `serve/`), and the kit's options it hands down to `createEmbedkit`
 * with the origins the bound ports give. Nothing flows back: the kit never reads a listening option.
 */
import type { AllowedHosts } from '../http/guards/host-check.js';
import type { SideInterface } from '../interface-urls.js';
import type { EmbedkitOptions } from '../kit/embedkit.js';

/** `--lan`: where to serve `{base_url}` over HTTPS besides loopback. */
export interface LanOptions {
  /** Network addresses (IPv4) to listen on, at the main port. */
  addresses: readonly string[];
  /** Where the local CA is kept (made on first use); default `~/.embedkit/ca`. */
  caDir?: string;
}

/** Where and how a server listens. */
export interface ServeOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Address to bind; default loopback (`127.0.0.1`, plus `::1` when the machine has IPv6). */
  host?: string;
  /**
   * Ports of the side origins; default the main port + 1 (`deprecated`), + 2 (`trialbot`),
   * + 3 (`blockchain`), + 4 (`linepay`), or free ones when the main port is 0.
   */
  ports?: Partial<Record<SideInterface, number>>;
  /** How long a request that arrives while the server starts is held before a 503, in ms; default 30,000. */
  startHoldMs?: number;
  /** Time a client has to send all request headers, in ms; default 20,000 (slow clients). */
  headersTimeoutMs?: number;
  /** Time a client has to send the whole request, in ms; default 60,000. */
  requestTimeoutMs?: number;
  /**
   * Host names served on every port besides `localhost`, `*.localhost` and IP literals (see
   * `http/guards/host-check.ts`); `'all'` serves any `Host`. Default none.
   */
  allowedHosts?: AllowedHosts;
  /**
   * `--lan`: also serve `{base_url}` over HTTPS on these network addresses (same port), with a
   * certificate of the local CA in `caDir` (default `~/.embedkit/ca`), and each app registered on
   * loopback through a proxy of its own (`app-proxy/`). Requires `adminToken`.
   */
  lan?: LanOptions;
}

/** The kit's options `startServer` takes: all but the ones the listening decides (the origins, from the bound ports; the `--lan` state). */
type KitOptionsTaken = Omit<EmbedkitOptions, 'baseUrl' | 'demoOrigin' | 'urls' | 'lanState'>;

/** Options of `startServer`: {@link ServeOptions} plus the kit's options it hands down. */
export type ListenOptions = ServeOptions & KitOptionsTaken;

/**
 * What `startServer` hands down to `createEmbedkit` as it is: its options with every key of
 * {@link ServeOptions} taken off. A listening option added to `ServeOptions` that `startServer`
 * does not take off fails to compile there rather than reach the kit.
 */
export type HandedDown = KitOptionsTaken & { [K in keyof ServeOptions]?: never };
