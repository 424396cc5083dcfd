/**
 * `coupon`: the card the messenger draws for a bot's coupon (docs/platform/coupons.md): the image, the
 * title, the reward, the validity dates and a "Use" button. The card's fields come with the stored
 * message (`coupon`, the server's snapshot when it was sent); the person's state (used, expired,
 * closed) is read, and Use is tapped, through the chat's coupon calls when it has them.
 */
import { h } from '../../../shared/dom.js';
import type { CouponTicket } from '#contract/wire.js';
import type { DrawContext, Json, KindView } from '../kind.js';
import { messageImage, obj, str } from '../parts.js';

/** A person's state of a coupon, as the server answers it. */
export type CouponState = CouponTicket['state'];

/** The reward line: "10% off", "500 off", "10% cash back", "Free", "Gift"... ("" without a reward). */
export function rewardText(reward: unknown): string {
  const r = obj(reward) ?? {};
  const price = obj(r.priceInfo) ?? {};
  const amount = typeof price.fixedAmount === 'number' ? String(price.fixedAmount) : '';
  const pct = typeof price.percentage === 'number' ? `${price.percentage}%` : '';
  switch (r.type) {
    case 'discount':
      if (price.type === 'explicit' && typeof price.priceAfterDiscount === 'number')
        return `${price.priceAfterDiscount}${typeof price.originalPrice === 'number' ? ` (was ${price.originalPrice})` : ''}`;
      return pct || amount ? `${pct || amount} off` : 'Discount';
    case 'cashBack':
      return pct || amount ? `${pct || amount} cash back` : 'Cash back';
    case 'free':
      return 'Free';
    case 'gift':
      return 'Gift';
    case 'others':
      return 'Special offer';
    default:
      return '';
  }
}

/** A date of the validity, from epoch seconds (the phone's time zone), or "" when absent. */
function dateOf(seconds: unknown): string {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().slice(0, 10) : '';
}

/** The card's footer for a state: the Use button, or the word that replaces it. */
const STATE_TEXT: Record<Exclude<CouponState, 'usable'>, string> = {
  used: 'Used',
  expired: 'Expired',
  closed: 'Closed',
  notStarted: 'Not yet available',
};

/** Draws a state on the card: the button enabled only while usable, else the state's word. */
export function showState(card: HTMLElement, state: CouponState, useCount = 0): void {
  card.dataset.state = state;
  const button = card.querySelector<HTMLButtonElement>('.m-coupon-use')!;
  const status = card.querySelector<HTMLElement>('.m-coupon-status')!;
  button.hidden = state !== 'usable';
  button.disabled = state !== 'usable';
  status.textContent = state === 'usable' ? (useCount > 0 ? `Used ${useCount} time${useCount === 1 ? '' : 's'}` : '') : STATE_TEXT[state];
}

/** `coupon`: the card; its state comes from the chat's coupon calls (none: usable as sent). */
function renderCoupon(m: Json, context: DrawContext): HTMLElement {
  const c = obj(m.coupon) ?? {};
  const couponId = str(m.couponId);
  const reward = rewardText(c.reward);
  const from = dateOf(c.startTimestamp);
  const until = dateOf(c.endTimestamp);
  const button = h('button', { className: 'm-coupon-use', text: 'Use', attrs: { type: 'button' } });
  const card = h(
    'div',
    { className: 'm-card m-coupon', attrs: { 'data-coupon-id': couponId } },
    c.imageUrl
      ? messageImage(c.imageUrl, 'm-coupon-image')
      : h('div', { className: 'm-coupon-image m-coupon-blank', attrs: { 'aria-hidden': 'true' } }),
    h(
      'div',
      { className: 'm-card-body' },
      h('div', { className: 'm-coupon-title', text: str(c.title) || 'Coupon' }),
      reward ? h('div', { className: 'm-coupon-reward', text: reward }) : null,
      from || until ? h('div', { className: 'm-coupon-dates', text: `${from} – ${until}` }) : null,
      c.usageCondition ? h('div', { className: 'm-coupon-condition', text: str(c.usageCondition) }) : null,
      h('div', { className: 'm-coupon-footer' }, button, h('span', { className: 'm-coupon-status', attrs: { role: 'status' } })),
    ),
  );
  showState(card, 'usable');
  const coupons = context.coupons;
  if (coupons && couponId) {
    void coupons.ticket(couponId).then(
      (t) => showState(card, t.state, t.useCount),
      () => undefined,
    );
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      button.disabled = true;
      void coupons.use(couponId).then(
        (t) => showState(card, t.state, t.useCount),
        () =>
          void coupons.ticket(couponId).then(
            (t) => showState(card, t.state, t.useCount),
            () => showState(card, 'usable'),
          ),
      );
    });
  }
  return card;
}

/** `coupon`: the chat list says "Coupon: <title>". */
export const coupon: KindView = {
  label: () => 'Coupon',
  draw: (m, context) => ({ node: renderCoupon(m, context), wide: false }),
  preview: (m) => (str(obj(m.coupon)?.title) ? `Coupon: ${str(obj(m.coupon)?.title)}` : 'Coupon'),
  cardText: (m) => str(obj(m.coupon)?.title) || 'Coupon',
};
