/**
 * The simulator API's `social` unit: the clock, friendships, tokens, channels and sized profile
 * pictures, with the schemas only its routes use.
 * Its handlers: `server/src/interfaces/social/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../../route.js';
import { StringEnum } from '../../schema-builders.js';
import { FRIEND_STATES } from '../shared-shapes.js';

/** The simulated clock: `now` (ms since the epoch), the same as ISO 8601, and how far it is ahead of real time (ms). */
export const ClockStateSchema = Type.Object({ now: Type.Number(), iso: Type.String(), offsetMs: Type.Number() });
export type ClockState = Static<typeof ClockStateSchema>;

/** A user's friendship with a channel's bot; `friendFlag` is what `GET /friendship/v1/status` answers. */
export const FriendshipViewSchema = Type.Object({
  userId: Type.String(),
  channelId: Type.String(),
  state: StringEnum([...FRIEND_STATES, 'none']),
  friendFlag: Type.Boolean(),
  botLinked: Type.Boolean(),
});
export type FriendshipView = Static<typeof FriendshipViewSchema>;

/** A channel's login settings after a change (`blockOperations` when the change set it). */
export const ChannelViewSchema = Type.Object({
  channelId: Type.String(),
  active: Type.Boolean(),
  applicationType: Type.String(),
  botLinked: Type.Boolean(),
  blockOperations: Type.Optional(Type.Boolean()),
});
export type ChannelView = Static<typeof ChannelViewSchema>;

/** Body of moving the clock: exactly one of `advanceMs` (integer ms) and `advance` ("90m", "1d12h"). */
export const ClockBodySchema = Type.Object(
  {
    advanceMs: Type.Optional(Type.Integer({ minimum: 0 })),
    advance: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^([0-9]+(ms|s|m|h|d|w))+$' })),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);

/** A body of {@link ClockBodySchema}, as a handler gets it once the door checked it. */
export type ClockBody = Static<typeof ClockBodySchema>;

/** Body of a friendship change: add (or unblock) or block the bot. */
export const FriendshipBodySchema = Type.Object({ state: StringEnum(FRIEND_STATES) }, { additionalProperties: false });

/** A body of {@link FriendshipBodySchema}, as a handler gets it once the door checked it. */
export type FriendshipBody = Static<typeof FriendshipBodySchema>;

/** Body of invalidating a user's tokens on a channel (v1: `accessToken expired(1)` or `(2)`). */
export const InvalidateBodySchema = Type.Object(
  { userId: Type.String({ minLength: 1 }), channelId: Type.String({ minLength: 1 }), reason: StringEnum(['platform', 'unlinked']) },
  { additionalProperties: false },
);

/** Body of a channel change: at least one of `active` and `blockOperations` (v1 bots). */
export const ChannelPatchBodySchema = Type.Object(
  { active: Type.Optional(Type.Boolean()), blockOperations: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

/** The `social` unit's routes, one slice of `SIMULATOR_API`. */
export const SOCIAL_ROUTES = defineContract({
  userPictureSized: {
    method: 'GET',
    path: '/users/:userId/picture/:size',
    summary: 'a user’s profile picture, `large` (200x200) or `small` (51x51)',
    answer: 'binary',
    crossSite: 'public',
    unit: 'social',
  },
  clock: { method: 'GET', path: '/clock', summary: 'the simulated time', answer: ClockStateSchema, unit: 'social' },
  advanceClock: {
    method: 'POST',
    path: '/clock',
    summary: 'moves simulated time forward',
    body: ClockBodySchema,
    answer: ClockStateSchema,
    unit: 'social',
  },
  friendship: {
    method: 'GET',
    path: '/users/:userId/friendships/:channelId',
    summary: 'a user’s friendship with a channel’s bot',
    answer: FriendshipViewSchema,
    unit: 'social',
  },
  setFriendship: {
    method: 'PUT',
    path: '/users/:userId/friendships/:channelId',
    summary: 'the user adds (or unblocks) or blocks the bot (events: follow, unfollow)',
    body: FriendshipBodySchema,
    answer: FriendshipViewSchema,
    unit: 'social',
  },
  invalidateTokens: {
    method: 'POST',
    path: '/tokens/invalidate',
    summary: 'a user’s access tokens on a channel stop working',
    body: InvalidateBodySchema,
    answer: Type.Object({ invalidated: Type.Number() }),
    unit: 'social',
  },
  patchChannel: {
    method: 'PATCH',
    path: '/channels/:channelId',
    summary: 'makes a channel inactive or active; block operations of a v1 bot on or off',
    body: ChannelPatchBodySchema,
    answer: ChannelViewSchema,
    unit: 'social',
  },
} satisfies Contract<'social'>);
