/**
 * What the commands that talk to a running embedkit share: where it is (`--url`, else
 * `EMBEDKIT_URL`, else http://localhost:8080), which channel (`--channel-id` / `--channel-secret`,
 * else `EMBEDKIT_CHANNEL_ID` / `EMBEDKIT_CHANNEL_SECRET`, else the default scenario's channel), a
 * channel access token, the admin token of a server beyond loopback (`EMBEDKIT_ADMIN_TOKEN`), and
 * errors that say what to do.
 */
import type { Command } from 'commander';
import { ADMIN_TOKEN_ENV } from '../../http/guards/admin-token.js';
import {
  readAnswer,
  SimulatorClient,
  type CallableRoute,
  type SimulatorAnswers,
  type SimulatorCallArgs,
  type SimulatorInputs,
} from '#contract/client.js';

/** The default scenario's channel (server/scenarios/default.json). */
const DEFAULT_CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };

/** A running embedkit and the channel to act as. */
export interface Target {
  url: string;
  channelId: string;
  channelSecret: string;
  /** The admin token, sent as `Authorization: Bearer` on the simulator API's calls; none when undefined. */
  adminToken?: string | undefined;
}

/** A refused or failed call, with what to do about it. */
export class CliError extends Error {}

/** The `--url` / `--channel-*` options. */
export interface TargetOptions {
  url?: string;
  channelId?: string;
  channelSecret?: string;
}

/** The target of a command from its options and the environment. */
export function targetOf(opts: TargetOptions): Target {
  const url = (opts.url ?? process.env.EMBEDKIT_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  return {
    url,
    channelId: opts.channelId ?? process.env.EMBEDKIT_CHANNEL_ID ?? DEFAULT_CHANNEL.id,
    channelSecret: opts.channelSecret ?? process.env.EMBEDKIT_CHANNEL_SECRET ?? DEFAULT_CHANNEL.secret,
    adminToken: process.env[ADMIN_TOKEN_ENV] || undefined,
  };
}

/** An answer's JSON: each command reads the fields of the answer it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer's JSON
type AnswerJson = any;

/** What the commands say when nothing answers at the target's URL. */
const unreachable = (t: Target) =>
  new CliError(`no embedkit answers at ${t.url}: start one (npx embedkit) or point --url / EMBEDKIT_URL at it`);

/**
 * One HTTP call to the platform's interfaces (tokens, `/embed/v1/apps`, `/v2/bot`); the body parsed
 * when it is JSON. The simulator API goes through {@link simulatorOf} instead.
 * @throws CliError when nothing answers
 */
export async function botCall(
  t: Target,
  method: string,
  path: string,
  init: { token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<{ status: number; body: AnswerJson }> {
  let res: Response;
  const { token } = init;
  try {
    res = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
  } catch {
    throw unreachable(t);
  }
  return readAnswer(res);
}

/**
 * The simulator API client of a target: its URL, its admin token as `Authorization: Bearer`. Its
 * calls throw the {@link CliError} that says to start embedkit when nothing answers, so a command
 * can use `send` (the answer whatever its status) or `call` (the typed answer) alike.
 */
export function simulatorOf(t: Target): SimulatorClient {
  return new SimulatorClient({
    baseUrl: t.url,
    headers: t.adminToken ? { Authorization: `Bearer ${t.adminToken}` } : {},
    fetch: (input, init) =>
      fetch(input, init).catch(() => {
        throw unreachable(t);
      }),
  });
}

/**
 * One call of the simulator API answered whatever its status, for a command that reads the
 * refusal itself (with {@link reason}).
 * @throws CliError when nothing answers
 */
export function simSend<K extends CallableRoute>(
  t: Target,
  name: K,
  input: SimulatorInputs[K],
): Promise<{ status: number; body: AnswerJson }> {
  return simulatorOf(t).send(name, input);
}

/**
 * One call of the simulator API and its typed answer.
 * @param refused what the command says was refused, before the {@link reason} (`the webhook was refused`)
 * @throws CliError when nothing answers, or `<refused>: <reason>` when the call is refused
 */
export function simCall<K extends CallableRoute>(
  t: Target,
  refused: string,
  name: K,
  ...args: SimulatorCallArgs[K]
): Promise<NoInfer<SimulatorAnswers[K]>> {
  // NoInfer: a caller's expected answer (a declared return type, a destructuring) would otherwise make the
  // compiler infer the route back from it, through every route's schema (TS2589).
  return simulatorOf(t).callOr((e) => new CliError(`${refused}: ${reason({ status: e.status, body: e.body })}`), name, ...args);
}

/** Issues a channel access token. @throws CliError when the channel is refused */
export async function issueToken(t: Target): Promise<string> {
  const res = await botCall(t, 'POST', '/v2/oauth/accessToken', {
    form: { grant_type: 'client_credentials', client_id: t.channelId, client_secret: t.channelSecret },
  });
  if (res.status !== 200)
    throw new CliError(
      `the channel ${t.channelId} was refused a token (${res.status} ${JSON.stringify(res.body)}): check --channel-id and --channel-secret`,
    );
  return res.body.access_token as string;
}

/**
 * The `details` of a refusal (the platform's `{message, details: [{message, property}]}`), one
 * indented line each (`  view.url: must use https ...`); empty when there are none.
 */
export function detailLines(body: AnswerJson): string {
  const details: unknown = body?.details;
  if (!Array.isArray(details)) return '';
  return details
    .map((d: { message?: unknown; property?: unknown }) =>
      typeof d?.message === 'string' ? `\n  ${typeof d.property === 'string' && d.property ? `${d.property}: ` : ''}${d.message}` : '',
    )
    .join('');
}

/** A refusal: status and the server's message, then each of its details on a line of its own. */
export const reason = (res: { status: number; body: AnswerJson }) =>
  `${res.status} ${typeof res.body?.message === 'string' ? res.body.message : JSON.stringify(res.body)}` +
  (res.status === 401 && typeof res.body?.message === 'string' && res.body.message.includes('admin token')
    ? ` (set ${ADMIN_TOKEN_ENV})`
    : '') +
  detailLines(res.body);

/** Runs an action, turning refusals into one line on stderr and exit code 1. */
export const guarded =
  <A extends unknown[]>(command: string, fn: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await fn(...args);
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      process.stderr.write(`embedkit ${command}: ${e.message}\n`);
      process.exitCode = 1;
    }
  };

/** Adds the `--url` option (the running embedkit) to a command. */
export function urlOption(c: Command): Command {
  return c.option('--url <url>', 'the running embedkit (default: EMBEDKIT_URL, else http://localhost:8080)');
}

/** Adds the `--url` and `--channel-*` options to a command. */
export function channelOptions(c: Command): Command {
  return urlOption(c)
    .option('--channel-id <id>', 'channel (default: EMBEDKIT_CHANNEL_ID, else the default channel)')
    .option('--channel-secret <secret>', 'its secret (default: EMBEDKIT_CHANNEL_SECRET, else the default channel’s)');
}
