/**
 * `embedkit apps add|list|update|remove`: the embedded app registry (spec part D) of a running
 * embedkit, through its HTTP API with a channel access token the command issues. The server is
 * `--url`, else `EMBEDKIT_URL`, else http://localhost:8080; the channel `--channel-id` /
 * `--channel-secret`, else `EMBEDKIT_CHANNEL_ID` / `EMBEDKIT_CHANNEL_SECRET`, else the default
 * scenario's channel.
 */
import { Command, Option } from 'commander';

/** The default scenario's channel (server/scenarios/default.json). */
const DEFAULT_CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };

interface Target {
  url: string;
  channelId: string;
  channelSecret: string;
}

/** A refused or failed call, with what to do about it. */
class CliError extends Error {}

function targetOf(opts: { url?: string; channelId?: string; channelSecret?: string }): Target {
  const url = (opts.url ?? process.env.EMBEDKIT_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  return {
    url,
    channelId: opts.channelId ?? process.env.EMBEDKIT_CHANNEL_ID ?? DEFAULT_CHANNEL.id,
    channelSecret: opts.channelSecret ?? process.env.EMBEDKIT_CHANNEL_SECRET ?? DEFAULT_CHANNEL.secret,
  };
}

async function call(t: Target, method: string, path: string, init: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<{ status: number; body: any }> {
  let res: Response;
  try {
    res = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
  } catch {
    throw new CliError(`no embedkit answers at ${t.url}: start one (npx embedkit) or point --url / EMBEDKIT_URL at it`);
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body };
}

async function token(t: Target): Promise<string> {
  const res = await call(t, 'POST', '/v2/oauth/accessToken', { form: { grant_type: 'client_credentials', client_id: t.channelId, client_secret: t.channelSecret } });
  if (res.status !== 200) throw new CliError(`the channel ${t.channelId} was refused a token (${res.status} ${JSON.stringify(res.body)}): check --channel-id and --channel-secret`);
  return res.body.access_token as string;
}

const reason = (res: { status: number; body: any }) => `${res.status} ${typeof res.body?.message === 'string' ? res.body.message : JSON.stringify(res.body)}`;

/** Runs an action, turning refusals into one line on stderr and exit code 1. */
const guarded =
  <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await fn(...args);
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      process.stderr.write(`embedkit apps: ${e.message}\n`);
      process.exitCode = 1;
    }
  };

export function appsCommand(): Command {
  const apps = new Command('apps').description('register, list, update and remove embedded apps of a running embedkit');
  const common = (c: Command) =>
    c
      .option('--url <url>', 'the running embedkit (default: EMBEDKIT_URL, else http://localhost:8080)')
      .option('--channel-id <id>', 'channel (default: EMBEDKIT_CHANNEL_ID, else the default channel)')
      .option('--channel-secret <secret>', 'its secret (default: EMBEDKIT_CHANNEL_SECRET, else the default channel’s)');
  const view = () => new Option('--view <type>', 'view height: compact (50%), tall (80%), full (100%)').choices(['compact', 'tall', 'full']);

  common(apps.command('add').description('register an app; prints its embed ID and the host link that opens it'))
    .argument('<url>', 'the app’s URL (https, or http on a loopback host such as your dev server)')
    .addOption(view().default('full'))
    .addHelpText('after', '\nExample:\n  $ npx embedkit apps add http://localhost:5173/ --view tall')
    .action(
      guarded(async (url: string, opts: { view: string; url?: string; channelId?: string; channelSecret?: string }) => {
        const t = targetOf(opts);
        const res = await call(t, 'POST', '/embed/v1/apps', { token: await token(t), json: { view: { type: opts.view, url } } });
        if (res.status !== 200) throw new CliError(`the app was refused: ${reason(res)}`);
        const embedId = res.body.embedId as string;
        process.stdout.write(`${embedId}\nopen it: ${t.url}/?app=${encodeURIComponent(embedId)}\n`);
      }),
    );
  common(apps.command('list').description('list the channel’s apps'))
    .action(
      guarded(async (opts: { url?: string; channelId?: string; channelSecret?: string }) => {
        const t = targetOf(opts);
        const res = await call(t, 'GET', '/embed/v1/apps', { token: await token(t) });
        if (res.status === 404) return void process.stdout.write('no apps\n');
        if (res.status !== 200) throw new CliError(`listing failed: ${reason(res)}`);
        for (const a of res.body.apps as Array<{ embedId: string; view: { type: string; url: string } }>) process.stdout.write(`${a.embedId}  ${a.view.type.padEnd(7)}  ${a.view.url}\n`);
      }),
    );
  common(apps.command('update').description('change an app’s view'))
    .argument('<embedId>')
    .requiredOption('--app-url <url>', 'the new URL')
    .addOption(view().default('full'))
    .action(
      guarded(async (embedId: string, opts: { appUrl: string; view: string; url?: string; channelId?: string; channelSecret?: string }) => {
        const t = targetOf(opts);
        const res = await call(t, 'PUT', `/embed/v1/apps/${encodeURIComponent(embedId)}/view`, { token: await token(t), json: { type: opts.view, url: opts.appUrl } });
        if (res.status !== 200) throw new CliError(`the update was refused: ${reason(res)}`);
        process.stdout.write(`${embedId} updated\n`);
      }),
    );
  common(apps.command('remove').description('delete an app'))
    .argument('<embedId>')
    .action(
      guarded(async (embedId: string, opts: { url?: string; channelId?: string; channelSecret?: string }) => {
        const t = targetOf(opts);
        const res = await call(t, 'DELETE', `/embed/v1/apps/${encodeURIComponent(embedId)}`, { token: await token(t) });
        if (res.status !== 200) throw new CliError(`the removal was refused: ${reason(res)}`);
        process.stdout.write(`${embedId} removed\n`);
      }),
    );
  return apps;
}
