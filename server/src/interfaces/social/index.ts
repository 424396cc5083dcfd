/**
 * The social login (spec parts C and G) as one unit: its stores, services and routes,
 * built from the database, the world and the one clock. The composition root (`kit/`) wires it in.
 */
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { ChannelView } from '#contract/wire.js';
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.js';
import { socialLoginRoutes } from './routes.js';
import { socialSimulatorHandlers } from './simulator-routes.js';
import { consentHandlers, consentScenario, ConsentService, ConsentStore } from './consents/index.js';
import { socialV1Routes } from './v1/routes.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import { FriendshipService } from './friendships.js';
import { AuthorizationService } from './authorization.js';
import { TokenGrantService, UserTokenService, RefreshTokenStore, TokenInvalidationStore } from './tokens/index.js';
import { SocialV1Service } from './v1/service.js';
import { AuthCodeStore } from './auth-code-store.js';
import { BotsInChatsStore } from '../../world/bots-in-chats-store.js';
import { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { Database } from '../../db/schema.js';
import { UserTokenStore } from '../../tokens/user-token-store.js';
import type { WorldStore } from '../../world/world-store.js';
import type { LiveHub } from '../../live/hub.js';

import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';

/** The social login as a plugin: its slice of the scenario file is the consents' (a channel's login settings are the world's). */
export const socialUnit = { name: 'social', scenario: [consentScenario] } as const satisfies UnitPlugin;

// What other units and the composition root use of this one.
export type { UserTokenService } from './tokens/index.js';
export type { SocialV1Service } from './v1/service.js';
export type { FriendshipService, FriendshipChange } from './friendships.js';
export type { ConsentService } from './consents/index.js';
export { CONSENT_DEFAULTS, filledSettings, simplificationOf, type FilledConsentSettings } from './consents/index.js';

/** The social login's services, and its routes for the app. */
export interface SocialLogin extends BuiltUnit<'social'> {
  /** The authorization request, its consent and the authorization codes. */
  authorization: AuthorizationService;
  /** The token operation: the code and refresh grants, verify and revoke. */
  grants: TokenGrantService;
  /** The user tokens of the host's sessions and of every user call (issued through a code and its grant). */
  userTokens: UserTokenService;
  friendships: FriendshipService;
  /** The MINI App authorization flow: grants, agreements, the plan of opening an app, consent screens. */
  consents: ConsentService;
  /** The v1 access tokens of spec part G (logout, reissue, verify), also what E authenticates with. */
  v1Tokens: SocialV1Service;
  /** Routes of `/oauth2/v2.1`, `/friendship/v1` and `/v1/oauth`, on `{base_url}`. */
  origins: { base: Router[] };
  /** The handlers of the unit's simulator routes (`contract/src/simulator-api.ts`). */
  simulator: UnitHandlers<'social'>;
}

/**
 * Builds the social login on an open database.
 * @param clockMoved told the new clock offset (ms) after the simulator moves the clock
 * @param deps `baseUrl`: the server's public origin (picture URLs);
 *   `demoOrigin`: what `{demo_origin}` in a scenario's callback URLs stands for; `headers`: the
 *   platform header names of the kit's prefix (the v1 ChannelToken, request IDs); `appViewUrls`: the
 *   endpoint URLs of a channel's embedded apps, with their `--lan` proxy origins (where a PKCE sign-in may return);
 *   `setBlockOperations`: the v1 bots' setting a channel change of the simulator may carry, applied after `active`;
 *   `live`: tells the host of a consent screen opened or answered
 */
export function createSocialLogin(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: {
    baseUrl: () => string;
    demoOrigin: () => string;
    headers: PlatformHeaders;
    appViewUrls: (channelId: string) => Promise<string[]>;
    setBlockOperations: (channelId: string, on: boolean) => Promise<ChannelView>;
    live: LiveHub;
  },
  clockMoved?: (offsetMs: number) => void,
): SocialLogin {
  const { baseUrl, demoOrigin } = deps;
  const logins = new ChannelLoginStore(db);
  const tokens = new UserTokenStore(db);
  const refreshTokens = new RefreshTokenStore(db);
  const invalidations = new TokenInvalidationStore(db);
  const codes = new AuthCodeStore(db);
  const authorization = new AuthorizationService({ world, logins, codes, clock, demoOrigin, appViewUrls: deps.appViewUrls });
  const grants = new TokenGrantService({ world, logins, codes, tokens, refreshTokens, invalidations, clock, baseUrl });
  const userTokens = new UserTokenService(tokens, world, clock, { authorization, grants });
  const friendships = new FriendshipService(new BotsInChatsStore(db), logins, world, clock);
  const v1Tokens = new SocialV1Service(tokens, refreshTokens, logins, grants, clock);
  const consents = new ConsentService({ store: new ConsentStore(db), world, clock, friendships, invalidations, live: deps.live });
  return {
    authorization,
    grants,
    userTokens,
    friendships,
    consents,
    v1Tokens,
    origins: {
      base: [socialLoginRoutes({ authorization, grants, userTokens, friendships, world, baseUrl }), socialV1Routes(v1Tokens, deps.headers)],
    },
    simulator: {
      ...consentHandlers(consents),
      ...socialSimulatorHandlers({
        clock,
        world,
        friendships,
        invalidations,
        logins,
        setBlockOperations: deps.setBlockOperations,
        ...(clockMoved ? { clockMoved } : {}),
      }),
    },
  };
}
