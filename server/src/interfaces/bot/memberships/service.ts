/**
 * Membership plans of a bot (published `messaging-api.yml`: getMembershipList,
 * getMembershipSubscription, getJoinedMembershipUsers) and a person's subscriptions to them in the
 * host: joining, leaving, and renewal when the simulated clock passes the next billing time, each
 * a `membership` webhook event (`webhook.yml` MembershipEvent). Choices: docs/platform/memberships.md.
 */
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../../clock/clock.js';
import type { MembershipPlanView } from '#contract/wire.js';
import { type ApiError, badRequest, invalidBody, noChannel, notFound, unknownUser } from '../../../http/errors.js';
import type { MembershipEventKind } from '#contract/event-types.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import type { MembershipPlanStore } from './store.js';
import {
  billingAfter,
  memberPageQueryOf,
  memberPageToken,
  membershipOf,
  renewalsDue,
  subscriptionOf,
  type JoinedUsersQuery,
  type Membership,
  type MembershipPlanRow,
  type Subscription,
} from './rules.js';

/** 404 for a plan ID the bot does not own (getJoinedMembershipUsers' published 404). */
const planNotOwned = (): ApiError => notFound('Membership ID is not owned by the bot or does not exist');

/** What the service is built on; `changed` sends the `membership` event to the bot. */
export interface MembershipPlanDeps {
  store: MembershipPlanStore;
  world: WorldStore;
  botsInChats: BotsInChatsStore;
  clock: Clock;
  changed: (channelId: string, userId: string, type: MembershipEventKind, membershipId: number) => Promise<unknown>;
}

export class MembershipPlanService {
  /** Renewals run one pass at a time in this process (a pass started during another waits for it). */
  private renewing: Promise<void> = Promise.resolve();

  constructor(private readonly d: MembershipPlanDeps) {}

  /**
   * `getMembershipList`: the bot's plans in the scenario's order, published or not, each with its
   * count of subscribed people.
   * @returns `MembershipListResponse`
   * @throws ApiError 404 when the bot has no plan (membership is not set up for it)
   */
  async list(channel: ChannelRow): Promise<{ memberships: Membership[] }> {
    const plans = await this.d.store.plans(channel.channel_id);
    if (plans.length === 0) throw notFound('Unable to get information about the memberships');
    const counts = await this.d.store.memberCounts(channel.channel_id);
    return { memberships: plans.map((p) => membershipOf(p, counts.get(Number(p.membership_id)) ?? 0)) };
  }

  /**
   * `getMembershipSubscription`: a person's subscriptions to the bot's plans, renewals due first.
   * @returns `GetMembershipSubscriptionResponse`
   * @param userId a user ID, checked at the door (`SubscriptionParams`, rules.ts)
   * @throws ApiError 404 for a person with no subscription to the bot's plans (or no such person)
   */
  async subscription(channel: ChannelRow, userId: string): Promise<{ subscriptions: Subscription[] }> {
    await this.renewDue();
    const subs = await this.d.store.subscriptionsOf(channel.channel_id, userId);
    if (subs.length === 0) throw notFound('Unable to get information about the membership to which the user subscribes');
    return { subscriptions: subs.map(({ plan, sub }) => subscriptionOf(plan, sub)) };
  }

  /**
   * `getJoinedMembershipUsers`: one page of the people subscribed to a plan, in member number
   * order; people who are not the bot's friends or have not agreed to the terms are left out (the
   * published `userIds`).
   * @param query `{start?, limit?}`, checked at the door ({@link JoinedUsersQuery})
   * @returns `GetJoinedMembershipUsersResponse` (`next` when more remain)
   * @throws ApiError 404 for a plan the bot does not own; 400 for a `start` that is not a `next`
   *   of this plan's list, or has expired
   */
  async joinedUsers(
    channel: ChannelRow,
    membershipId: string,
    query: Static<typeof JoinedUsersQuery>,
  ): Promise<{ userIds: string[]; next?: string }> {
    const plan = await this.ownPlan(channel, membershipId);
    const now = this.d.clock.now();
    const q = memberPageQueryOf(query, Number(plan.membership_id), now);
    if ('details' in q) throw invalidBody(q.details);
    const visible: { userId: string; no: number }[] = [];
    for (const s of await this.d.store.members(Number(plan.membership_id), q.after, Number.MAX_SAFE_INTEGER)) {
      if (visible.length > q.limit) break;
      if ((await this.d.botsInChats.friendState(channel.channel_id, s.user_id)) !== 'friend') continue;
      if ((await this.d.world.user(s.user_id))?.agreed === 0) continue;
      visible.push({ userId: s.user_id, no: Number(s.membership_no) });
    }
    const page = visible.slice(0, q.limit);
    const more = visible.length > q.limit;
    return {
      userIds: page.map((v) => v.userId),
      ...(more ? { next: memberPageToken(Number(plan.membership_id), page[page.length - 1]!.no, now) } : {}),
    };
  }

  /**
   * The host's view of a bot's plans for a person: every plan with its count and the person's
   * subscription or null; renewals due first.
   * @throws ApiError 404 for an unknown channel
   */
  async planViews(channelId: string, userId: string): Promise<{ memberships: MembershipPlanView[] }> {
    if (!(await this.d.world.channel(channelId))) throw noChannel(channelId);
    await this.renewDue();
    const [plans, counts, subs] = await Promise.all([
      this.d.store.plans(channelId),
      this.d.store.memberCounts(channelId),
      this.d.store.subscriptionsOf(channelId, userId),
    ]);
    const mine = new Map(subs.map(({ sub }) => [Number(sub.membership_id), sub]));
    return {
      memberships: plans.map((p) => {
        const sub = mine.get(Number(p.membership_id));
        return {
          ...membershipOf(p, counts.get(Number(p.membership_id)) ?? 0),
          subscription: sub ? subscriptionOf(p, sub).user : null,
        };
      }),
    };
  }

  /**
   * A person joins a plan: member number the plan's next, one month paid, billed again a
   * calendar month later (UTC+9); the bot gets `membership: {type: 'joined'}`.
   * @throws ApiError 404 for an unknown plan or person; 400 when the person is not the bot's
   *   friend, the plan is not published or full, or they are subscribed already
   */
  async join(membershipId: string, userId: string): Promise<MembershipPlanView> {
    const { plan } = await this.planAndPerson(membershipId, userId);
    const channelId = plan.channel_id;
    if ((await this.d.botsInChats.friendState(channelId, userId)) !== 'friend')
      throw badRequest(`User ${userId} must be a friend of the bot to join its membership`);
    if (!membershipOf(plan, 0).isPublished) throw badRequest(`Membership ${membershipId} is not published`);
    const now = this.d.clock.now();
    const joined = await this.d.store.join(plan, userId, now, billingAfter(now, 1));
    if (joined === 'member') throw badRequest(`User ${userId} has already joined membership ${membershipId}`);
    if (joined === 'full') throw badRequest(`Membership ${membershipId} has reached its member limit`);
    await this.d.changed(channelId, userId, 'joined', Number(plan.membership_id));
    return this.viewOf(channelId, Number(plan.membership_id), userId);
  }

  /**
   * A person leaves a plan (their subscription ends now; months are counted afresh if they join
   * again); the bot gets `membership: {type: 'left'}`.
   * @throws ApiError 404 for an unknown plan or person; 400 when they have not joined it
   */
  async leave(membershipId: string, userId: string): Promise<MembershipPlanView> {
    const { plan } = await this.planAndPerson(membershipId, userId);
    if (!(await this.d.store.leave(Number(plan.membership_id), userId)))
      throw badRequest(`User ${userId} has not joined membership ${membershipId}`);
    await this.d.changed(plan.channel_id, userId, 'left', Number(plan.membership_id));
    return this.viewOf(plan.channel_id, Number(plan.membership_id), userId);
  }

  /**
   * Renews every subscription whose next billing time the simulated clock has passed: one month
   * and one `membership: {type: 'renewed'}` event per billing time passed. Safe to call from
   * several processes at once: a subscription's renewal is recorded once (store.renew).
   */
  renewDue(): Promise<void> {
    const pass = this.renewing.then(() => this.renewNow());
    this.renewing = pass.catch(() => undefined);
    return pass;
  }

  private async renewNow(): Promise<void> {
    const now = this.d.clock.now();
    for (const sub of await this.d.store.due(now)) {
      const due = renewalsDue(sub, now);
      const months = due[due.length - 1];
      if (months === undefined) continue;
      if (!(await this.d.store.renew(sub, months, billingAfter(Number(sub.joined_at), months)))) continue;
      for (let i = 0; i < due.length; i++) await this.d.changed(sub.channel_id, sub.user_id, 'renewed', Number(sub.membership_id));
    }
  }

  private async viewOf(channelId: string, membershipId: number, userId: string): Promise<MembershipPlanView> {
    const view = (await this.planViews(channelId, userId)).memberships.find((m) => m.membershipId === membershipId);
    if (!view) throw notFound(`No membership ${membershipId}`);
    return view;
  }

  private async planAndPerson(membershipId: string, userId: string): Promise<{ plan: MembershipPlanRow }> {
    const plan = /^[0-9]{1,15}$/.test(membershipId) ? await this.d.store.plan(Number(membershipId)) : undefined;
    if (!plan) throw notFound(`No membership ${membershipId}`);
    if (!(await this.d.world.user(userId))) throw unknownUser(userId, 404);
    return { plan };
  }

  private async ownPlan(channel: ChannelRow, membershipId: string): Promise<MembershipPlanRow> {
    const plan = /^[0-9]{1,15}$/.test(membershipId) ? await this.d.store.plan(Number(membershipId)) : undefined;
    if (!plan || plan.channel_id !== channel.channel_id) throw planNotOwned();
    return plan;
  }
}
