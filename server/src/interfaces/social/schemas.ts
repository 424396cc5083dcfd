/** Checks of the simulator API's social login bodies, compiled from the contract's schemas (`contract/src/requests.ts`). */
import { ChannelPatchBodySchema, FriendshipBodySchema, InvalidateBodySchema } from '#contract/requests.js';
import { compile } from '../../http/validate.js';

/** A friendship change: add (or unblock) or block the bot. */
export const checkFriendshipBody = compile(FriendshipBodySchema);
/** Invalidating a user's tokens on a channel. */
export const checkInvalidateBody = compile(InvalidateBodySchema);
/** A channel change: `active`, `blockOperations` (at least one). */
export const checkChannelPatchBody = compile(ChannelPatchBodySchema);
