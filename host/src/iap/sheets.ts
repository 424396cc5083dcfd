/**
 * The sheets of LINE MINI App in-app purchase over the phone screen (docs/platform/mini-apps.md,
 * "In-app purchase"): the consent screen of the "Terms of Use: LINE In-App Purchase System"
 * (`liff.iap.requestConsentAgreement`), and the store's payment sheet (`liff.iap.createPayment`)
 * in the look of the device's store, App Store on iOS, Google Play on Android, where the person
 * buys, cancels, or makes the payment fail on purpose (a declined card, the network lost) to see
 * how the MINI App copes. Every text the app or the scenario gave is set as text, never as markup.
 */
import type { IapFailure, IapStore } from '#contract/iap.js';
import { h } from '../shared/dom.js';

/** What the payment sheet shows: the MINI App, the store and the order's product and price. */
export interface PaymentSheet {
  appName: string;
  store: IapStore;
  productName: string;
  shopProductName: string;
  price: number;
  currency: string;
}

/** What the person did on the payment sheet. */
export type PaymentOutcome = { outcome: 'paid' } | { outcome: 'cancelled' } | { outcome: 'failed'; failure: IapFailure };

const SHEET_STYLE = 'position:absolute;left:0;right:0;bottom:0;z-index:1000;padding:16px;border-radius:14px 14px 0 0;';
const BACKDROP_STYLE = 'position:absolute;inset:0;z-index:999;background:rgba(0,0,0,0.35)';
const BUTTON_STYLE = 'display:block;width:100%;margin-top:8px;padding:10px;border-radius:8px;font-size:15px;cursor:pointer;';

/** The look of each store's sheet: its name, colours and the wording of its buy button. */
const STORE_LOOK: Record<IapStore, { name: string; sheet: string; buy: string; buyLabel: string }> = {
  appStore: {
    name: 'App Store',
    sheet: 'background:#f2f2f7;color:#000;font-family:-apple-system,system-ui,sans-serif;',
    buy: 'background:#007aff;color:#fff;border:0;',
    buyLabel: 'Purchase',
  },
  googlePlay: {
    name: 'Google Play',
    sheet: 'background:#fff;color:#202124;font-family:Roboto,system-ui,sans-serif;',
    buy: 'background:#01875f;color:#fff;border:0;',
    buyLabel: 'Buy',
  },
};

/** A price as the store writes it in its currency (`$0.99`, `¥100`); the bare number and code for a currency the browser does not know. */
export function formatPrice(price: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(price);
  } catch {
    return `${price} ${currency}`;
  }
}

/** Shows a sheet with a backdrop on `screen`; `finish` removes both. */
function sheet(screen: HTMLElement, id: string, label: string, style: string, ...children: HTMLElement[]) {
  const backdrop = h('div', { attrs: { style: BACKDROP_STYLE } });
  const root = h(
    'div',
    { attrs: { id, role: 'dialog', 'aria-modal': 'true', 'aria-label': label, style: SHEET_STYLE + style } },
    ...children,
  );
  screen.append(backdrop, root);
  return () => {
    backdrop.remove();
    root.remove();
  };
}

/**
 * The consent screen: the person agrees to the in-app purchase terms, or declines.
 * @param screen the positioned phone screen
 * @returns true when they agreed
 */
export function askIapConsent(screen: HTMLElement, appName: string): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (agreed: boolean) => {
      close();
      resolve(agreed);
    };
    const close = sheet(
      screen,
      'iap-consent',
      'In-app purchase terms',
      'background:#fff;color:#1d2330;font-family:system-ui,sans-serif;',
      h('h2', { text: 'LINE In-App Purchase', attrs: { style: 'margin:0 0 8px;font-size:18px' } }),
      h('p', {
        text: `${appName} uses in-app purchase. Agree to the "Terms of Use: LINE In-App Purchase System" to buy items in LINE MINI Apps. You agree once, for every LINE MINI App.`,
      }),
      h('button', {
        text: 'Agree',
        attrs: { id: 'iap-consent-agree', type: 'button', style: `${BUTTON_STYLE}background:#06c755;color:#fff;border:0;` },
        on: { click: () => done(true) },
      }),
      h('button', {
        text: 'Disagree',
        attrs: { id: 'iap-consent-decline', type: 'button', style: `${BUTTON_STYLE}background:#fff;border:1px solid #ccc;` },
        on: { click: () => done(false) },
      }),
    );
  });
}

/**
 * The store's payment sheet for an order, in the look of `store`: buy, cancel, or fail on purpose.
 * @param screen the positioned phone screen
 */
export function showPaymentSheet(screen: HTMLElement, order: PaymentSheet): Promise<PaymentOutcome> {
  const look = STORE_LOOK[order.store];
  return new Promise((resolve) => {
    const done = (outcome: PaymentOutcome) => {
      close();
      resolve(outcome);
    };
    const button = (id: string, text: string, style: string, outcome: PaymentOutcome) =>
      h('button', { text, attrs: { id, type: 'button', style: BUTTON_STYLE + style }, on: { click: () => done(outcome) } });
    const close = sheet(
      screen,
      'iap-payment',
      look.name,
      look.sheet,
      h('div', { text: look.name, attrs: { 'data-store': order.store, style: 'font-weight:600;font-size:13px;opacity:0.7' } }),
      h('h2', { className: 'iap-product', text: order.productName, attrs: { style: 'margin:8px 0 2px;font-size:18px' } }),
      h('div', {
        className: 'iap-app',
        text: `${order.appName} · ${order.shopProductName}`,
        attrs: { style: 'font-size:13px;opacity:0.7' },
      }),
      h('div', {
        className: 'iap-price',
        text: formatPrice(order.price, order.currency),
        attrs: { style: 'margin:12px 0;font-size:22px;font-weight:600' },
      }),
      h('div', { text: 'Test payment: no money is charged.', attrs: { style: 'font-size:12px;opacity:0.7' } }),
      button('iap-pay', look.buyLabel, look.buy, { outcome: 'paid' }),
      button('iap-cancel', 'Cancel', 'background:transparent;border:1px solid #bbb;', { outcome: 'cancelled' }),
      h(
        'details',
        { attrs: { style: 'margin-top:8px;font-size:13px' } },
        h('summary', { text: 'Make it fail' }),
        button('iap-fail-declined', 'Card declined', 'background:#fff;border:1px solid #d93025;color:#d93025;', {
          outcome: 'failed',
          failure: 'cardDeclined',
        }),
        button('iap-fail-network', 'Network lost', 'background:#fff;border:1px solid #d93025;color:#d93025;', {
          outcome: 'failed',
          failure: 'networkLost',
        }),
      ),
    );
  });
}
