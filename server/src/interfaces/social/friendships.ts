/**
 * Friendships of users with a channel's linked bot (spec part C "Friendship"; "States and
 * transitions": a follow makes a friend, a block makes blocked). Stored in `bot_friends`, the
 * table the bot messaging interface reads, so there is one truth for both.
 */
import type { FriendshipBody } from '#contract/requests.js';
import type { Clock } from '../../clock/clock.js';
import { accessDenied, badRequest, unknownChannel, unknownUser } from '../../http/errors.js';
import type { BotsInChatsStore, FriendState } from '../../world/bots-in-chats-store.js';
import type { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { UserTokenRow } from '../../tokens/user-token-store.js';
import type { WorldStore } from '../../world/world-store.js';

/** A user's friendship with a channel's bot as the simulator shows it. */
export interface FriendshipView {
  userId: string;
  channelId: string;
  /** `none`: the user never added the bot. */
  state: FriendState | 'none';
  /** What `GET /friendship/v1/status` answers: added and not blocked. */
  friendFlag: boolean;
  /** False when the channel has no linked bot (the status call is then refused). */
  botLinked: boolean;
}

/** A change of a friendship, for listeners (the bot's follow and unfollow events). */
export interface FriendshipChange {
  userId: string;
  channelId: string;
  from: FriendState | 'none';
  to: FriendState;
  /** Simulated time of the change, ms since the epoch. */
  at: number;
}

/** Reads and changes friendships; {@link FriendshipService.onChange} lets the bot side send follow and unfollow events. */
export class FriendshipService {
  private readonly listeners = new Set<(change: FriendshipChange) => void | Promise<void>>();

  constructor(
    private readonly botsInChats: BotsInChatsStore,
    private readonly logins: ChannelLoginStore,
    private readonly world: WorldStore,
    private readonly clock: Clock,
  ) {}

  /**
   * `GET /friendship/v1/status` for the token's user and channel.
   * @throws ApiError 403 when the channel has no linked bot (spec: "a bot must be linked").
   */
  async status(token: UserTokenRow): Promise<{ friendFlag: boolean }> {
    if (!(await this.logins.get(token.channel_id)).botLinked) {
      throw accessDenied(`The channel ${token.channel_id} has no linked bot`);
    }
    return { friendFlag: (await this.botsInChats.friendState(token.channel_id, token.user_id)) === 'friend' };
  }

  /**
   * The friendship of a user with a channel's bot.
   * @throws ApiError 404 for an unknown user or channel.
   */
  async get(userId: string, channelId: string): Promise<FriendshipView> {
    await this.checkKnown(userId, channelId);
    const state = (await this.botsInChats.friendState(channelId, userId)) ?? 'none';
    const { botLinked } = await this.logins.get(channelId);
    return { userId, channelId, state, friendFlag: state === 'friend', botLinked };
  }

  /**
   * The user adds (or unblocks) the bot with `{state: "friend"}`, or blocks it with
   * `{state: "blocked"}`. Listeners hear of every change.
   * @throws ApiError 400 for an invalid body or a channel without a linked bot, 404 for an
   *   unknown user or channel.
   */
  async set(userId: string, channelId: string, body: FriendshipBody): Promise<FriendshipView> {
    const to = body.state;
    const before = await this.get(userId, channelId);
    if (!before.botLinked) throw badRequest(`The channel ${channelId} has no linked bot`);
    if (before.state !== to) {
      const at = this.clock.now();
      await this.botsInChats.setFriendState(channelId, userId, to, at);
      for (const listener of this.listeners) await listener({ userId, channelId, from: before.state, to, at });
    }
    return { ...before, state: to, friendFlag: to === 'friend' };
  }

  /** Calls `listener` after every change of a friendship. @returns a function that removes it. */
  onChange(listener: (change: FriendshipChange) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async checkKnown(userId: string, channelId: string): Promise<void> {
    if (!(await this.world.user(userId))) throw unknownUser(userId, 404);
    if (!(await this.world.channel(channelId))) throw unknownChannel(channelId);
  }
}
