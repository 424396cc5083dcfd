/** The check of a session's body, compiled from the contract's schema (`contract/src/requests.ts`). */
import { SessionBodySchema } from '#contract/requests.js';
import { compile } from '../../http/validate.js';

export { SCOPES } from '#contract/requests.js';

/** A session: the user, the channel, the scopes and the chat an app is opened from. */
export const checkSessionBody = compile(SessionBodySchema);
