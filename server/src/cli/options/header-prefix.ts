/** The `--header-prefix` option of `start`, `exec` and `trigger`, and how it meets the config file's `headerPrefix`. */
import { InvalidArgumentError } from 'commander';
import { HEADER_PREFIX_PATTERN, headerPrefixProblem } from '../../http/platform-headers.js';
import type { EmbedkitConfig } from './config.js';

/**
 * Parses a `--header-prefix` (commander's argument parser).
 * @throws InvalidArgumentError with the rule when the prefix does not match {@link HEADER_PREFIX_PATTERN}
 */
export function parseHeaderPrefix(value: string): string {
  if (!HEADER_PREFIX_PATTERN.test(value)) throw new InvalidArgumentError(headerPrefixProblem(value));
  return value;
}

/** The kit's `headerPrefix` option: the flag's, else the config file's, else none (the kit's default, `X-Service-`). */
export function headerPrefixOption(flag: string | undefined, config: EmbedkitConfig | null): { headerPrefix?: string } {
  const prefix = flag ?? config?.headerPrefix;
  return prefix !== undefined ? { headerPrefix: prefix } : {};
}
