/**
 * The spec's address placeholders (`{base_url}`, `{deprecated_url}`, `{trialbot_url}`,
 * `{blockchain_url}`, and LINE Pay's `{linepay_base_url}`): one embedkit process serves each on a port of its own. A leaf module: the
 * composition root, the listener and the simulator API all name them.
 */

/**
 * The origins of the spec's address placeholders, each served by this one process on its own
 * port (spec "Address placeholders"): `base` = `{base_url}` (host shell, parts B, C, D, E, G),
 * `deprecated` = `{deprecated_url}` (the deprecated alias of the enterprise paths),
 * `trialbot` = `{trialbot_url}` (part F), `blockchain` = `{blockchain_url}` (part A), `linepay` =
 * `{linepay_base_url}` (the LINE Pay Online API v3 sandbox and its payment page, `interfaces/line-pay/`).
 * Clients sign or route by origin, so each interface lives at its origin's root.
 */
export interface InterfaceUrls {
  base: string;
  deprecated: string;
  trialbot: string;
  blockchain: string;
  linepay: string;
}

/** The interfaces served on origins of their own (every key of {@link InterfaceUrls} but `base`). */
export type SideInterface = Exclude<keyof InterfaceUrls, 'base'>;

/** The side interfaces in the order of their default ports (main port + 1, + 2, + 3, + 4). */
export const SIDE_INTERFACES: readonly SideInterface[] = ['deprecated', 'trialbot', 'blockchain', 'linepay'];
