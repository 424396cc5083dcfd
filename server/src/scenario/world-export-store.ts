/**
 * SQL that reads today's world back (`embedkit export`): every table a scenario file
 * describes, as rows. scenario/export.ts turns them into a scenario.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/db.js';
import type { Database } from '../db/schema.js';

/** The rows of the world, each table in a stable order. */
export async function readWorldRows(db: Kysely<Database>) {
  const order = (isPostgres(db) ? 'seq' : 'rowid') as never;
  const [channels, logins, templates, users, chats, members, botsInChats, apps, meta, services, wallets, contracts, tokenTypes, tokens] =
    await Promise.all([
      db.selectFrom('channels').selectAll().orderBy('channel_id').execute(),
      db.selectFrom('channel_login').selectAll().execute(),
      db.selectFrom('link_templates').selectAll().orderBy('channel_id').orderBy('template_id').execute(),
      db.selectFrom('users').selectAll().orderBy('user_id').execute(),
      db.selectFrom('chats').select(['chat_id', 'type', 'name', 'bot_channel_id']).orderBy(order).execute(),
      db.selectFrom('chat_members').selectAll().execute(),
      db.selectFrom('bot_memberships').selectAll().orderBy('channel_id').execute(),
      db.selectFrom('apps').selectAll().orderBy('seq').execute(),
      db.selectFrom('meta').selectAll().execute(),
      db.selectFrom('bc_services').selectAll().orderBy('api_key').execute(),
      db.selectFrom('bc_wallets').selectAll().orderBy('created_at').orderBy('address').execute(),
      db.selectFrom('bc_contracts').selectAll().orderBy('contract_id').execute(),
      db.selectFrom('bc_token_types').selectAll().orderBy('token_type').execute(),
      db.selectFrom('bc_tokens').selectAll().orderBy('token_type').orderBy('token_index').execute(),
    ]);
  const [audienceGroups, audienceMembers, assertionKeys, membershipPlans, membershipSubscriptions] = await Promise.all([
    db.selectFrom('audience_groups').selectAll().orderBy('channel_id').orderBy('created_at').orderBy('audience_group_id').execute(),
    db.selectFrom('audience_members').selectAll().orderBy('member_id').execute(),
    db.selectFrom('channel_assertion_keys').selectAll().orderBy('channel_id').orderBy('created_at').orderBy('kid').execute(),
    db.selectFrom('membership_plans').selectAll().orderBy('channel_id').orderBy('position').execute(),
    db.selectFrom('membership_subscriptions').selectAll().orderBy('membership_id').orderBy('membership_no').execute(),
  ]);
  const [moduleChannels, moduleAttachments] = await Promise.all([
    db.selectFrom('module_channels').selectAll().orderBy('channel_id').execute(),
    db.selectFrom('module_attachments').selectAll().orderBy('module_channel_id').orderBy('attached_at').orderBy('bot_channel_id').execute(),
  ]);
  const [coupons, couponUses] = await Promise.all([
    db.selectFrom('coupons').selectAll().orderBy('channel_id').orderBy('created_at').orderBy('coupon_id').execute(),
    db.selectFrom('coupon_uses').selectAll().orderBy('coupon_id').orderBy('user_id').execute(),
  ]);
  const [miniApps, serviceMessageTemplates, iapSettings] = await Promise.all([
    db.selectFrom('mini_apps').selectAll().execute(),
    db.selectFrom('service_message_templates').selectAll().orderBy('embed_id').orderBy('position').execute(),
    db.selectFrom('iap_settings').selectAll().execute(),
  ]);
  return {
    miniApps,
    serviceMessageTemplates,
    iapSettings,
    channels,
    logins,
    templates,
    users,
    chats,
    members,
    botsInChats,
    apps,
    meta,
    services,
    wallets,
    contracts,
    tokenTypes,
    tokens,
    audienceGroups,
    audienceMembers,
    assertionKeys,
    membershipPlans,
    membershipSubscriptions,
    moduleChannels,
    moduleAttachments,
    coupons,
    couponUses,
  };
}

/** What {@link readWorldRows} answers. */
export type WorldRows = Awaited<ReturnType<typeof readWorldRows>>;
