/**
 * The payment page's routes on `{linepay_base_url}`: `GET /web/payment/wait?transactionReserveId=…`
 * (what `info.paymentUrl.web` points at; the host opens `info.paymentUrl.app`, `line://pay/payment/…`,
 * here too) and the form's `POST /web/payment/decide`, which answers 303 to the merchant's
 * confirmUrl (with `transactionId` and `orderId`) or cancelUrl.
 */
import express, { Router } from 'express';
import { ApiError } from '../../http/errors.js';
import { compile, passes } from '../../http/validate.js';
import type { WorldStore } from '../../world/world-store.js';
import { sendPaymentError, sendPaymentPage } from './page.js';
import { PaymentDecisionForm } from './rules.js';
import type { LinePayService } from './service.js';

const form = express.urlencoded({ extended: false, limit: '16kb' });
const checkDecision = compile(PaymentDecisionForm);

/** The first value of a query or form field, when it is text. */
const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;

export function paymentPageRoutes(d: { service: LinePayService; world: WorldStore; frameAncestors: () => string[] }): Router {
  const r = Router();
  r.get('/web/payment/wait', async (req, res) => {
    const token = text(req.query.transactionReserveId) ?? '';
    const found = token ? await d.service.pageOf(token) : undefined;
    if (!found) return sendPaymentError(res, 404, 'No such payment', 'This payment link is not one LINE Pay issued.', d.frameAncestors());
    const { t, merchant } = found;
    const status = d.service.statusOf(t);
    if (status !== 'REQUESTED') {
      const why =
        status === 'EXPIRED' ? 'This payment expired: its link lived 20 minutes.' : `This payment is ${status}: it cannot be paid again.`;
      return sendPaymentError(res, 410, 'Payment not available', why, d.frameAncestors(), status === 'EXPIRED' ? t.cancel_url : undefined);
    }
    const users = await d.world.users();
    const wallets = await Promise.all(users.map((u) => d.service.wallet(u.user_id)));
    const payers = users.map((user, i) => ({ user, balance: wallets[i]!.balances[t.currency] ?? 0 }));
    // The people with a LINE Pay balance in this currency first: the scenario's payers.
    payers.sort((a, b) => Number(b.balance > 0) - Number(a.balance > 0));
    const selected = text(req.query.userId);
    const card = wallets.find((w) => w.userId === (selected ?? payers[0]?.user.user_id))?.card ?? { brand: 'VISA', last4: '4242' };
    sendPaymentPage(res, { t, merchant, payers, ...(selected ? { selected } : {}), card, frameAncestors: d.frameAncestors() });
  });
  r.post('/web/payment/decide', form, async (req, res) => {
    const b: unknown = req.body;
    if (!passes(checkDecision, b)) {
      const why = (checkDecision(b) ?? []).map((p) => (p.property ? `${p.property}: ${p.message}` : p.message)).join('; ');
      return sendPaymentError(res, 400, 'Payment not available', `This is not the payment page's form (${why}).`, d.frameAncestors());
    }
    const found = await d.service.pageOf(b.token);
    if (!found) return sendPaymentError(res, 404, 'No such payment', 'This payment link is not one LINE Pay issued.', d.frameAncestors());
    const id = found.t.transaction_id;
    try {
      const to =
        b.decision === 'pay'
          ? await d.service.approve(id, {
              userId: b.userId ?? '',
              method: b.method ?? 'BALANCE',
              ...(b.outcome ? { outcome: b.outcome } : {}),
            })
          : await d.service.cancel(id);
      res.redirect(303, to);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      sendPaymentError(res, e.status, 'Payment not available', e.message, d.frameAncestors());
    }
  });
  return r;
}
