/**
 * The bot unit's routers in the order they are mounted: `/v2/oauth`, `/v2/bot` and the account
 * link page. One router per API group of the platform's published documents, each in its feature's
 * `routes.ts` (docs/project/architecture.md, "Where a change goes"); their paths do not overlap.
 */
import { Router } from 'express';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import type { BotApiDeps } from './authenticate.js';
import { botAccountRoutes } from './account/routes.js';
import type { BotAccountService } from './account/service.js';
import { accountLinkPageRoutes } from './account-link/routes.js';
import type { AccountLinkService } from './account-link/service.js';
import { botAudienceRoutes } from './audiences/routes.js';
import type { AudienceService } from './audiences/service.js';
import { botBroadcastRoutes, sentCounter } from './broadcast/routes.js';
import type { BotBroadcastService } from './broadcast/service.js';
import { botCouponRoutes } from './coupons/routes.js';
import type { CouponService } from './coupons/service.js';
import type { ChatIndicatorService } from './indicators/service.js';
import type { Insight } from './insight/index.js';
import { botMembershipRoutes } from './memberships/routes.js';
import type { MembershipPlanService } from './memberships/service.js';
import { botMessagingRoutes } from './messaging/routes.js';
import type { BotMessagingService } from './messaging/service.js';
import { botModuleRoutes } from './modules/routes.js';
import type { ModuleService } from './modules/service.js';
import { channelOauthRoutes } from './oauth/routes.js';
import { botPnpRoutes } from './pnp/routes.js';
import type { BotPnpService } from './pnp/service.js';
import type { RateLimiter } from './rate-limits/service.js';
import type { RetryKeys } from './retry-keys/service.js';
import { botRichMenuRoutes } from './rich-menus/routes.js';
import type { RichMenuService } from './rich-menus/service.js';
import { botShopRoutes } from './shop/routes.js';
import type { MissionStickerService } from './shop/service.js';

/** The services the bot unit's routers answer with. */
export interface BotRouteDeps {
  tokens: ChannelTokenService;
  headers: PlatformHeaders;
  messaging: BotMessagingService;
  limits: RateLimiter;
  retryKeys: RetryKeys;
  richMenus: RichMenuService;
  account: BotAccountService;
  indicators: ChatIndicatorService;
  links: AccountLinkService;
  broadcasts: BotBroadcastService;
  audiences: AudienceService;
  coupons: CouponService;
  plans: MembershipPlanService;
  insight: Insight;
  pnp: BotPnpService;
  stickers: MissionStickerService;
  modules: ModuleService;
}

/** The watchers first, then one router per published API group. */
export function botRoutes(d: BotRouteDeps): Router[] {
  const { tokens, headers, limits, retryKeys } = d;
  const api = { tokens, bot: d.messaging, limits } satisfies BotApiDeps;
  // What must see a `/v2/bot` request before the route that answers it, so mounted first: the
  // sent counter (it counts on the answer's finish) and the refusal of a retry key where the API
  // takes none.
  const watchers = [sentCounter(d.broadcasts), Router().all('/v2/bot/*rest', retryKeys.onlyWhereTaken())];
  const apis = [
    channelOauthRoutes(tokens),
    botMessagingRoutes({ ...api, retryKeys, headers }),
    botRichMenuRoutes({ ...api, menus: d.richMenus, headers }),
    botAccountRoutes({ ...api, account: d.account, indicators: d.indicators, links: d.links }),
    accountLinkPageRoutes(d.links),
    botBroadcastRoutes({ ...api, broadcasts: d.broadcasts, headers, retryKeys }),
    botAudienceRoutes({ ...api, audiences: d.audiences }),
    botCouponRoutes({ ...api, coupons: d.coupons }),
    botMembershipRoutes({ ...api, plans: d.plans }),
    d.insight.routes(api),
    botPnpRoutes({ ...api, pnp: d.pnp, headers }),
    botShopRoutes({ ...api, stickers: d.stickers }),
    botModuleRoutes({ ...api, modules: d.modules }),
  ];
  return [...watchers, ...apis];
}
