/** Membership plans (event `membership`): a person joins, leaves or renews a bot's plan. */
import { draftOf, type MembershipEventKind } from '#contract/event-types.js';
import { userSource } from '../../../webhooks/events.js';
import type { BotEventContext } from './context.js';
import { botChatIdOf } from './friendship.js';

/** The rule of the membership event (published `webhook.yml` MembershipEvent). */
export class MembershipPlanEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A person joined, left or renewed a plan of the bot: the bot gets `membership: {type,
   * membershipId}` with a reply token, in the order of the person's chat with the bot.
   * @returns the delivery's id, or null when none was stored
   */
  async membershipChanged(channelId: string, userId: string, type: MembershipEventKind, membershipId: number): Promise<number | null> {
    return this.c.d.emitter.emit(channelId, botChatIdOf(channelId, userId), [
      draftOf('membership', userSource(userId), type, membershipId),
    ]);
  }
}
