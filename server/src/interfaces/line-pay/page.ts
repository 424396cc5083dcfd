/**
 * The LINE Pay payment page (`info.paymentUrl.web`), drawn by embedkit: the merchant, the order's
 * packages and amount, who pays (a person of the scenario, with their balance), with what (the
 * LINE Pay balance or the test card), what should fail at the merchant's confirm (low balance
 * `1142`, card declined `1110`), and Pay or Cancel. Server-rendered with escaping (http/html.ts),
 * no script; framed only by the host (the MINI App's in-app browser) or opened in a tab.
 */
import type { Response } from 'express';
import { cspHash, html, pageDocument, type SafeHtml } from '../../http/html.js';
import { sendPage } from '../../http/page.js';
import type { UserRow } from '../../world/world-store.js';
import { fromMinor, type RequestBody } from './rules.js';
import type { LpMerchantRow, LpTransactionRow } from './store.js';

const STYLE = `
:root { color-scheme: light; --accent: #06c755; --ink: #1d2330; --soft: #5d6778; --line: #e3e7ee; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px;
  font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--ink); background: #f3f5f8; }
main { width: 100%; max-width: 440px; padding: 20px; border: 1px solid var(--line); border-radius: 18px; background: #fff; }
.brand { margin: 0 0 10px; font-size: 13px; font-weight: 700; color: var(--accent); }
h1 { margin: 0 0 4px; font-size: 20px; }
.total { font-size: 28px; font-weight: 700; margin: 8px 0 4px; }
p.sub { margin: 0; color: var(--soft); font-size: 13px; overflow-wrap: anywhere; }
fieldset { margin: 0; padding: 0; border: 0; }
legend { padding: 0; margin: 16px 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--soft); }
table { width: 100%; border-collapse: collapse; margin-top: 12px; font-size: 14px; }
td { padding: 4px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
td.n { text-align: right; white-space: nowrap; padding-left: 8px; }
label.opt { display: flex; align-items: center; gap: 10px; padding: 8px 10px; margin-bottom: 6px; border: 1px solid var(--line); border-radius: 12px; cursor: pointer; }
label.opt:has(input:checked) { border-color: var(--accent); background: #f0fbf4; }
.who { display: flex; flex-direction: column; min-width: 0; }
.who small { font-size: 12px; color: var(--soft); overflow-wrap: anywhere; }
select { width: 100%; padding: 8px; border: 1px solid var(--line); border-radius: 10px; font: inherit; }
.actions { display: flex; gap: 10px; margin-top: 18px; }
button { flex: 1; padding: 11px 14px; border: 0; border-radius: 999px; font: inherit; font-weight: 600; cursor: pointer; }
button.pay { background: var(--accent); color: #fff; }
button.cancel { background: #eef1f5; color: var(--ink); }
.error h1 { color: #c62828; }
.note { margin-top: 14px; font-size: 12px; color: var(--soft); }
`;
const STYLE_HASH = cspHash(STYLE);

/** An amount with its currency, as the page writes it: `NT$ 150`, `฿ 35.50`. */
export function money(amount: number, currency: string): string {
  const symbol: Record<string, string> = { TWD: 'NT$', THB: '฿', JPY: '¥', USD: 'US$' };
  const decimals = currency === 'THB' || currency === 'USD' ? 2 : 0;
  return `${symbol[currency] ?? currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/** What the page shows of a person: who, and their balance in the payment's currency. */
export interface Payer {
  user: UserRow;
  balance: number;
}

/**
 * Writes the page of a payment waiting for the person.
 * @param frameAncestors the origins that may frame it (the host's)
 */
export function sendPaymentPage(
  res: Response,
  p: {
    t: LpTransactionRow;
    merchant: LpMerchantRow;
    payers: Payer[];
    selected?: string;
    card: { brand: string; last4: string };
    frameAncestors: string[];
  },
): void {
  const { t, merchant } = p;
  const packages = JSON.parse(t.packages) as RequestBody['packages'];
  const amount = fromMinor(t.amount, t.currency);
  const selected = p.payers.some((x) => x.user.user_id === p.selected) ? p.selected : p.payers[0]?.user.user_id;
  const body = html`<main>
  <p class="brand">LINE Pay · embedkit sandbox</p>
  <h1>${merchant.name}</h1>
  <p class="sub">Order ${t.order_id} · transaction ${t.transaction_id}</p>
  <p class="total" id="line-pay-amount">${money(amount, t.currency)}</p>
  <table>${packages.map((pk) =>
    pk.products.map(
      (pr) => html`<tr><td>${pr.name} × ${pr.quantity}</td><td class="n">${money(pr.price * pr.quantity, t.currency)}</td></tr>`,
    ),
  )}</table>
  <form method="post" action="/web/payment/decide" id="line-pay-form">
    <input type="hidden" name="token" value="${t.page_token}">
    <fieldset>
      <legend>Pay as</legend>
      ${p.payers.map(
        (
          x,
        ) => html`<label class="opt"><input type="radio" name="userId" value="${x.user.user_id}"${x.user.user_id === selected ? html` checked` : ''} required>
        <span class="who"><span>${x.user.display_name}</span><small>LINE Pay balance ${money(x.balance, t.currency)} · ${x.user.user_id}</small></span></label>`,
      )}
    </fieldset>
    <fieldset>
      <legend>Pay with</legend>
      <label class="opt"><input type="radio" name="method" value="BALANCE" checked> <span>LINE Pay balance</span></label>
      <label class="opt"><input type="radio" name="method" value="CREDIT_CARD"> <span>${p.card.brand} •••• ${p.card.last4} (test card)</span></label>
    </fieldset>
    <fieldset>
      <legend>Make it fail (sandbox)</legend>
      <select name="outcome" id="line-pay-outcome" aria-label="Make it fail">
        <option value="">No: the payment goes through</option>
        <option value="lowBalance">Low balance: confirm answers 1142</option>
        <option value="cardDeclined">Card declined: confirm answers 1110</option>
      </select>
    </fieldset>
    <div class="actions">
      <button class="pay" id="line-pay-pay" type="submit" name="decision" value="pay">Pay ${money(amount, t.currency)}</button>
      <button class="cancel" id="line-pay-cancel" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
  <p class="note">A sandbox payment: no money moves. Pay returns to the merchant's confirmUrl with transactionId and orderId; the merchant then confirms. The page expires 20 minutes after the request.</p>
</main>`;
  send(res, 200, 'LINE Pay', body, [originOf(t.confirm_url), originOf(t.cancel_url)], p.frameAncestors);
}

/** Writes the page of a payment that cannot be paid (unknown, expired, paid or cancelled). */
export function sendPaymentError(
  res: Response,
  status: number,
  title: string,
  message: string,
  frameAncestors: string[],
  back?: string,
): void {
  const body = html`<main class="error">
  <p class="brand">LINE Pay · embedkit sandbox</p>
  <h1>${title}</h1>
  <p id="line-pay-error">${message}</p>
  ${back ? html`<p><a href="${back}">Back to the merchant</a></p>` : ''}
</main>`;
  send(res, status, title, body, [], frameAncestors);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "'none'";
  }
}

function send(res: Response, status: number, title: string, body: SafeHtml, formTargets: string[], frameAncestors: string[]): void {
  const page = pageDocument(title, STYLE, body);
  // form-action also governs the redirect that answers the form: the merchant's confirmUrl and cancelUrl origins.
  const csp = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action 'self'${[...new Set(formTargets)].map((o) => ` ${o}`).join('')}`,
    `frame-ancestors 'self'${frameAncestors.map((o) => ` ${o}`).join('')}`,
    "base-uri 'none'",
  ].join('; ');
  sendPage(res, status, page, csp, { framed: true });
}
