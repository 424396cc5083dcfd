/**
 * Schema migrations, run in order at start-up by Kysely's Migrator. Never edit a migration that
 * has shipped: add a new one.
 *
 * The same migrations serve both databases (issue 9); the few types that differ come from
 * {@link columnTypes}. On SQLite they compile to exactly the SQL they always did.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/** The databases embedkit runs on. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Column types per dialect: integers are 64-bit on PostgreSQL (times are ms since 1970, beyond
 * int4), auto-numbered keys are `bigserial` there, binary data is `bytea`.
 */
function columnTypes(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    int: pg ? ('bigint' as const) : ('integer' as const),
    blob: pg ? ('bytea' as const) : ('blob' as const),
    serial: pg ? ('bigserial' as const) : ('integer' as const),
    /** The primary key of an auto-numbered column. */
    autoId: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}

/** The embedded database's migrations. */
export const migrations: Record<string, Migration> = migrationsFor('sqlite');

/** The migrations for one dialect. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const T = columnTypes(dialect);
  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('channels')
          .addColumn('channel_id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('plan', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('users')
          .addColumn('user_id', 'text', (c) => c.primaryKey())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('has_picture', T.int, (c) => c.notNull().defaultTo(0))
          .addColumn('status_message', 'text')
          .execute();
        await db.schema
          .createTable('chats')
          .addColumn('chat_id', 'text', (c) => c.primaryKey())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('chat_members')
          .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
          .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id'])
          .execute();
        await db.schema
          .createTable('apps')
          .addColumn('seq', T.serial, T.autoId)
          .addColumn('embed_id', 'text', (c) => c.notNull().unique())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('view_type', 'text', (c) => c.notNull())
          .addColumn('view_url', 'text', (c) => c.notNull())
          .addColumn('created_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('apps_channel').on('apps').column('channel_id').execute();
        await db.schema
          .createTable('channel_tokens')
          .addColumn('seq', T.serial, T.autoId)
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
          .addColumn('issued_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('channel_tokens_channel').on('channel_tokens').column('channel_id').execute();
        await db.schema
          .createTable('user_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id'))
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('context_type', 'text', (c) => c.notNull())
          .addColumn('chat_id', 'text')
          .addColumn('issued_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('messages')
          .addColumn('id', T.serial, T.autoId)
          .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id'))
          .addColumn('sender_type', 'text', (c) => c.notNull())
          .addColumn('sender_id', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('created_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('messages_chat').on('messages').columns(['chat_id', 'id']).execute();
        await db.schema
          .createTable('meta')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // Bot messaging and webhooks (issue 6): webhook settings and the bot's name per channel, the
    // users' agreement to the official account terms, bots in chats, reply tokens, stored webhook
    // deliveries (so none is lost across a restart) and the binary content of user-sent media.
    '0003_bot_messaging': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('channels').addColumn('webhook_url', 'text').execute();
        await db.schema
          .alterTable('channels')
          .addColumn('webhook_extra_property', T.int, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('channels').addColumn('bot_name', 'text').execute();
        await db.schema
          .alterTable('users')
          .addColumn('agreed', T.int, (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema.alterTable('chats').addColumn('bot_channel_id', 'text').execute();
        await db.schema
          .createTable('bot_memberships')
          .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id').onDelete('cascade'))
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('since', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('bot_memberships_pk', ['chat_id', 'channel_id'])
          .execute();
        await db.schema
          .createTable('bot_friends')
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('since', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('bot_friends_pk', ['channel_id', 'user_id'])
          .execute();
        await db.schema
          .createTable('reply_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull())
          .addColumn('chat_id', 'text', (c) => c.notNull())
          .addColumn('issued_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .addColumn('used_at', T.int)
          .execute();
        await db.schema.createIndex('reply_tokens_expiry').on('reply_tokens').column('expires_at').execute();
        await db.schema
          .createTable('deliveries')
          .addColumn('id', T.serial, T.autoId)
          .addColumn('channel_id', 'text', (c) => c.notNull())
          .addColumn('order_key', 'text', (c) => c.notNull())
          .addColumn('event_types', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('signature', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('attempts', T.int, (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', T.int)
          .addColumn('created_at', T.int, (c) => c.notNull())
          .addColumn('delivered_at', T.int)
          .execute();
        await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();
        await db.schema.createIndex('deliveries_channel').on('deliveries').columns(['channel_id', 'id']).execute();
        await db.schema
          .createTable('delivery_attempts')
          .addColumn('id', T.serial, T.autoId)
          .addColumn('delivery_id', T.int, (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('started_at', T.int, (c) => c.notNull())
          .addColumn('status_code', T.int)
          .addColumn('error', 'text')
          .addColumn('latency_ms', T.int, (c) => c.notNull())
          .addColumn('response_body', 'text')
          .execute();
        await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'id']).execute();
        await db.schema
          .createTable('contents')
          .addColumn('message_id', T.int, (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('file_name', 'text')
          .addColumn('size', T.int, (c) => c.notNull())
          .addColumn('data', T.blob, (c) => c.notNull())
          .execute();
      },
    },
    // Social login v2.1 and v1 (issue 5): per-channel login settings, pending consent requests,
    // authorization codes, refresh tokens and invalidated user tokens. Codes, requests and tokens
    // are stored as SHA-256 only, like access tokens. Friendships live in `bot_friends` (0003).
    '0002_social_login': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('channel_login')
          .addColumn('channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
          .addColumn('application_type', 'text', (c) => c.notNull().defaultTo('WEB'))
          .addColumn('callback_urls', 'text')
          .addColumn('active', T.int, (c) => c.notNull().defaultTo(1))
          .addColumn('bot_linked', T.int, (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema
          .createTable('authorization_requests')
          .addColumn('request_hash', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('redirect_uri', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('nonce', 'text')
          .addColumn('created_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('authorization_codes')
          .addColumn('code_hash', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
          .addColumn('redirect_uri', 'text', (c) => c.notNull())
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('nonce', 'text')
          .addColumn('context_type', 'text', (c) => c.notNull())
          .addColumn('chat_id', 'text')
          .addColumn('issued_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .addColumn('used_at', T.int)
          .addColumn('access_hash', 'text')
          .execute();
        await db.schema
          .createTable('refresh_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('access_hash', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('context_type', 'text', (c) => c.notNull())
          .addColumn('chat_id', 'text')
          .addColumn('issued_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('refresh_tokens_access').on('refresh_tokens').column('access_hash').execute();
        await db.schema
          .createTable('token_invalidations')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('invalidated_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('user_tokens_user_channel').on('user_tokens').columns(['user_id', 'channel_id']).execute();
      },
    },
    // Team sandbox on PostgreSQL (issue 9). Chats are listed in insertion order: SQLite keeps it in
    // `rowid`; PostgreSQL has no such column, so chats get a numbered one there. Rate limit counters
    // per window, shared by every process on the database.
    '0004_team_sandbox': {
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') await sql`alter table chats add column seq bigserial`.execute(db);
        await db.schema
          .createTable('rate_counters')
          .addColumn('counter_key', 'text', (c) => c.notNull())
          .addColumn('window_start', T.int, (c) => c.notNull())
          .addColumn('used', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('rate_counters_pk', ['counter_key', 'window_start'])
          .execute();
      },
    },
    // The blockchain interface (spec part A, issue 12): services and their keys, wallets, item-token
    // contracts, non-fungible token types and tokens, transactions with the wallets they touch,
    // nonces used within the reuse window, and the signed requests the host's tab lists.
    '0005_blockchain': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('bc_services')
          .addColumn('api_key', 'text', (c) => c.primaryKey())
          .addColumn('api_secret', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('activated', T.int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('bc_wallets')
          .addColumn('address', 'text', (c) => c.primaryKey())
          .addColumn('api_key', 'text', (c) => c.notNull().references('bc_services.api_key'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('created_at', T.int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('bc_contracts')
          .addColumn('contract_id', 'text', (c) => c.primaryKey())
          .addColumn('api_key', 'text', (c) => c.notNull().references('bc_services.api_key'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('owner_address', 'text', (c) => c.notNull().references('bc_wallets.address'))
          .execute();
        await db.schema
          .createTable('bc_token_types')
          .addColumn('contract_id', 'text', (c) => c.notNull().references('bc_contracts.contract_id'))
          .addColumn('token_type', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('meta', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('bc_token_types_pk', ['contract_id', 'token_type'])
          .execute();
        await db.schema
          .createTable('bc_tokens')
          .addColumn('contract_id', 'text', (c) => c.notNull())
          .addColumn('token_type', 'text', (c) => c.notNull())
          .addColumn('token_index', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('meta', 'text', (c) => c.notNull())
          .addColumn('owner', 'text', (c) => c.notNull())
          .addColumn('created_at', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('bc_tokens_pk', ['contract_id', 'token_type', 'token_index'])
          .execute();
        await db.schema
          .createIndex('bc_tokens_owner')
          .on('bc_tokens')
          .columns(['owner', 'contract_id', 'token_type', 'token_index'])
          .execute();
        await db.schema
          .createTable('bc_transactions')
          .addColumn('height', T.serial, T.autoId)
          .addColumn('tx_hash', 'text', (c) => c.notNull().unique())
          .addColumn('api_key', 'text', (c) => c.notNull())
          .addColumn('msg_type', 'text', (c) => c.notNull())
          .addColumn('msg', 'text', (c) => c.notNull())
          .addColumn('events', 'text', (c) => c.notNull())
          .addColumn('timestamp', T.int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('bc_tx_wallets')
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('height', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('bc_tx_wallets_pk', ['address', 'height'])
          .execute();
        await db.schema
          .createTable('bc_nonces')
          .addColumn('api_key', 'text', (c) => c.notNull())
          .addColumn('nonce', 'text', (c) => c.notNull())
          .addColumn('used_at', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('bc_nonces_pk', ['api_key', 'nonce'])
          .execute();
        await db.schema
          .createTable('bc_requests')
          .addColumn('id', T.serial, T.autoId)
          .addColumn('at', T.int, (c) => c.notNull())
          .addColumn('method', 'text', (c) => c.notNull())
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('api_key', 'text')
          .addColumn('status_code', T.int, (c) => c.notNull())
          .addColumn('status_message', 'text', (c) => c.notNull())
          .addColumn('signature_input', 'text')
          .execute();
      },
    },
    // Webhook delivery at scale (issue 17): the dispatcher walks pending deliveries in id order and
    // asks, for each, whether an earlier one of its chat is still pending. Both are index seeks
    // here, so the cost of finding the next deliveries does not grow with the backlog.
    '0009_delivery_queue': {
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex('deliveries_pending_order').on('deliveries').columns(['status', 'id']).execute();
        await db.schema.createIndex('deliveries_line').on('deliveries').columns(['status', 'channel_id', 'order_key', 'id']).execute();
      },
    },
    // The demo login's sessions in the database, so any server of a team serves them (issue 18).
    '0007_demo_login_sessions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('demo_login_sessions')
          .addColumn('sid_hash', 'text', (c) => c.primaryKey())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('created_at', T.int, (c) => c.notNull())
          .execute();
      },
    },
    // Rich menus and a bot developer's daily calls (issue 14): menus with their one image, the
    // default menu per channel, per-user menus and aliases. Deleting a menu removes its links.
    '0008_bot_daily_calls': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rich_menus')
          .addColumn('rich_menu_id', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('created_at', T.int, (c) => c.notNull())
          .addColumn('image_type', 'text')
          .addColumn('image', T.blob)
          .execute();
        await db.schema.createIndex('rich_menus_channel').on('rich_menus').columns(['channel_id', 'created_at']).execute();
        await db.schema
          .createTable('rich_menu_defaults')
          .addColumn('channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
          .addColumn('rich_menu_id', 'text', (c) => c.notNull().references('rich_menus.rich_menu_id').onDelete('cascade'))
          .execute();
        await db.schema
          .createTable('rich_menu_links')
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('rich_menu_id', 'text', (c) => c.notNull().references('rich_menus.rich_menu_id').onDelete('cascade'))
          .addPrimaryKeyConstraint('rich_menu_links_pk', ['channel_id', 'user_id'])
          .execute();
        await db.schema
          .createTable('rich_menu_aliases')
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('alias_id', 'text', (c) => c.notNull())
          .addColumn('rich_menu_id', 'text', (c) => c.notNull().references('rich_menus.rich_menu_id').onDelete('cascade'))
          .addPrimaryKeyConstraint('rich_menu_aliases_pk', ['channel_id', 'alias_id'])
          .execute();
        // Messages sent per channel, kind (reply, push, multicast, broadcast, narrowcast) and day
        // (yyyyMMdd in the platform's timezone, UTC+9), for the quota and delivery counters.
        await db.schema
          .createTable('bot_sent_counts')
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('messages', T.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('bot_sent_counts_pk', ['channel_id', 'kind', 'day'])
          .execute();
        // Narrowcast requests and their progress.
        await db.schema
          .createTable('narrowcasts')
          .addColumn('request_id', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('success_count', T.int, (c) => c.notNull())
          .addColumn('accepted_at', T.int, (c) => c.notNull())
          .execute();
      },
    },
    // The enterprise and trial bot interfaces (spec parts E and F, issue 13): a channel's bot
    // interface, its channel MID (the `to` of its callbacks), whether block and unblock operations
    // are sent, the friend-list call's approval and permissions; link message templates.
    '0010_v1_bots': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('channels')
          .addColumn('bot_interface', 'text', (c) => c.notNull().defaultTo('messaging'))
          .execute();
        await db.schema.alterTable('channels').addColumn('channel_mid', 'text').execute();
        await db.schema
          .alterTable('channels')
          .addColumn('block_operations', T.int, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('channels')
          .addColumn('add_friend_approved', T.int, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('channels')
          .addColumn('permissions', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema
          .createTable('link_templates')
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('template_id', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('link_templates_pk', ['channel_id', 'template_id'])
          .execute();
      },
    },
    // Account link tokens (issue 14, the platform's `POST /v2/bot/user/<userId>/linkToken`): single
    // use, ten minutes; only the SHA-256 is kept. Rich menu batch requests.
    '0011_link_tokens': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('link_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('issued_at', T.int, (c) => c.notNull())
          .addColumn('expires_at', T.int, (c) => c.notNull())
          .addColumn('used_at', T.int)
          .execute();
        // Users' demographics (issue 14, narrowcast filters): JSON, null when the scenario gives none.
        await db.schema.alterTable('users').addColumn('demographics', 'text').execute();
        // Rich menu batch requests (issue 14): done at once, so their progress is final.
        await db.schema
          .createTable('rich_menu_batches')
          .addColumn('request_id', 'text', (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
          .addColumn('resume_key', 'text')
          .addColumn('accepted_at', T.int, (c) => c.notNull())
          .addColumn('completed_at', T.int, (c) => c.notNull())
          .execute();
      },
    },
  };
}
