/**
 * `embedkit consent ...`: the LINE MINI App authorization flow of a running embedkit
 * (docs/platform/authorization-flow.md; the simulator routes of `contract/src/simulator-api/social/consents.ts`):
 * a person's grants (list, grant, revoke), a MINI App's simplification settings, the world's side
 * of the 2026-08-26 change, what opening an app shows first, and the consent screens waiting for a
 * person (list, allow, deny).
 */
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { CONSENT_FLOWS, MINI_APP_REGIONS, type ConsentScreen } from '#contract/simulator-api/social/consents.js';
import { CliError, guarded, simCall, targetOf, urlOption, type TargetOptions } from './http.js';

const onOff = (value: string) => {
  if (value !== 'on' && value !== 'off') throw new InvalidArgumentError('on or off');
  return value === 'on';
};
const day = (value: string) => {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) throw new InvalidArgumentError('a date as YYYY-MM-DD');
  return value;
};

/** One line of a screen: its ID, state, kind, person, app and scopes, and the add-friend option. */
export function screenLine(s: ConsentScreen): string {
  const friend = s.addFriend
    ? `, add friend ${s.addFriend.botName}${s.friendAdded === undefined ? '' : s.friendAdded ? ' (added)' : ' (not added)'}`
    : '';
  return `${s.screenId}  ${s.state}  ${s.kind}  ${s.userId}  ${s.appName} (${s.embedId}): ${s.scopes.join(' ') || '(no scope)'}${friend}`;
}

interface MiniAppOptions extends TargetOptions {
  simplification?: boolean;
  region?: (typeof MINI_APP_REGIONS)[number];
  created?: string;
}

/** `embedkit consent` and its subcommands. */
export function consentCommand(): Command {
  const consent = new Command('consent').description(
    'the LINE MINI App authorization flow: grants, channel consent simplification, consent screens',
  );
  urlOption(consent.command('grants').description('the scopes a person granted each channel').argument('<userId>')).action(
    guarded('consent', async (userId: string, opts: TargetOptions) => {
      const g = await simCall(targetOf(opts), 'the grants were refused', 'grants', { params: { userId } });
      for (const x of g.grants) process.stdout.write(`${x.channelId}  ${x.scopes.join(' ')}\n`);
      process.stdout.write(`simplification ${g.simplificationAgreed ? 'agreed' : 'not agreed'}\n`);
    }),
  );
  urlOption(
    consent
      .command('grant')
      .description('the person grants a channel scopes (added to those granted)')
      .argument('<userId>')
      .argument('<channelId>')
      .argument('<scopes...>', 'e.g. profile chat_message.write'),
  ).action(
    guarded('consent', async (userId: string, channelId: string, scopes: string[], opts: TargetOptions) => {
      const g = await simCall(targetOf(opts), 'the grant was refused', 'grantScopes', { params: { userId, channelId }, body: { scopes } });
      process.stdout.write(`${g.channelId}  ${g.scopes.join(' ')}\n`);
    }),
  );
  urlOption(
    consent
      .command('revoke')
      .description('the person revokes scopes of a channel (every one when none is named); their tokens of the channel stop working')
      .argument('<userId>')
      .argument('<channelId>')
      .argument('[scopes...]'),
  ).action(
    guarded('consent', async (userId: string, channelId: string, scopes: string[], opts: TargetOptions) => {
      const body = scopes.length ? { scopes } : {};
      const r = await simCall(targetOf(opts), 'the revocation was refused', 'revokeGrants', { params: { userId, channelId }, body });
      process.stdout.write(`${r.channelId}  ${r.scopes.join(' ') || '(nothing granted)'}; ${r.tokensRevoked} token(s) revoked\n`);
    }),
  );
  urlOption(
    consent
      .command('mini-app')
      .description('a MINI App’s channel consent simplification: the console switch, the region, the channel’s creation date')
      .argument('<embedId>')
      .option('--simplification <on|off>', 'the "Channel consent simplification" switch', onOff)
      .addOption(new Option('--region <region>', 'the region the channel serves').choices(MINI_APP_REGIONS))
      .option('--created <YYYY-MM-DD>', 'the channel’s creation date (Japan, from 2026-01-08: simplification mandatory)', day)
      .addHelpText('after', '\nExample:\n  $ npx embedkit consent mini-app 1650000001-liffapp1 --simplification off'),
  ).action(
    guarded('consent', async (embedId: string, opts: MiniAppOptions) => {
      const body = {
        ...(opts.simplification === undefined ? {} : { simplification: opts.simplification }),
        ...(opts.region ? { region: opts.region } : {}),
        ...(opts.created ? { channelCreatedAt: opts.created } : {}),
      };
      if (!Object.keys(body).length) throw new CliError('give --simplification, --region or --created');
      const c = await simCall(targetOf(opts), 'the settings were refused', 'setMiniAppConsent', { params: { embedId }, body });
      process.stdout.write(
        `${c.embedId}: switch ${c.simplification ? 'on' : 'off'}, ${c.region}, created ${c.channelCreatedAt}; simplification ${c.why}\n`,
      );
    }),
  );
  urlOption(
    consent
      .command('flow')
      .description('the world’s side of the 2026-08-26 change (no argument: show it)')
      .addArgument(new Argument('[flow]', 'current or before-2026-08-26').choices(CONSENT_FLOWS)),
  ).action(
    guarded('consent', async (flow: (typeof CONSENT_FLOWS)[number] | undefined, opts: TargetOptions) => {
      const t = targetOf(opts);
      const r = flow
        ? await simCall(t, 'the flow was refused', 'setConsentFlow', { body: { flow } })
        : await simCall(t, 'refused', 'consentFlow');
      process.stdout.write(`${r.flow}\n`);
    }),
  );
  urlOption(
    consent
      .command('plan')
      .description('what opening an app shows the person first, and the scopes it starts with')
      .argument('<userId>')
      .argument('<embedId>'),
  ).action(
    guarded('consent', async (userId: string, embedId: string, opts: TargetOptions) => {
      const p = await simCall(targetOf(opts), 'the plan was refused', 'consentPlan', { params: { userId, embedId } });
      process.stdout.write(
        `screen ${p.screen}; starts with ${p.launchScopes.join(' ') || '(no scope)'}; granted ${p.granted.join(' ') || '(nothing)'}\n` +
          `simplification ${p.simplificationWhy}\n`,
      );
    }),
  );
  urlOption(
    consent
      .command('screens')
      .description('the consent screens waiting for an answer (with --all: answered ones too)')
      .option('--user <userId>', 'one person’s')
      .option('--all', 'answered screens too'),
  ).action(
    guarded('consent', async (opts: TargetOptions & { user?: string; all?: boolean }) => {
      const query = { ...(opts.user ? { userId: opts.user } : {}), ...(opts.all ? {} : { pending: 'true' as const }) };
      const { screens } = await simCall(targetOf(opts), 'the list was refused', 'consentScreens', { query });
      if (!screens.length) process.stdout.write('no consent screen\n');
      for (const s of screens) process.stdout.write(`${screenLine(s)}\n`);
    }),
  );
  for (const answer of ['allow', 'deny'] as const) {
    const c = consent
      .command(answer)
      .description(answer === 'allow' ? 'the person taps Allow: the scopes are granted' : 'the person taps Deny')
      .argument('<screenId>', 'what `embedkit consent screens` lists');
    if (answer === 'allow') c.option('--no-add-friend', 'untick the add-friend option of a channel consent screen');
    urlOption(c).action(
      guarded('consent', async (screenId: string, opts: TargetOptions & { addFriend?: boolean }) => {
        const body = { answer, ...(opts.addFriend === false ? { addFriend: false } : {}) };
        const s = await simCall(targetOf(opts), 'the answer was refused', 'answerConsentScreen', { params: { screenId }, body });
        process.stdout.write(`${screenLine(s)}\n`);
      }),
    );
  }
  return consent;
}
