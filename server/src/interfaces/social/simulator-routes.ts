/**
 * The simulator API's social login routes (docs/project/simulator-api.md): the one clock, users'
 * friendships with a channel's bot, invalidating a user's tokens, making a channel inactive, and
 * the users' pictures. Handlers of the contract's routes (`contract/src/simulator-api.ts`); errors are
 * `{message, details?}` with 400 or 404.
 */
import type { RequestHandler } from 'express';
import type { Clock } from '../../clock/clock.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { CONSENTS_ROUTES } from '#contract/simulator-api/social/consents.js';
import type { ChannelView } from '#contract/wire.js';
import { notFound, unknownChannel, unknownUser } from '../../http/errors.js';
import type { FriendshipService } from './friendships.js';
import { advanceClock, clockState } from '../../clock/sim-clock.js';
import { avatarSvg } from '../../world/avatar.js';
import type { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { TokenInvalidationStore } from './tokens/index.js';
import type { WorldStore } from '../../world/world-store.js';

/** Sizes of a profile picture by suffix (spec part C: `/large` 200x200, `/small` 51x51), in px. */
const PICTURE_SIZES: Record<string, number> = { large: 200, small: 51 };

export function socialSimulatorHandlers(deps: {
  clock: Clock;
  world: WorldStore;
  friendships: FriendshipService;
  invalidations: TokenInvalidationStore;
  logins: ChannelLoginStore;
  /** Told the new offset (ms) after each move, so the other servers on the database follow. */
  clockMoved?: (offsetMs: number) => void;
  /** Applies `blockOperations` of a channel change (the v1 bots' setting), after `active`. */
  setBlockOperations: (channelId: string, on: boolean) => Promise<ChannelView>;
}): Omit<UnitHandlers<'social'>, keyof typeof CONSENTS_ROUTES> {
  const pictureSized: RequestHandler = async (req, res) => {
    const size = PICTURE_SIZES[String(req.params.size)];
    const user = await deps.world.user(String(req.params.userId));
    if (size === undefined || !user?.has_picture) throw notFound('This user has no such picture');
    res
      .type('image/svg+xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(avatarSvg(user.user_id, user.display_name, size));
  };
  return {
    clock: () => clockState(deps.clock),
    advanceClock: async ({ body }) => {
      const state = await advanceClock(deps.clock, deps.world, body);
      deps.clockMoved?.(state.offsetMs);
      return state;
    },
    friendship: ({ params }) => deps.friendships.get(params.userId, params.channelId),
    setFriendship: ({ params, body }) => deps.friendships.set(params.userId, params.channelId, body),
    invalidateTokens: async ({ body }) => {
      const { userId, channelId, reason } = body;
      if (!(await deps.world.user(userId))) throw unknownUser(userId, 404);
      if (!(await deps.world.channel(channelId))) throw unknownChannel(channelId);
      return { invalidated: await deps.invalidations.invalidateUser(userId, channelId, reason, deps.clock.now()) };
    },
    patchChannel: async ({ params, body }) => {
      const { channelId } = params;
      if (!(await deps.world.channel(channelId))) throw unknownChannel(channelId);
      const patch = body;
      if (patch.active !== undefined) await deps.logins.setActive(channelId, patch.active);
      if (patch.blockOperations !== undefined) return deps.setBlockOperations(channelId, patch.blockOperations);
      const login = await deps.logins.get(channelId);
      return { channelId, active: login.active, applicationType: login.applicationType, botLinked: login.botLinked };
    },
    userPictureSized: pictureSized,
  };
}
