/**
 * The bot unit as the composition root builds it: the bot messaging of `index.ts`, with its routes
 * handed over per origin in the one shape of a built unit (`unit/unit.ts`), so the apps mount them
 * from the list of built units without naming them.
 */
import type { UnitRoutes } from '../../unit/unit.js';
import { createBotMessaging, mediaBody, type BotMessaging } from './index.js';

/** The bot messaging unit, its routes per origin beside its services. */
export type BotUnit = BotMessaging & { origins: UnitRoutes };

/**
 * Builds the bot messaging unit ({@link createBotMessaging}, same arguments) and its routes per origin:
 * on `{base_url}`, the channel token operations that share the social login's paths before every
 * unit's routes (`baseShared`), then `/v2/oauth`, `/v2/bot` and the account link page (`base`); the
 * reader of the simulator's `raw` bodies (contents, rich menu images).
 */
export function createBotUnit(...args: Parameters<typeof createBotMessaging>): BotUnit {
  const bots = createBotMessaging(...args);
  return Object.assign(bots, { origins: { baseShared: [bots.sharedOauthRoutes], base: bots.routes, bodies: { raw: mediaBody } } });
}
