/** The stores a scenario is loaded into: every unit's table a scenario file fills. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { BlockchainStore } from '../interfaces/blockchain/index.js';
import { AudienceStore, CouponStore, MembershipPlanStore, ModuleStore } from '../interfaces/bot/index.js';
import { AppStore } from '../interfaces/embedded-apps/index.js';
import { MiniAppStore } from '../interfaces/mini-apps/index.js';
import { V1BotStore } from '../interfaces/v1-bots/index.js';
import type { ScenarioStores } from '../scenario/load.js';
import { AssertionKeyStore } from '../tokens/assertion-key-store.js';
import { ChannelLoginStore } from '../world/channel-login-store.js';
import { BotsInChatsStore } from '../world/bots-in-chats-store.js';
import { WorldStore } from '../world/world-store.js';

/** The stores a scenario is loaded into, on the database or on a reset's transaction. */
export function scenarioStores(db: Kysely<Database>): ScenarioStores {
  return {
    world: new WorldStore(db),
    apps: new AppStore(db),
    logins: new ChannelLoginStore(db),
    botsInChats: new BotsInChatsStore(db),
    blockchain: new BlockchainStore(db),
    v1Bots: new V1BotStore(db),
    audiences: new AudienceStore(db),
    assertionKeys: new AssertionKeyStore(db),
    membershipPlans: new MembershipPlanStore(db),
    modules: new ModuleStore(db),
    coupons: new CouponStore(db),
    miniApps: new MiniAppStore(db),
  };
}
