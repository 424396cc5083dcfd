/** The options `start` and `exec` share: which Host names are served, the platform header prefix, the admin token. */
import type { Command } from 'commander';
import { ADMIN_TOKEN_HELP, parseAdminTokenOption } from './admin-token.js';
import { parseAllowedHostsOption } from './allowed-hosts.js';
import { parseHeaderPrefix } from './header-prefix.js';

/**
 * Adds `--allowed-hosts`, `--header-prefix` and `--admin-token` to a command (each parsed and
 * checked as it is read: a wrong value is a usage error naming the rule).
 * @returns the same command, for chaining
 */
export function withServerOptions(command: Command): Command {
  return command
    .option(
      '--allowed-hosts <names>',
      'host names served besides localhost, *.localhost and IP addresses, comma-separated ("all": any; DNS rebinding protection off)',
      parseAllowedHostsOption,
    )
    .option(
      '--header-prefix <prefix>',
      'prefix of the platform headers, e.g. X-Line- for the official SDKs (default: X-Service-)',
      parseHeaderPrefix,
    )
    .option('--admin-token <token>', ADMIN_TOKEN_HELP, parseAdminTokenOption);
}
