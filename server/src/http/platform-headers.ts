/**
 * The platform's own header names. The spec writes them with the placeholder prefix `X-Service-`
 * ("header names that start with `X-Service-` carry the platform prefix"); the real platform's is
 * `X-Line-`, which the official SDKs read. The prefix is a setting of the kit (`headerPrefix`),
 * carried from the composition root into every unit: no route writes a prefix of its own.
 */
import type { Request } from 'express';

/** The spec's placeholder prefix: the default of `headerPrefix`. */
export const DEFAULT_HEADER_PREFIX = 'X-Service-';

/** A header prefix: letters, digits and hyphens, starting with a letter and ending with a hyphen (`X-Service-`, `X-Line-`). */
export const HEADER_PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9-]*-$/;

/** Every platform header name, written with one prefix (as sent; reading matches any case). */
export interface PlatformHeaders {
  /** The prefix itself, e.g. `X-Service-`. */
  prefix: string;
  /** Webhook signature of the bot messaging interface: `<prefix>Signature`. */
  signature: string;
  /** Callback signature of the v1 (enterprise and trial) interfaces: `<prefix>ChannelSignature`. */
  channelSignature: string;
  /** The request ID on platform answers: `<prefix>Request-Id`. */
  requestId: string;
  /** The v1 channel access token (enterprise interface, v1 social interface): `<prefix>ChannelToken`. */
  channelToken: string;
  /** Trial interface: the channel ID, `<prefix>ChannelID`. */
  channelId: string;
  /** Trial interface: the channel secret, `<prefix>ChannelSecret`. */
  channelSecret: string;
  /** Trial interface: the channel's MID, `<prefix>Trusted-User-With-ACL`. */
  trustedUser: string;
  /** A bot's retry key on push, multicast, narrowcast and broadcast: `<prefix>Retry-Key`. */
  retryKey: string;
  /** On a 409 for a retry key already accepted: that request's ID, `<prefix>Accepted-Request-Id`. */
  acceptedRequestId: string;
  /** A push by phone number's tag, returned as the delivery event's `data`: `<prefix>Delivery-Tag`. */
  deliveryTag: string;
}

/**
 * The header names of a prefix.
 * @param prefix default {@link DEFAULT_HEADER_PREFIX}
 * @throws Error when the prefix does not match {@link HEADER_PREFIX_PATTERN}
 */
export function platformHeaders(prefix: string = DEFAULT_HEADER_PREFIX): PlatformHeaders {
  if (!HEADER_PREFIX_PATTERN.test(prefix)) throw new Error(headerPrefixProblem(prefix));
  return {
    prefix,
    signature: `${prefix}Signature`,
    channelSignature: `${prefix}ChannelSignature`,
    requestId: `${prefix}Request-Id`,
    channelToken: `${prefix}ChannelToken`,
    channelId: `${prefix}ChannelID`,
    channelSecret: `${prefix}ChannelSecret`,
    trustedUser: `${prefix}Trusted-User-With-ACL`,
    retryKey: `${prefix}Retry-Key`,
    acceptedRequestId: `${prefix}Accepted-Request-Id`,
    deliveryTag: `${prefix}Delivery-Tag`,
  };
}

/** Why a prefix is refused, as one line (for the CLI and the config file). */
export function headerPrefixProblem(prefix: string): string {
  return `header prefix ${JSON.stringify(prefix)}: letters, digits and hyphens, starting with a letter and ending with a hyphen (e.g. X-Line-)`;
}

/**
 * The first value of a request header, whatever the case of its name (HTTP header names are
 * case-insensitive; Node keeps them lowercased).
 */
export function headerValue(req: Pick<Request, 'headers'>, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
