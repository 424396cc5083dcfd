/** `--allowed-hosts` of `start` and `exec`: the names served besides localhost and IP addresses (see http/guards/host-check.ts). */
import { InvalidArgumentError } from 'commander';
import { parseAllowedHosts, type AllowedHosts } from '../../http/guards/host-check.js';
import type { EmbedkitConfig } from './config.js';

/**
 * Parses `--allowed-hosts a,b` (`all` turns the check off).
 * @throws InvalidArgumentError naming the bad entry (commander prints it, exit code 1)
 */
export function parseAllowedHostsOption(value: string): AllowedHosts {
  try {
    return parseAllowedHosts(value.split(','));
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/** The setting in force: the flag, else the config file's `allowedHosts`, else none. */
export function allowedHostsOf(flag: AllowedHosts | undefined, config: EmbedkitConfig | null): AllowedHosts {
  return flag ?? parseAllowedHosts(config?.allowedHosts ?? []);
}

/** What the Host check serves, for a ready line. */
export function describeAllowedHosts(allowed: AllowedHosts): string {
  if (allowed === 'all') return 'any host name (--allowed-hosts all: no DNS rebinding protection)';
  return ['localhost, *.localhost, IP addresses', ...allowed].join(', ');
}
