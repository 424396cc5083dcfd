/** `--admin-token` of `start` and `exec`: the token a server requires (see http/guards/admin-token.ts). */
import { InvalidArgumentError } from 'commander';
import { ADMIN_TOKEN_ENV, adminTokenOf, checkAdminToken, TOKEN_PARAM, type AdminTokenSource } from '../../http/guards/admin-token.js';

/** The option's help text. */
export const ADMIN_TOKEN_HELP = `token the host shell and the simulator API require (default: env ${ADMIN_TOKEN_ENV}; generated when --host is not loopback)`;

/**
 * Parses `--admin-token <t>`.
 * @throws InvalidArgumentError saying what a token must be (commander prints it, exit code 1)
 */
export function parseAdminTokenOption(value: string): string {
  try {
    return checkAdminToken(value);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/**
 * The token in force for a start: `--admin-token`, else `EMBEDKIT_ADMIN_TOKEN`, else a generated
 * one when `host` is not loopback, else none.
 * @throws Error when the environment's token is malformed
 */
export function adminTokenPlan(
  host: string | undefined,
  flag: string | undefined,
): { token: string; source: AdminTokenSource } | undefined {
  return adminTokenOf({ host, flag, env: process.env[ADMIN_TOKEN_ENV] });
}

/**
 * The ready line of a token in force: a generated one as the link that signs a browser in (as
 * Jupyter prints it); a given one is not repeated (it may come from a secret store), only how to
 * use it. A wildcard address (`0.0.0.0`, `::`) is opened as `localhost` here; the team replaces it
 * with this machine's name or address.
 */
export function adminTokenLine(plan: { token: string; source: AdminTokenSource }, host: string | undefined, port: number): string {
  const name =
    host === undefined || host === '0.0.0.0' || host === '::' || host === '[::]'
      ? 'localhost'
      : host.includes(':') && !host.startsWith('[')
        ? `[${host}]`
        : host;
  const given = plan.source === 'flag' ? '--admin-token' : ADMIN_TOKEN_ENV;
  return plan.source === 'generated'
    ? `  admin token     http://${name}:${port}/?${TOKEN_PARAM}=${plan.token}  (open it once; CLI: ${ADMIN_TOKEN_ENV}=${plan.token})`
    : `  admin token     required (the one of ${given}): open http://${name}:${port}/?${TOKEN_PARAM}=<token>; CLI: ${ADMIN_TOKEN_ENV}`;
}
