// @vitest-environment happy-dom
/**
 * The side panel's Membership tool (`host/src/bot-tools/membership-tool.ts`): a bot's plans as the
 * person sees them (price, benefits, members and limit; their member number, months and next
 * billing date), Join and Leave through the calls with the server's answer drawn after, a full or
 * unpublished plan that cannot be joined, a refusal shown as the status, and a hostile title kept
 * as text.
 */
import { describe, expect, it } from 'vitest';
import { MembershipTool, membersText, priceText, type MembershipCalls } from '../../src/bot-tools/membership-tool.js';
import type { MembershipPlanView } from '#contract/wire.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';

function plan(over: Partial<MembershipPlanView> = {}): MembershipPlanView {
  return {
    membershipId: 3189,
    title: 'Basic Plan',
    description: 'Photos every Saturday',
    benefits: ['Members Only Photos', 'Members Only Messages'],
    price: 500,
    currency: 'JPY',
    memberCount: 1,
    memberLimit: null,
    isInAppPurchase: true,
    isPublished: true,
    subscription: null,
    ...over,
  };
}

/** Calls over a server-like state: join and leave move it; `refuse` makes the next action fail. */
function fakeCalls(plans: MembershipPlanView[]): MembershipCalls & { actions: string[]; refuse?: string } {
  const calls: MembershipCalls & { actions: string[]; refuse?: string } = {
    actions: [],
    membershipPlans: async () => plans,
    membership: async (kind, membershipId, userId) => {
      calls.actions.push(`${kind} ${membershipId} ${userId}`);
      if (calls.refuse) throw new Error(calls.refuse);
      const i = plans.findIndex((p) => p.membershipId === membershipId);
      const p = plans[i]!;
      plans[i] =
        kind === 'join'
          ? {
              ...p,
              memberCount: p.memberCount + 1,
              subscription: { membershipNo: 2, joinedTime: 1, nextBillingDate: '2026-12-26', totalSubscriptionMonths: 1 },
            }
          : { ...p, memberCount: p.memberCount - 1, subscription: null };
      return plans[i]!;
    },
  };
  return calls;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function open(calls: MembershipCalls): Promise<MembershipTool> {
  const tool = new MembershipTool(calls);
  document.body.replaceChildren(tool.element);
  tool.element.open = true;
  await tool.show('1650000001', ALICE);
  return tool;
}

const planEl = (id: number) => document.querySelector<HTMLElement>(`.membership-plan[data-membership-id="${id}"]`)!;

describe('the Membership tool', () => {
  it('draws each plan: title, price, description, benefits and members with the limit', async () => {
    await open(fakeCalls([plan(), plan({ membershipId: 3213, title: 'Premium', price: 1500.5, memberCount: 3, memberLimit: 10 })]));
    expect(planEl(3189).querySelector('.membership-title')?.textContent).toBe('Basic Plan');
    expect(planEl(3189).querySelector('.membership-price')?.textContent?.trim()).toBe('500 JPY / month');
    expect([...planEl(3189).querySelectorAll('.membership-benefits li')].map((li) => li.textContent)).toEqual([
      'Members Only Photos',
      'Members Only Messages',
    ]);
    expect(planEl(3189).querySelector('.membership-state')?.textContent).toBe('1 members');
    expect(planEl(3213).querySelector('.membership-state')?.textContent).toBe('3 / 10 members');
    expect(priceText({ price: 1500.5, currency: 'THB' })).toBe('1500.5 THB / month');
    expect(membersText({ memberCount: 0, memberLimit: 1 })).toBe('0 / 1 members');
  });

  it('Join subscribes the person and draws their member number and next billing; Leave ends it', async () => {
    const calls = fakeCalls([plan()]);
    await open(calls);
    planEl(3189).querySelector<HTMLButtonElement>('.membership-join')!.click();
    await settle();
    await settle();
    expect(calls.actions).toEqual([`join 3189 ${ALICE}`]);
    expect(planEl(3189).querySelector('.membership-state')?.textContent).toBe('Member No. 2, 1 month(s), next billing 2026-12-26');
    expect(document.querySelector('#membership-status')?.textContent).toBe('Joined Basic Plan.');
    expect(planEl(3189).querySelector('.membership-join')).toBeNull();
    planEl(3189).querySelector<HTMLButtonElement>('.membership-leave')!.click();
    await settle();
    await settle();
    expect(calls.actions).toEqual([`join 3189 ${ALICE}`, `leave 3189 ${ALICE}`]);
    expect(planEl(3189).querySelector('.membership-join')).not.toBeNull();
    expect(document.querySelector('#membership-status')?.textContent).toBe('Left Basic Plan.');
  });

  it('a full or unpublished plan cannot be joined; a refusal shows as the status', async () => {
    const calls = fakeCalls([
      plan({ membershipId: 1, memberCount: 1, memberLimit: 1 }),
      plan({ membershipId: 2, isPublished: false }),
      plan({ membershipId: 3 }),
    ]);
    await open(calls);
    expect(planEl(1).querySelector<HTMLButtonElement>('.membership-join')!.disabled).toBe(true);
    expect(planEl(1).querySelector('.membership-state')?.textContent).toBe('1 / 1 members, full');
    expect(planEl(2).querySelector<HTMLButtonElement>('.membership-join')!.disabled).toBe(true);
    expect(planEl(3).querySelector<HTMLButtonElement>('.membership-join')!.disabled).toBe(false);
    calls.refuse = 'User must be a friend of the bot to join its membership';
    planEl(3).querySelector<HTMLButtonElement>('.membership-join')!.click();
    await settle();
    await settle();
    const status = document.querySelector<HTMLElement>('#membership-status')!;
    expect([status.textContent, status.dataset.kind]).toEqual(['User must be a friend of the bot to join its membership', 'error']);
  });

  it('says when the bot has no plans, reads nothing while closed, and keeps a hostile title as text', async () => {
    let reads = 0;
    let plans: MembershipPlanView[] = [];
    const calls: MembershipCalls = {
      membershipPlans: async () => {
        reads++;
        return plans;
      },
      membership: async () => plan(),
    };
    const tool = new MembershipTool(calls);
    document.body.replaceChildren(tool.element);
    await tool.show('1650000001', ALICE);
    expect(reads).toBe(0);
    tool.element.open = true;
    await tool.load();
    expect(document.querySelector('#membership-plans')?.textContent).toBe('This bot has no membership plans.');
    plans = [plan({ title: '<img src=x onerror=alert(1)>' })];
    await tool.load();
    expect(document.querySelector('img')).toBeNull();
    expect(planEl(3189).querySelector('.membership-title')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
