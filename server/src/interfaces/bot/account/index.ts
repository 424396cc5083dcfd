/**
 * A bot's account calls (bot info, the webhook endpoint and its test, message validation, link
 * tokens) as a feature of the bot unit: its service and routes.
 */
import type { AccountLinkService } from '../account-link/service.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import type { BotEventService } from '../user-events/service.js';
import { botAccountRoutes } from './routes.js';
import { BotAccountService } from './service.js';

/** What the account feature needs: the user events (the webhook settings and test), the link tokens. */
export interface AccountNeeds {
  events: BotEventService;
  links: AccountLinkService;
}

/** The account feature. */
export const accountFeature = {
  name: 'account',
  scenario: [],
  build: ({ clock, headers, options }, { events, links }: AccountNeeds): BuiltBotFeature<BotAccountService> => {
    const account = new BotAccountService({ events, timeoutMs: options.webhookTimeoutMs ?? 10_000, clock, headers });
    return { service: account, routes: (api) => [botAccountRoutes({ ...api, account, links })] };
  },
} as const satisfies BotFeature<AccountNeeds, BuiltBotFeature<BotAccountService>>;
