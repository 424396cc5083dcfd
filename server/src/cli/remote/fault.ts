/**
 * `embedkit fault add|list|clear`: the fault rules of a running embedkit (simulator routes
 * `addFault`, `faults`, `deleteFault`, `clearFaults`; docs/guide/faults.md), so that a bot's or an
 * app's handling of the platform's failures, its calls' and its webhooks', can be tried from a terminal.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { FAULT_KINDS, FAULT_ORIGINS, type FaultRuleBody, type FaultView } from '#contract/faults.js';
import { parseDuration } from '../../clock/sim-clock.js';
import { guarded, simCall, targetOf, urlOption, type TargetOptions } from './http.js';

const whole = (what: string) => (value: string) => {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError(`${what} is a whole number`);
  return Number(value);
};
const share = (value: string) => {
  const n = Number(value);
  if (!/^[0-9.]+$/.test(value) || !(n >= 0 && n <= 1)) throw new InvalidArgumentError('a share is a number from 0 to 1, e.g. 0.5');
  return n;
};
const duration = (value: string) => {
  if (!/^([0-9]+(ms|s|m|h|d|w))+$/.test(value)) throw new InvalidArgumentError('a duration such as 90s, 10m or 1d12h');
  return parseDuration(value);
};

interface AddOptions extends TargetOptions {
  operation?: string;
  method?: FaultRuleBody['method'];
  path?: string;
  origin?: FaultRuleBody['origin'];
  channel?: string;
  eventType?: string[];
  kind: FaultRuleBody['kind'];
  status?: number;
  delay?: number;
  times?: number;
  share?: number;
  for?: number;
  note?: string;
}

/** One line of a rule: what it names, what it does, how much of it is left. */
export function faultLine(f: FaultView): string {
  const target =
    f.channelId !== undefined
      ? `webhooks of ${f.channelId}${f.eventTypes ? ` (${f.eventTypes.join(', ')})` : ''}`
      : [f.origin && `on ${f.origin}`, f.operation, f.method, f.path].filter(Boolean).join(' ') || 'every call';
  const waits = f.kind === 'delay' || f.kind === 'delayDelivery';
  const what = f.kind === 'status' ? `status ${f.status}` : waits ? `${f.kind} ${f.delayMs} ms` : f.kind;
  const left = f.remaining !== null ? `, ${f.remaining} left` : '';
  const share = f.share !== undefined ? `, share ${f.share}` : '';
  const until = f.until !== undefined ? `, until ${new Date(f.until).toISOString()}` : '';
  return `${f.id}  ${target}: ${what}${f.delayMs && !waits ? ` ${f.kind === 'reorder' ? 'holding at most' : 'after'} ${f.delayMs} ms` : ''} (${f.hits} hit${f.hits === 1 ? '' : 's'}${left}${share}${until})`;
}

/** `embedkit fault` and its subcommands. */
export function faultCommand(): Command {
  const fault = new Command('fault').description(
    'make the platform fail on purpose: rate limits, server errors, expired tokens, delays; webhooks redelivered, duplicated, reordered, delayed',
  );
  urlOption(
    fault
      .command('add')
      .description("make the calls a rule names fail (every call when it names none), or a channel's webhook deliveries")
      .option('--operation <id>', 'a published operationId (pushMessage, getProfile…) or a simulator route name')
      .addOption(new Option('--method <method>', 'only calls of this HTTP method').choices(['GET', 'POST', 'PUT', 'DELETE']))
      .option('--path <glob>', 'only calls of this path (* one segment, a trailing /** the rest)')
      .addOption(new Option('--origin <origin>', 'only calls to this origin').choices(FAULT_ORIGINS))
      .option(
        '--channel <channelId>',
        'with a delivery kind (redeliver, duplicate, reorder, delayDelivery): the channel whose webhooks it hits',
      )
      .option(
        '--event-type <type>',
        'with --channel: only deliveries with an event of this type (repeat for more)',
        (v: string, all: string[] = []) => [...all, v],
      )
      .addOption(new Option('--kind <kind>', 'what the calls or deliveries get').choices(FAULT_KINDS).makeOptionMandatory())
      .option('--status <code>', 'with --kind status: the HTTP status answered (400 to 599)', whole('a status'))
      .option(
        '--delay <ms>',
        'with --kind delay or delayDelivery: the wait; with reorder: the longest hold; before any other kind: milliseconds',
        whole('a delay'),
      )
      .option('--times <n>', 'only the next n calls', whole('--times'))
      .option('--share <x>', 'only this share of the calls, 0 to 1', share)
      .option('--for <duration>', 'for this long on the simulated clock (e.g. 10m, 1h)', duration)
      .option('--note <text>', 'why the rule is there (shown in the list)'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ npx embedkit fault add --operation pushMessage --kind rateLimited --times 2
  $ npx embedkit fault add --path '/v2/bot/**' --kind serverError --share 0.1
  $ npx embedkit fault add --operation getProfile --kind delay --delay 5000 --for 10m
  $ npx embedkit fault add --channel 1650000001 --kind redeliver --times 1
  $ npx embedkit fault add --channel 1650000001 --event-type message --kind delayDelivery --delay 3000`,
    )
    .action(
      guarded('fault', async (opts: AddOptions) => {
        const t = targetOf(opts);
        let window = {};
        if (opts.for !== undefined) {
          const { now } = await simCall(t, 'the clock could not be read', 'clock');
          window = { until: now + opts.for };
        }
        const body: FaultRuleBody = {
          kind: opts.kind,
          ...(opts.operation !== undefined ? { operation: opts.operation } : {}),
          ...(opts.method !== undefined ? { method: opts.method } : {}),
          ...(opts.path !== undefined ? { path: opts.path } : {}),
          ...(opts.origin !== undefined ? { origin: opts.origin } : {}),
          ...(opts.channel !== undefined ? { channelId: opts.channel } : {}),
          ...(opts.eventType !== undefined ? { eventTypes: opts.eventType } : {}),
          ...(opts.status !== undefined ? { status: opts.status } : {}),
          ...(opts.delay !== undefined ? { delayMs: opts.delay } : {}),
          ...(opts.times !== undefined ? { times: opts.times } : {}),
          ...(opts.share !== undefined ? { share: opts.share } : {}),
          ...(opts.note !== undefined ? { note: opts.note } : {}),
          ...window,
        };
        const rule = await simCall(t, 'the fault rule was refused', 'addFault', { body });
        process.stdout.write(`${faultLine(rule)}\n`);
      }),
    );
  urlOption(fault.command('list').description('the rules in force and what each has hit')).action(
    guarded('fault', async (opts: TargetOptions) => {
      const { faults } = await simCall(targetOf(opts), 'the fault rules could not be read', 'faults');
      process.stdout.write(faults.length ? faults.map((f) => `${faultLine(f)}\n`).join('') : 'no fault rules in force\n');
    }),
  );
  urlOption(fault.command('clear').description('remove one rule, or every rule').argument('[id]', 'the rule (default: every rule)')).action(
    guarded('fault', async (id: string | undefined, opts: TargetOptions) => {
      const t = targetOf(opts);
      if (id !== undefined) await simCall(t, 'the fault rule could not be removed', 'deleteFault', { params: { faultId: id } });
      else await simCall(t, 'the fault rules could not be removed', 'clearFaults');
      process.stdout.write(id !== undefined ? `fault rule ${id} removed\n` : 'every fault rule removed\n');
    }),
  );
  return fault;
}
