/** Request bodies of the simulator's social login and clock calls (docs/simulator-api.md). */
import { Type } from '@sinclair/typebox';
import { compile } from '../../http/validate.js';

/** Body of `PUT /embedkit/v1/users/<userId>/friendships/<channelId>`: add (or unblock) or block the bot. */
export const FriendshipBodySchema = Type.Object(
  { state: Type.Unsafe<'friend' | 'blocked'>({ type: 'string', enum: ['friend', 'blocked'] }) },
  { additionalProperties: false },
);
export const checkFriendshipBody = compile(FriendshipBodySchema);

/** Body of `POST /embedkit/v1/tokens/invalidate`: invalidate a user's tokens on a channel. */
export const InvalidateBodySchema = Type.Object(
  {
    userId: Type.String({ minLength: 1 }),
    channelId: Type.String({ minLength: 1 }),
    reason: Type.Unsafe<'platform' | 'unlinked'>({ type: 'string', enum: ['platform', 'unlinked'] }),
  },
  { additionalProperties: false },
);
export const checkInvalidateBody = compile(InvalidateBodySchema);

/** Body of `PATCH /embedkit/v1/channels/<channelId>`. */
// `blockOperations` is applied by the v1 bots' simulator routes, after `active`.
export const ChannelPatchBodySchema = Type.Object(
  { active: Type.Optional(Type.Boolean()), blockOperations: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export const checkChannelPatchBody = compile(ChannelPatchBodySchema);
