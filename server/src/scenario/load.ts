/**
 * Loads a scenario into an empty database (first start) and keeps the demo app's URL pointing at
 * the origin the server listens on. App URLs may use the placeholder `{demo_origin}`, replaced by
 * `http://127.0.0.1:<port>`: a different origin than the host's `http://localhost:<port>`, as an
 * embedded app is in production.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AppStore } from '../interfaces/embedded-apps/index.js';
import type { BotsInChatsStore } from '../world/bots-in-chats-store.js';
import type { ChannelLoginStore } from '../world/channel-login-store.js';
import type { BlockchainSeed, BlockchainStore } from '../interfaces/blockchain/index.js';
import type { WorldStore } from '../world/world-store.js';
import { checkLinkTemplate, type V1BotStore } from '../interfaces/v1-bots/index.js';
import {
  drawAudienceGroupId,
  scenarioAudienceRow,
  scenarioMembershipRows,
  scenarioCouponProblems,
  scenarioCouponRows,
  DEFAULT_MODULE_SCOPES,
  type AudienceStore,
  type CouponStore,
  type MembershipPlanStore,
  type ModuleStore,
} from '../interfaces/bot/index.js';
import { checkScenario, type Scenario } from './schema.js';
import { scenarioIapProblems, scenarioTemplateProblems, type MiniAppStore } from '../interfaces/mini-apps/index.js';
import type { AssertionKeyStore } from '../tokens/assertion-key-store.js';
import { assertionKeyOf } from '../tokens/assertion.js';
import { phoneNumberHash } from '../world/phone-numbers.js';
import { birthdayProblem } from '#contract/common-profile.js';

/** Path of the scenario loaded when no `--scenario` is given. */
export const DEFAULT_SCENARIO = fileURLToPath(new URL('../../scenarios/default.json', import.meta.url));

const DEMO_ORIGIN = '{demo_origin}';

/**
 * Reads and checks a scenario file.
 * @throws Error naming the file and every problem found (bad JSON, schema errors, dangling ids).
 */
export async function readScenario(file: string): Promise<Scenario> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new Error(`scenario ${file}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const problems = scenarioProblems(data);
  if (problems.length) throw new Error(`scenario ${file} is invalid:\n  ${problems.join('\n  ')}`);
  return data as Scenario;
}

/**
 * Every problem of a scenario object (schema, then ids that must point at something), each as
 * `<path>: <problem>`; empty when it is valid.
 */
export function scenarioProblems(data: unknown): string[] {
  const problems = (checkScenario(data) ?? []).map((d) => `${d.property ?? '(root)'}: ${d.message}`);
  return problems.length ? problems : crossReferenceProblems(data as Scenario);
}

/** Ids that must point at something declared elsewhere in the scenario. */
function crossReferenceProblems(s: Scenario): string[] {
  const users = new Set(s.users.map((u) => u.userId));
  const channels = new Set(s.channels.map((c) => c.channelId));
  const problems: string[] = duplicateIdProblems(s);
  s.chats.forEach((c, i) => c.members.forEach((m, j) => users.has(m) || problems.push(`chats[${i}].members[${j}]: unknown user ${m}`)));
  s.apps.forEach((a, i) => channels.has(a.channelId) || problems.push(`apps[${i}].channelId: unknown channel ${a.channelId}`));
  problems.push(...botProblems(s, channels));
  problems.push(...v1Problems(s));
  problems.push(...blockchainProblems(s));
  problems.push(...audienceProblems(s));
  problems.push(...phoneNumberProblems(s));
  problems.push(...commonProfileProblems(s));
  problems.push(...membershipPlanProblems(s, users));
  problems.push(...moduleProblems(s, channels));
  problems.push(...couponProblems(s, users));
  problems.push(...miniAppProblems(s));
  const d = s.defaults;
  if (d?.userId && !users.has(d.userId)) problems.push(`defaults.userId: unknown user ${d.userId}`);
  if (d?.embedId && !s.apps.some((a) => a.embedId === d.embedId)) problems.push(`defaults.embedId: unknown app ${d.embedId}`);
  return problems;
}

/** Channel, user, chat and app IDs each declared once (the database would refuse the second). */
function duplicateIdProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const once = <T>(list: readonly T[], at: string, id: (x: T) => string, field: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(id(x))) problems.push(`${at}[${i}].${field}: ${id(x)} is declared twice`);
      seen.add(id(x));
    });
  };
  once(s.channels, 'channels', (c) => c.channelId, 'channelId');
  once(s.users, 'users', (u) => u.userId, 'userId');
  once(s.chats, 'chats', (c) => c.chatId, 'chatId');
  once(s.apps, 'apps', (a) => a.embedId, 'embedId');
  return problems;
}

/** Bots in chats: a known channel; `bot` on a utou chat of one user; `bots` on groups and rooms. */
function botProblems(s: Scenario, channels: Set<string>): string[] {
  const problems: string[] = [];
  s.chats.forEach((c, i) => {
    if (c.bot !== undefined) {
      if (!channels.has(c.bot)) problems.push(`chats[${i}].bot: unknown channel ${c.bot}`);
      if (c.type !== 'utou') problems.push(`chats[${i}].bot: only a utou chat is a chat with a bot (use bots for groups and rooms)`);
      if (c.members.length !== 1) problems.push(`chats[${i}].members: a chat with a bot has exactly one user`);
    }
    if (c.bots !== undefined && c.type === 'utou') problems.push(`chats[${i}].bots: a utou chat cannot hold bots (use bot)`);
    (c.bots ?? []).forEach((b, j) => channels.has(b) || problems.push(`chats[${i}].bots[${j}]: unknown channel ${b}`));
  });
  return problems;
}

/**
 * v1 channels (spec parts E and F): link templates only on enterprise channels and valid there; trial bots
 * only in 1:1 chats (the trial interface knows users only); MIDs unique.
 */
function v1Problems(s: Scenario): string[] {
  const problems: string[] = [];
  const iface = new Map(s.channels.map((c) => [c.channelId, c.botInterface ?? 'messaging']));
  const mids = new Set<string>();
  s.channels.forEach((c, i) => {
    if (c.linkTemplates?.length && c.botInterface !== 'enterprise')
      problems.push(`channels[${i}].linkTemplates: link messages exist on enterprise channels only`);
    (c.linkTemplates ?? []).forEach((t, j) => {
      try {
        checkLinkTemplate(t);
      } catch (e) {
        problems.push(
          `channels[${i}].linkTemplates[${j}].${String((e as { body?: { statusMessage?: string } }).body?.statusMessage ?? e)}`,
        );
      }
    });
    if (c.channelMid && (c.botInterface ?? 'messaging') === 'messaging')
      problems.push(`channels[${i}].channelMid: only enterprise and trial channels have a channel MID`);
    const mid = c.channelMid ?? channelMidOf(c.channelId);
    if ((c.botInterface ?? 'messaging') !== 'messaging' && mids.has(mid)) problems.push(`channels[${i}].channelMid: ${mid} is used twice`);
    mids.add(mid);
  });
  s.chats.forEach((c, i) =>
    (c.bots ?? []).forEach(
      (b, j) =>
        iface.get(b) === 'trial' &&
        problems.push(`chats[${i}].bots[${j}]: a trial bot cannot be in a group or room (the trial interface knows users only)`),
    ),
  );
  return problems;
}

/** Coupons: IDs unique across channels; createCoupon's rules (an end past is allowed); people known, each once per coupon. */
function couponProblems(s: Scenario, users: Set<string>): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  s.channels.forEach((c, i) =>
    (c.coupons ?? []).forEach((coupon, j) => {
      const at = `channels[${i}].coupons[${j}]`;
      if (ids.has(coupon.couponId)) problems.push(`${at}.couponId: ${coupon.couponId} is used twice`);
      ids.add(coupon.couponId);
      problems.push(...scenarioCouponProblems(coupon).map((p) => `${at}.${p}`));
      const seen = new Set<string>();
      (coupon.uses ?? []).forEach((u, k) => {
        if (!users.has(u.userId)) problems.push(`${at}.uses[${k}].userId: unknown user ${u.userId}`);
        else if (seen.has(u.userId)) problems.push(`${at}.uses[${k}].userId: ${u.userId} is listed twice`);
        seen.add(u.userId);
      });
    }),
  );
  return problems;
}

/** MINI Apps: one per channel (its channel is the MINI App channel), templates each named once and of their layout. */
function miniAppProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const owners = new Map<string, number>();
  s.apps.forEach((a, i) => {
    if (!a.miniApp) return;
    const first = owners.get(a.channelId);
    if (first !== undefined) problems.push(`apps[${i}].miniApp: channel ${a.channelId} already has the MINI App apps[${first}]`);
    else owners.set(a.channelId, i);
    problems.push(...scenarioTemplateProblems(a.miniApp.serviceMessageTemplates ?? []).map((p) => `apps[${i}].miniApp.${p}`));
    if (a.miniApp.inAppPurchase) problems.push(...scenarioIapProblems(a.miniApp.inAppPurchase).map((p) => `apps[${i}].miniApp.${p}`));
  });
  return problems;
}

/** Membership plans: IDs unique across channels; members known people, each once per plan, under the member limit. */
function membershipPlanProblems(s: Scenario, users: Set<string>): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  s.channels.forEach((c, i) =>
    (c.memberships ?? []).forEach((m, j) => {
      const at = `channels[${i}].memberships[${j}]`;
      if (ids.has(m.membershipId)) problems.push(`${at}.membershipId: ${m.membershipId} is used twice`);
      ids.add(m.membershipId);
      const seen = new Set<string>();
      (m.members ?? []).forEach((p, k) => {
        if (!users.has(p.userId)) problems.push(`${at}.members[${k}].userId: unknown user ${p.userId}`);
        if (seen.has(p.userId)) problems.push(`${at}.members[${k}].userId: ${p.userId} is a member twice`);
        seen.add(p.userId);
      });
      if (typeof m.memberLimit === 'number' && (m.members ?? []).length > m.memberLimit)
        problems.push(`${at}.members: more members than its memberLimit ${m.memberLimit}`);
    }),
  );
  return problems;
}

/** Module channels: attached to channels of the scenario that are not module channels, each once. */
function moduleProblems(s: Scenario, channels: Set<string>): string[] {
  const modules = new Set(s.channels.filter((c) => c.module).map((c) => c.channelId));
  const problems: string[] = [];
  s.channels.forEach((c, i) => {
    const seen = new Set<string>();
    (c.module?.attachedTo ?? []).forEach((a, j) => {
      const at = `channels[${i}].module.attachedTo[${j}].botChannelId`;
      if (!channels.has(a.botChannelId)) problems.push(`${at}: unknown channel ${a.botChannelId}`);
      else if (modules.has(a.botChannelId)) problems.push(`${at}: ${a.botChannelId} is a module channel, not a bot`);
      if (seen.has(a.botChannelId)) problems.push(`${at}: ${a.botChannelId} is named twice`);
      seen.add(a.botChannelId);
    });
  });
  return problems;
}

/** Audiences: IDs unique; members are user IDs, or IFAs when `isIfaAudience`; CLICK and IMP name their request. */
function audienceProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  s.channels.forEach((c, i) =>
    (c.audiences ?? []).forEach((a, j) => {
      const at = `channels[${i}].audiences[${j}]`;
      if (a.audienceGroupId !== undefined && ids.has(a.audienceGroupId))
        problems.push(`${at}.audienceGroupId: ${a.audienceGroupId} is used twice`);
      if (a.audienceGroupId !== undefined) ids.add(a.audienceGroupId);
      const ifa = a.isIfaAudience === true;
      a.ids.forEach((id, k) =>
        id.startsWith('U') === ifa ? problems.push(`${at}.ids[${k}]: not ${ifa ? 'an IFA' : 'a user ID'}`) : undefined,
      );
      if ((a.type ?? 'UPLOAD') !== 'UPLOAD' && !a.requestId) problems.push(`${at}.requestId: a ${a.type} audience names its request`);
      if (a.clickUrl !== undefined && a.type !== 'CLICK') problems.push(`${at}.clickUrl: only a CLICK audience has a clickUrl`);
    }),
  );
  return problems;
}

/** Phone numbers: one person each, as an account has one number (a push by number names one person). */
function phoneNumberProblems(s: Scenario): string[] {
  const owners = new Map<string, number>();
  const problems: string[] = [];
  s.users.forEach((u, i) => {
    if (!u.phoneNumber) return;
    const first = owners.get(u.phoneNumber);
    if (first !== undefined) problems.push(`users[${i}].phoneNumber: ${u.phoneNumber} is also users[${first}]'s`);
    else owners.set(u.phoneNumber, i);
  });
  return problems;
}

/** Common Profiles' birthdays: a day that exists (the schema checks each entry alone). */
function commonProfileProblems(s: Scenario): string[] {
  const problems: string[] = [];
  s.users.forEach((u, i) => {
    const problem = u.commonProfile ? birthdayProblem(u.commonProfile) : null;
    if (problem) problems.push(`users[${i}].commonProfile: bday-year, bday-month and bday-day: ${problem}`);
  });
  return problems;
}

/** The channel MID of a v1 channel that names none: `u` + 32 hex digits derived from its ID. */
export function channelMidOf(channelId: string): string {
  return `u${createHash('sha256').update(`channel-mid|${channelId}`).digest('hex').slice(0, 32)}`;
}

/** The blockchain section: services, wallets and token types referred to exist. */
function blockchainProblems(s: Scenario): string[] {
  const b = s.blockchain;
  if (!b) return [];
  const problems: string[] = [];
  const services = new Set(b.services.map((x) => x.apiKey));
  const wallets = new Map(b.wallets.map((w) => [w.address, w.service]));
  b.wallets.forEach((w, i) => services.has(w.service) || problems.push(`blockchain.wallets[${i}].service: unknown service ${w.service}`));
  b.contracts.forEach((c, i) => {
    if (!services.has(c.service)) problems.push(`blockchain.contracts[${i}].service: unknown service ${c.service}`);
    if (wallets.get(c.owner) !== c.service) problems.push(`blockchain.contracts[${i}].owner: not a wallet of service ${c.service}`);
    const types = new Set(c.tokenTypes.map((t) => t.tokenType));
    c.tokens.forEach(
      (t, j) =>
        types.has(t.tokenType) || problems.push(`blockchain.contracts[${i}].tokens[${j}].tokenType: unknown token type ${t.tokenType}`),
    );
  });
  return problems;
}

/** A scenario already read and checked, with the name the world records it under (meta `scenario`). */
export interface ScenarioSource {
  name: string;
  scenario: Scenario;
}

/** A scenario that passed {@link scenarioProblems} but cannot be loaded (an assertion key that is not a usable RSA key). */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

/** The stores a scenario is loaded into (those left out are not loaded). */
export interface ScenarioStores {
  world: WorldStore;
  apps: AppStore;
  botsInChats?: BotsInChatsStore;
  logins?: ChannelLoginStore;
  blockchain?: BlockchainStore;
  v1Bots?: V1BotStore;
  audiences?: AudienceStore;
  assertionKeys?: AssertionKeyStore;
  membershipPlans?: MembershipPlanStore;
  modules?: ModuleStore;
  coupons?: CouponStore;
  miniApps?: MiniAppStore;
}

/**
 * Loads the scenario (a file, read and checked here, or a {@link ScenarioSource}) when the
 * database has never had one, else moves scenario app URLs to the current demo origin when the
 * port changed. Data written later (apps, messages) is kept.
 * @throws Error naming the file and its problems; ScenarioError for a key that cannot be loaded
 */
export async function applyScenario(
  source: string | ScenarioSource,
  stores: ScenarioStores,
  demoOrigin: string,
  now: number,
): Promise<void> {
  const loaded = await stores.world.getMeta('scenario');
  if (loaded === undefined) {
    const s = typeof source === 'string' ? await readScenario(source) : source.scenario;
    await stores.world.insertWorld({
      channels: s.channels.map((c) => ({
        channel_id: c.channelId,
        name: c.name,
        secret: c.secret,
        plan: c.plan ?? 'developer-trial',
        webhook_url: c.webhookUrl ?? null,
        webhook_extra_property: 0,
        bot_name: c.botName ?? null,
        bot_interface: c.botInterface ?? 'messaging',
        channel_mid: (c.botInterface ?? 'messaging') === 'messaging' ? null : (c.channelMid ?? channelMidOf(c.channelId)),
        block_operations: c.blockOperations ? 1 : 0,
        add_friend_approved: c.addFriendApproved ? 1 : 0,
        permissions: (c.permissions ?? []).join(' '),
      })),
      users: s.users.map((u) => ({
        user_id: u.userId,
        display_name: u.displayName,
        has_picture: u.picture ? 1 : 0,
        status_message: u.statusMessage ?? null,
        agreed: u.agreed === false ? 0 : 1,
        demographics: u.demographics ? JSON.stringify(u.demographics) : null,
        phone_number: u.phoneNumber ?? null,
        phone_number_hash: u.phoneNumber ? phoneNumberHash(u.phoneNumber) : null,
        common_profile: u.commonProfile ? JSON.stringify(u.commonProfile) : null,
      })),
      chats: s.chats.map((c) => ({ chat_id: c.chatId, type: c.type, name: c.name, bot_channel_id: c.bot ?? null, memberIds: c.members })),
    });
    await stores.botsInChats?.seed(s.chats, now);
    await stores.logins?.seed(
      s.channels.map((c) => ({
        channelId: c.channelId,
        applicationType: c.applicationType ?? 'WEB',
        // Kept with `{demo_origin}`: the login expands it with the origin of the current port.
        callbackUrls: c.callbackUrls ?? null,
        active: c.active ?? true,
        botLinked: c.botLinked ?? true,
      })),
    );
    for (const a of s.apps) {
      await stores.apps.insertWithinLimit(
        {
          embedId: a.embedId,
          channelId: a.channelId,
          name: a.name,
          viewType: a.view.type,
          viewUrl: a.view.url.replaceAll(DEMO_ORIGIN, demoOrigin),
          createdAt: now,
          moduleMode: a.view.moduleMode,
          ble: a.features?.ble,
          qrCode: a.features?.qrCode,
          permanentLinkPattern: a.permanentLinkPattern,
          scopes: a.scope,
          botPrompt: a.botPrompt,
        },
        Number.MAX_SAFE_INTEGER,
      );
    }
    await stores.miniApps?.seed(
      s.apps.flatMap((a) =>
        a.miniApp
          ? [
              {
                embedId: a.embedId,
                channelId: a.channelId,
                verified: a.miniApp.verified,
                stage: a.miniApp.stage ?? 'developing',
                templates: a.miniApp.serviceMessageTemplates ?? [],
                ...(a.miniApp.inAppPurchase ? { inAppPurchase: a.miniApp.inAppPurchase } : {}),
              },
            ]
          : [],
      ),
    );
    for (const c of s.channels) for (const t of c.linkTemplates ?? []) await stores.v1Bots?.putTemplate(c.channelId, t);
    if (stores.assertionKeys) await seedAssertionKeys(stores.assertionKeys, s, now);
    if (s.blockchain && stores.blockchain) await stores.blockchain.seed(blockchainSeed(s.blockchain, now));
    await stores.audiences?.seed(
      s.channels.flatMap((c) =>
        (c.audiences ?? []).map((a) => ({ group: scenarioAudienceRow(c.channelId, a, now, drawAudienceGroupId), ids: a.ids })),
      ),
    );
    await stores.membershipPlans?.seed(
      s.channels.flatMap((c) => (c.memberships ?? []).map((m, i) => scenarioMembershipRows(c.channelId, i, m))),
    );
    await stores.modules?.seed(
      s.channels.filter((c) => c.module).map((c) => c.channelId),
      s.channels.flatMap((c) =>
        (c.module?.attachedTo ?? []).map((a) => ({
          module_channel_id: c.channelId,
          bot_channel_id: a.botChannelId,
          scopes: (a.scopes ?? DEFAULT_MODULE_SCOPES).join(' '),
          attached_at: now,
        })),
      ),
    );
    const coupons = s.channels.flatMap((c) => (c.coupons ?? []).map((coupon) => scenarioCouponRows(c.channelId, coupon, now)));
    await stores.coupons?.seed(
      coupons.map((c) => c.coupon),
      coupons.flatMap((c) => c.uses),
    );
    await stores.world.setMeta('defaults', JSON.stringify(s.defaults ?? {}));
    await stores.world.setMeta('scenario', typeof source === 'string' ? source : source.name);
    // Where the world's history starts: insight answers out_of_service for days before it.
    await stores.world.setMeta('history_since', String(now));
  } else {
    const previous = await stores.world.getMeta('demo_origin');
    if (previous && previous !== demoOrigin) await stores.apps.moveOrigin(previous, demoOrigin);
  }
  await stores.world.setMeta('demo_origin', demoOrigin);
}

/** The scenario's blockchain section as rows. */
function blockchainSeed(b: NonNullable<Scenario['blockchain']>, now: number): BlockchainSeed {
  return {
    services: b.services.map((x) => ({
      api_key: x.apiKey,
      api_secret: x.apiSecret,
      name: x.name,
      activated: x.activated === false ? 0 : 1,
    })),
    wallets: b.wallets.map((w) => ({ address: w.address, api_key: w.service, name: w.name, secret: w.secret, created_at: now })),
    contracts: b.contracts.map((c) => ({ contract_id: c.contractId, api_key: c.service, name: c.name, owner_address: c.owner })),
    tokenTypes: b.contracts.flatMap((c) =>
      c.tokenTypes.map((t) => ({ contract_id: c.contractId, token_type: t.tokenType, name: t.name, meta: t.meta ?? '' })),
    ),
    tokens: b.contracts.flatMap((c) =>
      c.tokens.map((t) => ({
        contract_id: c.contractId,
        token_type: t.tokenType,
        token_index: t.tokenIndex,
        name: t.name,
        meta: t.meta ?? '',
        owner: t.owner,
        created_at: now,
      })),
    ),
  };
}

/**
 * The channels' assertion signing keys of a scenario, each under its kid.
 * @throws Error naming the key (`channels[i].assertionKeys[j]`) when it is not a public RSA key of
 *   2048 bits or more
 */
async function seedAssertionKeys(store: AssertionKeyStore, s: Scenario, now: number): Promise<void> {
  for (const [i, c] of s.channels.entries()) {
    for (const [j, jwk] of (c.assertionKeys ?? []).entries()) {
      let key;
      try {
        key = await assertionKeyOf(jwk);
      } catch (e) {
        throw new ScenarioError(`channels[${i}].assertionKeys[${j}]: ${(e as Error).message}`, { cause: e });
      }
      await store.add({ channel_id: c.channelId, kid: key.kid, jwk: JSON.stringify(key.jwk), created_at: now });
    }
  }
}
