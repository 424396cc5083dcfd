/**
 * `embedkit iap refund <orderId>`: refunds a paid LINE MINI App in-app purchase order of a running
 * embedkit (simulator route `refundIapOrder`), as the store does when it grants a person's refund:
 * the MINI App's webhook gets `refundComplete` (docs/platform/mini-apps.md, "In-app purchase").
 */
import { Command } from 'commander';
import { guarded, simCall, targetOf, urlOption, type TargetOptions } from './http.js';

export function iapCommand(): Command {
  const iap = new Command('iap').description('LINE MINI App in-app purchase orders of a running embedkit');
  urlOption(iap.command('refund').description('refund a paid order: the MINI App’s webhook gets refundComplete'))
    .argument('<orderId>', 'the order ID (what POST /iap/v1/product/reserve answered)')
    .addHelpText('after', '\nExample:\n  $ npx embedkit iap refund T2026042300000012345678')
    .action(
      guarded('iap', async (orderId: string, opts: TargetOptions) => {
        const order = await simCall(targetOf(opts), 'the refund was refused', 'refundIapOrder', { params: { orderId } });
        process.stdout.write(`order ${order.orderId} (${order.productId}, ${order.price} ${order.currency}) → ${order.status}\n`);
      }),
    );
  return iap;
}
