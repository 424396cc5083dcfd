/**
 * Today's world as a scenario file (`embedkit export` / `start --import`): channels with
 * their login and v1 settings and link templates, users, chats with their members and bots, apps,
 * MINI Apps with their service message templates, the blockchain section, audience groups, membership plans with their members, coupons with their uses and the defaults. What a scenario cannot hold is left out: messages,
 * tokens, deliveries, rich menus and friendships beyond "a 1:1 chat with the bot". App URLs on the
 * demo origin get the `{demo_origin}` placeholder back, so the file works on any port. Pure.
 */
import { botPromptOf, DEFAULT_BOT_PROMPT, DEFAULT_LIFF_SCOPES, scopesOf } from '../interfaces/embedded-apps/index.js';
import type { IapProduct, ServiceMessageTemplate } from '../interfaces/mini-apps/index.js';
import type { WorldRows } from './world-export-store.js';
import type { Scenario } from './schema.js';
import type { CommonProfile } from '#contract/common-profile.js';
import { scenarioAudienceOf, scenarioCouponOf, scenarioMembershipOf } from '../interfaces/bot/index.js';

const DEMO_ORIGIN = '{demo_origin}';

/** The scenario of a world's rows; it passes the scenario checks of load.ts. */
export function scenarioOf(rows: WorldRows): Scenario {
  const meta = new Map(rows.meta.map((m) => [m.key, m.value]));
  const blockchain = blockchainOf(rows);
  const defaults = meta.get('defaults');
  return {
    channels: channelsOf(rows),
    users: usersOf(rows),
    chats: chatsOf(rows),
    apps: appsOf(rows, meta.get('demo_origin')),
    ...(blockchain ? { blockchain } : {}),
    ...(defaults && defaults !== '{}' ? { defaults: JSON.parse(defaults) as Record<string, string> } : {}),
  } as Scenario;
}

/** The channels with their login settings, v1 bot settings and link templates. */
function channelsOf(rows: WorldRows) {
  const login = new Map(rows.logins.map((l) => [l.channel_id, l]));
  return rows.channels.map((c) => {
    const l = login.get(c.channel_id);
    const templates = rows.templates.filter((t) => t.channel_id === c.channel_id).map((t) => JSON.parse(t.body) as Record<string, string>);
    const v1 = c.bot_interface !== 'messaging';
    const keys = rows.assertionKeys.filter((k) => k.channel_id === c.channel_id).map((k) => JSON.parse(k.jwk) as Record<string, string>);
    return {
      channelId: c.channel_id,
      name: c.name,
      secret: c.secret,
      plan: c.plan,
      ...(c.webhook_url ? { webhookUrl: c.webhook_url } : {}),
      ...(c.bot_name ? { botName: c.bot_name } : {}),
      ...(l
        ? {
            applicationType: l.application_type,
            ...(l.callback_urls ? { callbackUrls: JSON.parse(l.callback_urls) as string[] } : {}),
            active: l.active === 1,
            botLinked: l.bot_linked === 1,
          }
        : {}),
      ...(v1 ? { botInterface: c.bot_interface, ...(c.channel_mid ? { channelMid: c.channel_mid } : {}) } : {}),
      ...(c.block_operations ? { blockOperations: true } : {}),
      ...(c.add_friend_approved ? { addFriendApproved: true } : {}),
      ...(c.permissions ? { permissions: c.permissions.split(' ').filter(Boolean) } : {}),
      ...(keys.length ? { assertionKeys: keys } : {}),
      ...(templates.length ? { linkTemplates: templates } : {}),
      ...audiencesOf(rows, c.channel_id),
      ...membershipPlansOf(rows, c.channel_id),
      ...moduleOf(rows, c.channel_id),
      ...couponsOf(rows, c.channel_id),
    };
  });
}

/** A module channel's attachments as `{module: {attachedTo}}`; nothing for a channel that is not a module channel. */
function moduleOf(rows: WorldRows, channelId: string) {
  if (!rows.moduleChannels.some((m) => m.channel_id === channelId)) return {};
  const attachedTo = rows.moduleAttachments
    .filter((a) => a.module_channel_id === channelId)
    .map((a) => ({ botChannelId: a.bot_channel_id, scopes: a.scopes.split(' ').filter(Boolean) }));
  return { module: attachedTo.length ? { attachedTo } : {} };
}

/** A channel's audience groups with their members, as `{audiences}`; nothing when it has none. */
function audiencesOf(rows: WorldRows, channelId: string) {
  const audiences = rows.audienceGroups
    .filter((g) => g.channel_id === channelId)
    .map((g) =>
      scenarioAudienceOf(
        g,
        rows.audienceMembers.filter((m) => Number(m.audience_group_id) === Number(g.audience_group_id)).map((m) => m.member_id),
      ),
    );
  return audiences.length ? { audiences } : {};
}

/** A channel's membership plans with their members, as `{memberships}`; nothing when it has none. */
function membershipPlansOf(rows: WorldRows, channelId: string) {
  const memberships = rows.membershipPlans
    .filter((p) => p.channel_id === channelId)
    .map((p) =>
      scenarioMembershipOf(
        p,
        rows.membershipSubscriptions.filter((s) => Number(s.membership_id) === Number(p.membership_id)),
      ),
    );
  return memberships.length ? { memberships } : {};
}

/** A channel's coupons with the people's uses, as `{coupons}`; nothing when it has none. */
function couponsOf(rows: WorldRows, channelId: string) {
  const coupons = rows.coupons
    .filter((c) => c.channel_id === channelId)
    .map((c) =>
      scenarioCouponOf(
        c,
        rows.couponUses.filter((u) => u.coupon_id === c.coupon_id),
      ),
    );
  return coupons.length ? { coupons } : {};
}

/** The users; a field at its default is left out. */
function usersOf(rows: WorldRows) {
  return rows.users.map((u) => ({
    userId: u.user_id,
    displayName: u.display_name,
    ...(u.has_picture ? { picture: true } : {}),
    ...(u.status_message ? { statusMessage: u.status_message } : {}),
    ...(u.agreed === 0 ? { agreed: false } : {}),
    ...(u.demographics ? { demographics: JSON.parse(u.demographics) as Record<string, unknown> } : {}),
    ...(u.phone_number ? { phoneNumber: u.phone_number } : {}),
    ...(u.common_profile ? { commonProfile: JSON.parse(u.common_profile) as CommonProfile } : {}),
  }));
}

/** The chats with their members, their 1:1 bot and the bots in them. */
function chatsOf(rows: WorldRows) {
  return rows.chats.map((c) => {
    const bots = rows.botsInChats.filter((m) => m.chat_id === c.chat_id).map((m) => m.channel_id);
    return {
      chatId: c.chat_id,
      type: c.type,
      name: c.name,
      members: rows.members.filter((m) => m.chat_id === c.chat_id).map((m) => m.user_id),
      ...(c.bot_channel_id ? { bot: c.bot_channel_id } : {}),
      ...(bots.length ? { bots } : {}),
    };
  });
}

/** The apps; a URL on the demo origin gets the `{demo_origin}` placeholder back. */
// The LIFF settings are written only where they differ from the published defaults, so a world
// without them exports as it did before they existed.
function appsOf(rows: WorldRows, demoOrigin: string | undefined): Scenario['apps'] {
  return rows.apps.map((a) => {
    const scope = scopesOf(a);
    const botPrompt = botPromptOf(a);
    const features = { ...(a.feature_ble ? { ble: true } : {}), ...(a.feature_qr_code ? { qrCode: true } : {}) };
    const defaultScopes = scope.length === DEFAULT_LIFF_SCOPES.length && DEFAULT_LIFF_SCOPES.every((s) => scope.includes(s));
    return {
      embedId: a.embed_id,
      channelId: a.channel_id,
      name: a.name,
      view: {
        type: a.view_type,
        url: demoOrigin && a.view_url.startsWith(`${demoOrigin}/`) ? DEMO_ORIGIN + a.view_url.slice(demoOrigin.length) : a.view_url,
        ...(a.module_mode ? { moduleMode: true } : {}),
      },
      ...(Object.keys(features).length ? { features } : {}),
      ...(defaultScopes ? {} : { scope }),
      ...(botPrompt === DEFAULT_BOT_PROMPT ? {} : { botPrompt }),
      ...miniAppOf(rows, a.embed_id),
    };
  });
}

/** An app's MINI App settings and its channel's service message templates, as `{miniApp}`; nothing when it is not one. */
function miniAppOf(rows: WorldRows, embedId: string) {
  const m = rows.miniApps.find((x) => x.embed_id === embedId);
  if (!m) return {};
  const templates = rows.serviceMessageTemplates
    .filter((t) => t.embed_id === embedId)
    .map((t) => JSON.parse(t.template) as ServiceMessageTemplate);
  return {
    miniApp: {
      verified: Number(m.verified) === 1,
      ...(m.stage === 'published' ? { stage: 'published' as const } : {}),
      ...(templates.length ? { serviceMessageTemplates: templates } : {}),
      ...inAppPurchaseOf(rows, embedId),
    },
  };
}

/** A MINI App's in-app purchase as `{inAppPurchase}` (its products and webhook URL); nothing when it does not use it. */
function inAppPurchaseOf(rows: WorldRows, embedId: string) {
  const iap = rows.iapSettings.find((x) => x.embed_id === embedId);
  if (!iap) return {};
  return {
    inAppPurchase: {
      ...(iap.webhook_url ? { webhookUrl: iap.webhook_url } : {}),
      products: JSON.parse(iap.products) as IapProduct[],
    },
  };
}

/** The blockchain section: services, wallets, contracts with their token types and tokens; undefined without services. */
function blockchainOf(rows: WorldRows) {
  if (!rows.services.length) return undefined;
  return {
    services: rows.services.map((s) => ({ apiKey: s.api_key, apiSecret: s.api_secret, name: s.name, activated: s.activated === 1 })),
    wallets: rows.wallets.map((w) => ({ name: w.name, address: w.address, secret: w.secret, service: w.api_key })),
    contracts: rows.contracts.map((c) => ({
      contractId: c.contract_id,
      service: c.api_key,
      name: c.name,
      owner: c.owner_address,
      tokenTypes: rows.tokenTypes
        .filter((t) => t.contract_id === c.contract_id)
        .map((t) => ({ tokenType: t.token_type, name: t.name, ...(t.meta ? { meta: t.meta } : {}) })),
      tokens: rows.tokens
        .filter((t) => t.contract_id === c.contract_id)
        .map((t) => ({
          tokenType: t.token_type,
          tokenIndex: t.token_index,
          name: t.name,
          ...(t.meta ? { meta: t.meta } : {}),
          owner: t.owner,
        })),
    })),
  };
}
