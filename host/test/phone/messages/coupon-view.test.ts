// @vitest-environment happy-dom
/**
 * The coupon card (`host/src/phone/messages/coupon/view.ts`): image, title, reward, dates and the Use button; the
 * person's state read through the chat's coupon calls (running, used, expired, closed), tapping
 * Use, and a hostile title that stays text.
 */
import { describe, expect, it } from 'vitest';
import { coupon, rewardText } from '../../../src/phone/messages/coupon/view.js';
import { COUPON } from '../../../src/phone/messages/coupon/samples.js';
import type { CouponCalls, DrawContext } from '../../../src/phone/messages/kind.js';
import type { CouponTicket } from '#contract/wire.js';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** Coupon calls over one person's state; `use` moves it as the server would for a one-use coupon. */
function calls(state: CouponTicket['state'], useCount = 0): CouponCalls & { used: string[] } {
  let t: CouponTicket = { coupon: COUPON.coupon as unknown as CouponTicket['coupon'], state, useCount };
  const used: string[] = [];
  return {
    used,
    ticket: async () => t,
    use: async (id) => {
      used.push(id);
      if (t.state !== 'usable') throw new Error('400');
      t = { ...t, state: 'used', useCount: t.useCount + 1 };
      return t;
    },
  };
}

async function draw(message: Record<string, unknown>, coupons?: CouponCalls): Promise<HTMLElement> {
  const context: DrawContext = { onAction: () => undefined, ...(coupons ? { coupons } : {}) };
  const { node } = coupon.draw(message, context)!;
  document.body.replaceChildren(node);
  await settle();
  return node;
}

const text = (node: HTMLElement, selector: string) => node.querySelector(selector)?.textContent;
const useButton = (node: HTMLElement) => node.querySelector<HTMLButtonElement>('.m-coupon-use')!;

describe('the coupon card', () => {
  it('draws the title, the reward, the validity dates and Use while running', async () => {
    const node = await draw(COUPON, calls('usable'));
    expect(text(node, '.m-coupon-title')).toBe('10% off everything');
    expect(text(node, '.m-coupon-reward')).toBe('10% off');
    expect(text(node, '.m-coupon-dates')).toBe('2026-01-01 – 2030-12-31');
    expect(node.dataset.state).toBe('usable');
    expect(useButton(node).hidden).toBe(false);
    expect(coupon.preview(COUPON)).toBe('Coupon: 10% off everything');
  });

  it('tapping Use marks it used for the person', async () => {
    const c = calls('usable');
    const node = await draw(COUPON, c);
    useButton(node).click();
    await settle();
    expect(c.used).toEqual([COUPON.couponId]);
    expect(node.dataset.state).toBe('used');
    expect(text(node, '.m-coupon-status')).toBe('Used');
    expect(useButton(node).hidden).toBe(true);
  });

  it.each([
    ['used', 'Used'],
    ['expired', 'Expired'],
    ['closed', 'Closed'],
    ['notStarted', 'Not yet available'],
  ] as const)('a coupon %s shows "%s" and no Use button', async (state, word) => {
    const node = await draw(COUPON, calls(state));
    expect(node.dataset.state).toBe(state);
    expect(text(node, '.m-coupon-status')).toBe(word);
    expect(useButton(node).hidden).toBe(true);
    expect(useButton(node).disabled).toBe(true);
  });

  it('keeps a hostile title and image inert', async () => {
    const hostile = {
      ...COUPON,
      coupon: {
        ...COUPON.coupon,
        title: '<img src=x onerror="window.pwned=1">',
        usageCondition: '<b>bold</b>',
        imageUrl: 'javascript:alert(1)',
      },
    };
    const node = await draw(hostile, calls('usable'));
    expect(text(node, '.m-coupon-title')).toBe('<img src=x onerror="window.pwned=1">');
    expect(node.querySelector('.m-coupon-title img, b')).toBeNull();
    expect(node.querySelector('img[src^="javascript"]')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('names each reward', () => {
    expect(rewardText({ type: 'cashBack', priceInfo: { type: 'fixed', fixedAmount: 500 } })).toBe('500 cash back');
    expect(rewardText({ type: 'discount', priceInfo: { type: 'explicit', priceAfterDiscount: 800, originalPrice: 1000 } })).toBe(
      '800 (was 1000)',
    );
    expect(rewardText({ type: 'free' })).toBe('Free');
    expect(rewardText(undefined)).toBe('');
  });
});
