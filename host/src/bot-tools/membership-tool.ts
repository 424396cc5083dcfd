/**
 * The side panel's "Membership" tool (inside the "Bot" group): the chosen bot's membership plans as
 * the signed-in person sees them (title, price, benefits, members and limit, their member number
 * and next billing date), with Join on a plan they have not joined and Leave on one they have. The
 * bot hears each as a `membership` event (joined, left); renewals come from moving the clock.
 * See docs/platform/memberships.md.
 */
import type { BotApi, MembershipPlanView } from '../simulator-api/bot-api.js';
import { h, replaceChildren } from '../shared/dom.js';
import { HOST_EVENTS } from './event-types.js';
import { BotTool } from '../shared/folding-tool.js';

/** What the tool calls: the plans, joining and leaving (a {@link BotApi}, or a fake in tests). */
export type MembershipCalls = Pick<BotApi, 'membershipPlans' | 'membership'>;

/** A plan's price as people read it, e.g. `500 JPY / month`. */
export function priceText(plan: Pick<MembershipPlanView, 'price' | 'currency'>): string {
  return `${plan.price} ${plan.currency} / month`;
}

/** A plan's members as people read it, e.g. `3 members` or `3 / 10 members`. */
export function membersText(plan: Pick<MembershipPlanView, 'memberCount' | 'memberLimit'>): string {
  return plan.memberLimit === null ? `${plan.memberCount} members` : `${plan.memberCount} / ${plan.memberLimit} members`;
}

/**
 * The tool (`details#membership-tool`): one `.membership-plan` per plan with `.membership-join` or
 * `.membership-leave`, and `#membership-status` saying how the last action went. The plans change
 * with the clock (renewals) as well as by this tool: they are read whenever it opens.
 */
export class MembershipTool extends BotTool {
  private readonly list: HTMLElement;

  constructor(private readonly calls: MembershipCalls) {
    super({ tool: 'membership-tool', status: 'membership-status' }, HOST_EVENTS.membership.label, 'the plans');
    this.list = h('div', { className: 'membership-plans', attrs: { id: 'membership-plans' } });
    this.fill(this.list);
  }

  /** The person whose plans are shown. */
  private get userId(): string {
    return this.subject;
  }

  protected override ready(): boolean {
    return super.ready() && this.userId !== '';
  }

  protected override async read(): Promise<void> {
    this.draw(await this.calls.membershipPlans(this.channelId, this.userId));
  }

  private draw(plans: MembershipPlanView[]): void {
    if (plans.length === 0) {
      replaceChildren(this.list, [h('p', { className: 'field-note', text: 'This bot has no membership plans.' })]);
      return;
    }
    replaceChildren(
      this.list,
      plans.map((p) => {
        const sub = p.subscription;
        const full = p.memberLimit !== null && p.memberCount >= p.memberLimit;
        const button = sub
          ? h('button', {
              className: 'membership-leave',
              text: 'Leave',
              attrs: { type: 'button' },
              on: { click: () => void this.joinOrLeave('leave', p) },
            })
          : h('button', {
              className: 'membership-join',
              text: 'Join',
              attrs: { type: 'button', disabled: !p.isPublished || full },
              on: { click: () => void this.joinOrLeave('join', p) },
            });
        return h(
          'div',
          { className: 'membership-plan', attrs: { 'data-membership-id': String(p.membershipId) } },
          h('strong', { className: 'membership-title', text: p.title }),
          h('span', { className: 'membership-price', text: ` ${priceText(p)}` }),
          h('p', { className: 'field-note', text: p.description }),
          h('ul', { className: 'membership-benefits' }, ...p.benefits.map((b) => h('li', { text: b }))),
          h('p', {
            className: 'membership-state field-note',
            text: sub
              ? `Member No. ${sub.membershipNo}, ${sub.totalSubscriptionMonths} month(s), next billing ${sub.nextBillingDate}`
              : `${membersText(p)}${p.isPublished ? '' : ', not published'}${full ? ', full' : ''}`,
          }),
          button,
        );
      }),
    );
  }

  private joinOrLeave(kind: 'join' | 'leave', plan: MembershipPlanView): Promise<void> {
    return this.act(async () => {
      await this.calls.membership(kind, plan.membershipId, this.userId);
      this.setStatus(kind === 'join' ? `Joined ${plan.title}.` : `Left ${plan.title}.`, 'info');
    });
  }
}
