/**
 * Account linking as a feature of the bot unit: link tokens (their store and service) and the
 * platform's account-link page; the bot asks for a token through the account feature's routes.
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import type { BotEventService } from '../user-events/service.js';
import { accountLinkPageRoutes } from './routes.js';
import { AccountLinkService } from './service.js';
import { LinkTokenStore } from './store.js';

/** What the account link feature needs: the user events, which send the `accountLink` event. */
export interface AccountLinkNeeds {
  events: BotEventService;
}

/** The account link feature. */
export const accountLinkFeature = {
  name: 'account-link',
  scenario: [],
  build: ({ db, world, botsInChats, clock }, { events }: AccountLinkNeeds): BuiltBotFeature<AccountLinkService> => {
    const links = new AccountLinkService({ tokens: new LinkTokenStore(db), world, botsInChats, events, clock });
    // The page is the person's, not the bot's: no bot API authentication.
    return { service: links, routes: () => [accountLinkPageRoutes(links)] };
  },
} as const satisfies BotFeature<AccountLinkNeeds, BuiltBotFeature<AccountLinkService>>;
