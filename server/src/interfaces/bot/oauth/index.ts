/**
 * Channel access tokens (`/v2/oauth`, `/oauth2/v2.1`, `/oauth2/v3`) as a feature of the bot unit:
 * its routes on the kit's token service; the v2.1 and stateless operations share paths with the
 * social login and are mounted before it (`sharedRoutes`).
 */
import type { Router } from 'express';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { channelOauthRoutes, channelOauthV21Routes } from './routes.js';

/** What the oauth feature gives the unit: the routes mounted before the social login's. */
export interface OauthRoutes {
  /** The v2.1 and stateless channel token operations: they answer channel tokens and pass everything else on. */
  sharedRoutes: Router;
}

/** The oauth feature: needs no other feature's service. */
export const oauthFeature = {
  name: 'oauth',
  scenario: [],
  build: ({ tokens }): BuiltBotFeature<OauthRoutes> => ({
    service: { sharedRoutes: channelOauthV21Routes(tokens) },
    routes: () => [channelOauthRoutes(tokens)],
  }),
} as const satisfies BotFeature<object, BuiltBotFeature<OauthRoutes>>;
