/**
 * Checks of the simulator API's bot inputs that the door does not make (the mount checks every
 * declared body; a query is checked here, where its strings are read), compiled from the
 * contract's schemas (`contract/src/requests.ts`).
 */
import { MediaQuerySchema } from '#contract/requests.js';
import { compile } from '../../../http/validate.js';

export const checkMediaQuery = compile(MediaQuerySchema);
