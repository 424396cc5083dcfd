/**
 * `embedkit pay ...`: the LINE Pay sandbox of a running embedkit (docs/platform/line-pay.md):
 * list its payments, refund a captured one as the merchant, expire a regKey.
 */
import { Command } from 'commander';
import { guarded, simCall, targetOf, urlOption, type TargetOptions } from './http.js';

export function payCommand(): Command {
  const pay = new Command('pay').description('LINE Pay sandbox payments of a running embedkit');
  urlOption(pay.command('list').description('the payments, newest first: transaction ID, order, amount, status'))
    .option('--channel <channelId>', 'one merchant’s')
    .option('--user <userId>', 'one person’s')
    .action(
      guarded('pay', async (opts: TargetOptions & { channel?: string; user?: string }) => {
        const query = { ...(opts.channel ? { channelId: opts.channel } : {}), ...(opts.user ? { userId: opts.user } : {}) };
        const { transactions } = await simCall(targetOf(opts), 'the payments could not be read', 'linePayTransactions', { query });
        for (const t of transactions)
          process.stdout.write(
            `${t.transactionId}  ${t.orderId}  ${t.amount} ${t.currency}  ${t.status}${t.failure ? ` (${t.failure})` : ''}\n`,
          );
        if (!transactions.length) process.stdout.write('no LINE Pay payments\n');
      }),
    );
  urlOption(pay.command('refund').description('refund a captured payment as its merchant (all that is left, or --amount)'))
    .argument('<transactionId>', 'the 19-digit transaction ID (what POST /v3/payments/request answered)')
    .option('--amount <amount>', 'refund only this much', Number)
    .addHelpText('after', '\nExample:\n  $ npx embedkit pay refund 2026042312345678901 --amount 50')
    .action(
      guarded('pay', async (transactionId: string, opts: TargetOptions & { amount?: number }) => {
        const body = opts.amount === undefined ? {} : { amount: opts.amount };
        const t = await simCall(targetOf(opts), 'the refund was refused', 'refundLinePayPayment', { params: { transactionId }, body });
        process.stdout.write(`${t.transactionId} (${t.orderId}): refunded ${t.refunded} of ${t.amount} ${t.currency} → ${t.status}\n`);
      }),
    );
  urlOption(pay.command('expire-regkey').description('expire a preapproved payment key: its payments then answer 1190'))
    .argument('<regKey>', 'the regKey (what confirm answered for a PREAPPROVED request)')
    .action(
      guarded('pay', async (regKey: string, opts: TargetOptions) => {
        const k = await simCall(targetOf(opts), 'the regKey could not be expired', 'expireLinePayRegKey', { params: { regKey } });
        process.stdout.write(`regKey ${k.regKey} (${k.userId}) expired\n`);
      }),
    );
  return pay;
}
