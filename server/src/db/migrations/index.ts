/**
 * Schema migrations, run at start-up by Kysely's Migrator in the order of their keys, one file
 * each in this folder. The same migrations serve both databases; what differs comes from
 * {@link columnTypes}.
 *
 * A key is recorded in every database it ran on (`kysely_migration`), and Kysely refuses to start
 * on a database that recorded a key it no longer knows. So a shipped migration keeps its key and
 * its SQL for ever: never rename, renumber or edit one, add a new one with the next number. The
 * keys skip 0006: none was ever shipped under it.
 */
import type { Kysely, Migration } from 'kysely';
import { createInitialTables } from './0001-initial-tables.js';
import { addSocialLogin } from './0002-social-login.js';
import { addBotMessaging } from './0003-bot-messaging.js';
import { addChatOrderAndRateCounters } from './0004-chat-order-and-rate-counters.js';
import { addBlockchain } from './0005-blockchain.js';
import { addDemoLoginSessions } from './0007-demo-login-sessions.js';
import { addRichMenusAndSentCounts } from './0008-rich-menus-and-sent-counts.js';
import { addDeliveryQueueIndexes } from './0009-delivery-queue-indexes.js';
import { addV1Bots } from './0010-v1-bots.js';
import { addLinkTokensAndMenuBatches } from './0011-link-tokens-and-menu-batches.js';
import { addQuoteTokensAndUnsend } from './0012-quote-tokens-and-unsend.js';
import { addRetryKeys } from './0014-retry-keys.js';
import { addDeliverySends } from './0015-delivery-sends.js';
import { addPkce } from './0016-pkce.js';
import { addChannelAssertionKeys } from './0017-channel-assertion-keys.js';
import { addLiffAppFields } from './0018-liff-app-fields.js';
import { addInsight } from './0019-insight.js';
import { addAudiences } from './0020-audiences.js';
import { addCoupons } from './0022-coupons.js';
import { addPhoneNumbers } from './0023-phone-numbers.js';
import { addModuleChannels } from './0024-module-channels.js';
import { addMemberships } from './0025-memberships.js';
import { addVideoPlayCompletes } from './0026-video-play-completes.js';
import { addMemberChatsIndex } from './0027-member-chats-index.js';
import { addMiniApps } from './0028-mini-apps.js';
import { addAttemptFaults } from './0029-attempt-faults.js';
import { addInAppPurchase } from './0030-in-app-purchase.js';
import { addCommonProfiles } from './0031-common-profiles.js';
import { addSharePickerTickets } from './0032-share-picker-tickets.js';
import { addConsents } from './0033-consents.js';
import { addMiniAppCustomPaths } from './0034-mini-app-custom-paths.js';
import { addCalendars } from './0035-calendars.js';
import { addLinePay } from './0036-line-pay.js';
import { columnTypes, type ColumnTypes, type Dialect } from './dialect.js';

/** One migration's schema changes, given the dialect's column types. */
type SchemaChange = (db: Kysely<unknown>, T: ColumnTypes, dialect: Dialect) => Promise<void>;

/** Every migration under the key it shipped with, in key order. */
const SHIPPED: ReadonlyArray<readonly [key: string, up: SchemaChange]> = [
  ['0001_initial', createInitialTables],
  ['0002_social_login', addSocialLogin],
  ['0003_bot_messaging', addBotMessaging],
  ['0004_team_sandbox', addChatOrderAndRateCounters],
  ['0005_blockchain', addBlockchain],
  ['0007_demo_login_sessions', addDemoLoginSessions],
  ['0008_bot_daily_calls', addRichMenusAndSentCounts],
  ['0009_delivery_queue', addDeliveryQueueIndexes],
  ['0010_v1_bots', addV1Bots],
  ['0011_link_tokens', addLinkTokensAndMenuBatches],
  ['0012_quote_tokens', addQuoteTokensAndUnsend],
  ['0014_retry_keys', addRetryKeys],
  ['0015_delivery_sends', addDeliverySends],
  ['0016_pkce', addPkce],
  ['0017_channel_assertion_keys', addChannelAssertionKeys],
  ['0018_liff_app_fields', addLiffAppFields],
  ['0019_insight', addInsight],
  ['0020_audiences', addAudiences],
  ['0022_coupons', addCoupons],
  ['0023_phone_numbers', addPhoneNumbers],
  ['0024_module_channels', addModuleChannels],
  ['0025_memberships', addMemberships],
  ['0026_video_play_completes', addVideoPlayCompletes],
  ['0027_member_chats_index', addMemberChatsIndex],
  ['0028_mini_apps', addMiniApps],
  ['0029_attempt_faults', addAttemptFaults],
  ['0030_in_app_purchase', addInAppPurchase],
  ['0031_common_profiles', addCommonProfiles],
  ['0032_share_picker_tickets', addSharePickerTickets],
  ['0033_consents', addConsents],
  ['0034_mini_app_custom_paths', addMiniAppCustomPaths],
  ['0035_calendars', addCalendars],
  ['0036_line_pay', addLinePay],
];

/** The migrations for one dialect, by key, as Kysely's Migrator takes them. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const T = columnTypes(dialect);
  return Object.fromEntries(SHIPPED.map(([key, up]) => [key, { up: (db: Kysely<unknown>) => up(db, T, dialect) }]));
}
