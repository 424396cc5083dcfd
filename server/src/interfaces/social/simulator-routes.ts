/**
 * Simulator calls for the social login (docs/simulator-api.md): the one clock, users'
 * friendships with a channel's bot, invalidating a user's tokens, and making a channel inactive.
 * They are not part of the platform.
 */
import { Router } from 'express';
import type { Clock } from '../../clock/clock.js';
import { jsonBody } from '../../http/body.js';
import { invalidBody, notFound } from '../../http/errors.js';
import { checkChannelPatchBody, checkInvalidateBody } from './schemas.js';
import type { FriendshipService } from './friendships.js';
import { advanceClock, clockState } from '../../clock/sim-clock.js';
import type { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { InvalidationReason, TokenInvalidationStore } from './token-invalidation-store.js';
import type { WorldStore } from '../../world/world-store.js';

/** Simulator routes of the social login; errors are `{message, details?}` with 400 or 404. */
export function socialSimulatorRoutes(deps: {
  clock: Clock;
  world: WorldStore;
  friendships: FriendshipService;
  invalidations: TokenInvalidationStore;
  logins: ChannelLoginStore;
  /** Told the new offset (ms) after each move, so the other servers on the database follow. */
  clockMoved?: (offsetMs: number) => void;
}): Router {
  const r = Router();
  r.get('/embedkit/v1/clock', (_req, res) => {
    res.json(clockState(deps.clock));
  });
  r.post('/embedkit/v1/clock', jsonBody, async (req, res) => {
    const state = await advanceClock(deps.clock, deps.world, req.body);
    deps.clockMoved?.(state.offsetMs);
    res.json(state);
  });

  r.get('/embedkit/v1/users/:userId/friendships/:channelId', async (req, res) => {
    res.json(await deps.friendships.get(String(req.params.userId), String(req.params.channelId)));
  });
  r.put('/embedkit/v1/users/:userId/friendships/:channelId', jsonBody, async (req, res) => {
    res.json(await deps.friendships.set(String(req.params.userId), String(req.params.channelId), req.body));
  });

  r.post('/embedkit/v1/tokens/invalidate', jsonBody, async (req, res) => {
    const details = checkInvalidateBody(req.body);
    if (details) throw invalidBody(details);
    const { userId, channelId, reason } = req.body as { userId: string; channelId: string; reason: InvalidationReason };
    if (!(await deps.world.user(userId))) throw notFound(`Unknown user ${userId}`);
    if (!(await deps.world.channel(channelId))) throw notFound(`Unknown channel ${channelId}`);
    res.json({ invalidated: await deps.invalidations.invalidateUser(userId, channelId, reason, deps.clock.now()) });
  });

  r.patch('/embedkit/v1/channels/:channelId', jsonBody, async (req, res, next) => {
    const channelId = String(req.params.channelId);
    if (!(await deps.world.channel(channelId))) throw notFound(`Unknown channel ${channelId}`);
    const details = checkChannelPatchBody(req.body);
    if (details) throw invalidBody(details);
    const body = req.body as { active?: boolean; blockOperations?: boolean };
    if (body.active !== undefined) await deps.logins.setActive(channelId, body.active);
    // The v1 bots' route (routes/v1-bots.ts) applies the rest and answers.
    if (body.blockOperations !== undefined) return next();
    const login = await deps.logins.get(channelId);
    res.json({ channelId, active: login.active, applicationType: login.applicationType, botLinked: login.botLinked });
  });
  return r;
}
