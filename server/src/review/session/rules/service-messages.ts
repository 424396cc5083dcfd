/**
 * The service message rules (LINE MINI App "Sending service messages"; "Running your service",
 * conditions for service messages): a message only as a confirmation of, or an answer to, the
 * person's action in the MINI App; the templates the channel added, with their parameters; a
 * service notification token sends at most five messages.
 */
import type { Finding } from '#contract/review.js';
import type { PlatformCall } from '../../../platform-calls/index.js';
import type { SessionRecords } from '../records.js';
import { clockText, finding, listText, SOURCES, type CheckText } from './finding.js';

/** Most messages one service notification token sends (the first and four renewals). */
export const SENDS_PER_TOKEN = 5;

const AFTER_ACTION: CheckText = {
  check: 'service-message.after-action',
  title: "A service message answers the person's action",
  rule: 'Send a service message only as a confirmation of, or a response to, an action the person took in the MINI App (a reservation, a purchase), soon after it: never unprompted.',
  source: SOURCES.serviceOperation,
  fix: 'Send the message from the handler of the action it confirms (the form submitted, the purchase completed), not on load or on a timer.',
};
const TEMPLATE: CheckText = {
  check: 'service-message.template',
  title: 'Service messages use a template of the channel, its parameters filled',
  rule: 'Each send names a template added to the MINI App channel and fills its required parameters within their lengths.',
  source: SOURCES.serviceMessages,
  fix: "Add the template on the console (the host's MINI App settings) and send its name and every required parameter.",
};
const FIVE: CheckText = {
  check: 'service-message.five-per-token',
  title: 'At most five sends per service notification token',
  rule: 'A service notification token sends at most five messages: each send answers the next token to use; after the fifth there is none.',
  source: SOURCES.serviceMessages,
  fix: 'Keep the notificationToken each send answers and use it for the next; after five sends, ask the person to act again for a new token.',
};

/** The person's sends: the chains of tokens issued for their LIFF access token, each send with the chain it belongs to. */
function sendsOf(records: SessionRecords): { send: PlatformCall; chain: number }[] {
  const chainOf = new Map<string, number>();
  const out: { send: PlatformCall; chain: number }[] = [];
  let chains = 0;
  for (const c of records.calls) {
    if (c.operation === 'notifier.token' && c.userId === records.userId && c.answeredTokenHash) chainOf.set(c.answeredTokenHash, chains++);
    if (c.operation !== 'notifier.send' || !c.sentTokenHash) continue;
    const chain = chainOf.get(c.sentTokenHash);
    if (chain === undefined) continue;
    out.push({ send: c, chain });
    if (c.answeredTokenHash) chainOf.set(c.answeredTokenHash, chain);
  }
  return out;
}

const ok = (c: PlatformCall) => c.status >= 200 && c.status < 300;
const line = (c: PlatformCall) => `${c.templateName ?? 'a send'} at ${clockText(c.at)} (${c.status}${c.error ? `: ${c.error}` : ''})`;

/** The three findings: after an action (within `actionWindowMs`), templates, five per token. */
export function serviceMessages(records: SessionRecords): Finding[] {
  const sends = sendsOf(records);
  if (sends.length === 0) {
    const none = 'No service message was sent for the person in the session: walk through the action that sends one to check it.';
    return [finding(AFTER_ACTION, 'warn', none), finding(TEMPLATE, 'warn', none), finding(FIVE, 'warn', none)];
  }
  const gestures = records.trace.filter((e) => e.kind === 'gesture').map((e) => e.at);
  const window = records.actionWindowMs;
  const sent = sends.filter((s) => ok(s.send));
  const unprompted = sent.filter(({ send }) => !gestures.some((g) => g <= send.at && send.at - g <= window));
  const minutes = `${Math.round(window / 6000) / 10} min`;
  const afterAction = unprompted.length
    ? finding(AFTER_ACTION, 'fail', `No action of the person in the ${minutes} before: ${listText(unprompted.map((s) => line(s.send)))}.`)
    : finding(
        AFTER_ACTION,
        sent.length ? 'pass' : 'warn',
        sent.length ? `${sent.length} sent, each within ${minutes} of the person's action.` : 'No send succeeded.',
      );
  const refused = sends.filter(({ send }) => send.status === 403 || send.status === 400);
  const template = refused.length
    ? finding(TEMPLATE, 'fail', `Refused: ${listText(refused.map((s) => line(s.send)))}.`)
    : finding(TEMPLATE, 'pass', `${sends.length} sends, none refused for its template.`);
  const perChain = new Map<number, number>();
  for (const s of sends) perChain.set(s.chain, (perChain.get(s.chain) ?? 0) + 1);
  const over = [...perChain.values()].filter((n) => n > SENDS_PER_TOKEN);
  const spent = sends.filter(({ send }) => send.status === 401);
  const five =
    over.length || spent.length
      ? finding(
          FIVE,
          'fail',
          [
            over.length ? `${Math.max(...over)} sends attempted on one token` : '',
            spent.length ? `refused: ${listText(spent.map((s) => line(s.send)))}` : '',
          ]
            .filter(Boolean)
            .join('; ') + '.',
        )
      : finding(FIVE, 'pass', `At most ${Math.max(...perChain.values())} sends per token.`);
  return [afterAction, template, five];
}
