/**
 * `embedkit apps add|list|update|remove`: the embedded app registry (spec part D; `list` through
 * the LIFF server API over the same registry, which shows every setting) of a running embedkit, through its HTTP API with a channel access token the command issues. The server is
 * `--url`, else `EMBEDKIT_URL`, else http://localhost:8080; the channel `--channel-id` /
 * `--channel-secret`, else `EMBEDKIT_CHANNEL_ID` / `EMBEDKIT_CHANNEL_SECRET`, else the default
 * scenario's channel. `--scope` goes through the LIFF server API (liff.yml `scope`), which the
 * `/embed/v1` shape has no field for: the app is the same record either way.
 */
import { Command, Option } from 'commander';
import { botCall as call, channelOptions, CliError, guarded, issueToken as token, reason, targetOf } from './http.js';

/** An app as `GET /liff/v1/apps` lists it (liff.yml `LiffApp`, every field present on embedkit). */
interface ListedApp {
  liffId: string;
  view: { type: string; url: string; moduleMode: boolean };
  description: string;
  features: { ble: boolean; qrCode: boolean };
  permanentLinkPattern: string;
  scope: string[];
  botPrompt: string;
}

/**
 * Two lines of `apps list`: the embed ID (= LIFF ID), view type and URL (the `/embed/v1` shape),
 * then the LIFF settings, indented.
 */
function describeApp(a: ListedApp): string {
  const on = (b: boolean) => (b ? 'on' : 'off');
  const settings = [
    `description: ${a.description}`,
    `scope: ${a.scope.join(' ') || '(none)'}`,
    `botPrompt: ${a.botPrompt}`,
    `features: ble ${on(a.features.ble)}, qrCode ${on(a.features.qrCode)}`,
    `permanentLinkPattern: ${a.permanentLinkPattern}`,
    `moduleMode: ${on(a.view.moduleMode)}`,
  ];
  return `${a.liffId}  ${a.view.type.padEnd(7)}  ${a.view.url}\n    ${settings.join(' · ')}\n`;
}

/** `embedkit apps`: add, list, update and remove apps of a running embedkit (module comment). */
export function appsCommand(): Command {
  const apps = new Command('apps').description('register, list, update and remove embedded apps of a running embedkit');
  const common = channelOptions;
  const view = () =>
    new Option('--view <type>', 'view height: compact (50%), tall (80%), full (100%)').choices(['compact', 'tall', 'full']);
  const scope = (what: string) =>
    new Option(
      '--scope <scope...>',
      `the scopes the app asks for, ${what}: openid, email, profile, chat_message.write, commonprofile.name|gender|birthdate|phone|email|address`,
    );

  common(apps.command('add').description('register an app; prints its embed ID and the host link that opens it'))
    .argument('<url>', 'the app’s URL (https, or http on a loopback host such as your dev server)')
    .addOption(view().default('full'))
    .addOption(scope('instead of the default profile chat_message.write'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ npx embedkit apps add http://localhost:5173/ --view tall\n  $ npx embedkit apps add http://localhost:5173/ --scope openid profile commonprofile.name',
    )
    .action(
      guarded(
        'apps',
        async (url: string, opts: { view: string; scope?: string[]; url?: string; channelId?: string; channelSecret?: string }) => {
          const t = targetOf(opts);
          const view = { type: opts.view, url };
          const res = opts.scope
            ? await call(t, 'POST', '/liff/v1/apps', { token: await token(t), json: { view, scope: opts.scope } })
            : await call(t, 'POST', '/embed/v1/apps', { token: await token(t), json: { view } });
          if (res.status !== 200) throw new CliError(`the app was refused: ${reason(res)}`);
          const embedId = (opts.scope ? res.body.liffId : res.body.embedId) as string;
          process.stdout.write(`${embedId}\nopen it: ${t.url}/?app=${encodeURIComponent(embedId)}\n`);
        },
      ),
    );
  common(apps.command('list').description('list the channel’s apps')).action(
    guarded('apps', async (opts: { url?: string; channelId?: string; channelSecret?: string }) => {
      const t = targetOf(opts);
      // The LIFF server API lists the same apps with every setting: the embed ID is the LIFF ID.
      const res = await call(t, 'GET', '/liff/v1/apps', { token: await token(t) });
      if (res.status === 404) return void process.stdout.write('no apps\n');
      if (res.status !== 200) throw new CliError(`listing failed: ${reason(res)}`);
      for (const a of res.body.apps as ListedApp[]) process.stdout.write(describeApp(a));
    }),
  );
  common(apps.command('update').description('change an app’s URL, view height or scopes; what is not given stays as it is'))
    .argument('<embedId>')
    .option('--app-url <url>', 'the new URL (default: unchanged)')
    .addOption(view().default(undefined, 'unchanged'))
    .addOption(scope('all of them, replacing the app’s'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ npx embedkit apps update 1650000001-AbCd1234 --view tall\n  $ npx embedkit apps update 1650000001-AbCd1234 --app-url http://localhost:5174/\n  $ npx embedkit apps update 1650000001-AbCd1234 --scope openid profile commonprofile.email',
    )
    .action(
      guarded(
        'apps',
        async (
          embedId: string,
          opts: { appUrl?: string; view?: string; scope?: string[]; url?: string; channelId?: string; channelSecret?: string },
        ) => {
          if (opts.appUrl === undefined && opts.view === undefined && opts.scope === undefined)
            throw new CliError('nothing to change: give --app-url <url>, --view <type>, --scope <scope...> or more than one');
          const t = targetOf(opts);
          // The LIFF server API's update changes only the fields it is given (liff.yml `UpdateLiffAppRequest`).
          const view = { ...(opts.view ? { type: opts.view } : {}), ...(opts.appUrl ? { url: opts.appUrl } : {}) };
          const json = { ...(Object.keys(view).length > 0 ? { view } : {}), ...(opts.scope ? { scope: opts.scope } : {}) };
          const res = await call(t, 'PUT', `/liff/v1/apps/${encodeURIComponent(embedId)}`, { token: await token(t), json });
          if (res.status === 404) throw new CliError(`no app ${embedId} in channel ${t.channelId}: see npx embedkit apps list`);
          if (res.status !== 200) throw new CliError(`the update was refused: ${reason(res)}`);
          process.stdout.write(`${embedId} updated\n`);
        },
      ),
    );
  common(apps.command('remove').description('delete an app'))
    .argument('<embedId>')
    .action(
      guarded('apps', async (embedId: string, opts: { url?: string; channelId?: string; channelSecret?: string }) => {
        const t = targetOf(opts);
        const res = await call(t, 'DELETE', `/embed/v1/apps/${encodeURIComponent(embedId)}`, { token: await token(t) });
        if (res.status !== 200) throw new CliError(`the removal was refused: ${reason(res)}`);
        process.stdout.write(`${embedId} removed\n`);
      }),
    );
  return apps;
}
