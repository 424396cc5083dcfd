/**
 * Table shapes of the embedkit database, as Kysely sees them. Times are integers in ms since the
 * Unix epoch (from the server's clock); booleans are 0/1 integers (SQLite has no boolean).
 */
import type { ColumnType, Generated } from 'kysely';
import type { BotInterface, ChatType, DeliveryStatus, ViewType } from '#contract/wire.js';

/** A nullable column that may be left out on insert (SQLite fills NULL). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A channel of the platform (spec part B: channel ID, channel secret; the plan sets limits). */
export interface ChannelTable {
  channel_id: string;
  name: string;
  secret: string;
  /** `developer-trial`, `verified` or `official`: the plan of the spec's "Limits" table. */
  plan: string;
  /** Where webhook events are posted; null: none set (events are recorded, not sent). */
  webhook_url: Nullable<string>;
  /** 1: every webhook event carries an extra unknown property (receivers must tolerate it). */
  webhook_extra_property: Generated<number>;
  /** The bot's display name in chats; null: the channel name. */
  bot_name: Nullable<string>;
  /** `messaging` (spec part B), `enterprise` (E) or `trial` (F): which interface its bot uses. */
  bot_interface: Generated<BotInterface>;
  /** Channel MID (`u` + 32 hex digits) of an enterprise or trial channel; null for messaging. */
  channel_mid: Nullable<string>;
  /** 1: block (8) and unblock (4) operations are sent to the v1 bot (spec: off by default). */
  block_operations: Generated<number>;
  /** 1: the channel is approved to add itself as a friend (`POST /v1/officialaccount/contacts`). */
  add_friend_approved: Generated<number>;
  /** Space-separated permissions of the channel, e.g. `ADD_OWN_OFFICIAL_ACCOUNTS`. */
  permissions: Generated<string>;
}

/** A link message template of an enterprise channel (spec part E); `body` is its JSON. */
export interface LinkTemplateTable {
  channel_id: string;
  template_id: string;
  body: string;
}

/** A messenger user of the scenario (spec part B "User profile"). */
export interface UserTable {
  user_id: string;
  display_name: string;
  /** 1 when the user has a profile picture (served by the simulator API), else 0. */
  has_picture: number;
  status_message: string | null;
  /** 1 when the user agreed to the official account terms (group member ids, group source userId). */
  agreed: Generated<number>;
  /** `{gender?, age?, appType?, area?}` as JSON (narrowcast filters); null: none known. */
  demographics: Nullable<string>;
  /** The person's phone number in E.164 (`+819012345678`); null: none known (migration 0023). */
  phone_number: Nullable<string>;
  /** SHA-256 of `phone_number` in lowercase hex: what a bot's phone push names (migration 0023). */
  phone_number_hash: Nullable<string>;
  /** The person's Common Profile as JSON (`CommonProfile`, the plugin's entry names as keys); null: none (migration 0031). */
  common_profile: Nullable<string>;
}

/** A chat: a 1:1 chat (`utou`), a room or a group. `chat_id` is the context's utouId/roomId/groupId. */
export interface ChatTable {
  chat_id: string;
  type: ChatType;
  name: string;
  /** For a `utou` chat of a user with a bot: the bot's channel id; else null. */
  bot_channel_id: Nullable<string>;
}

/** Membership of users in chats. */
export interface ChatMemberTable {
  chat_id: string;
  user_id: string;
}

/** An embedded app of the registry (spec part D "app"). */
export interface AppTable {
  embed_id: string;
  channel_id: string;
  name: string;
  view_type: ViewType;
  view_url: string;
  created_at: number;
  /** Insertion order, so lists are stable. */
  seq: Generated<number>;
  /** LIFF server API settings (liff.yml `LiffApp`; migration 0018): booleans as 0 or 1. */
  module_mode: Generated<number>;
  feature_ble: Generated<number>;
  feature_qr_code: Generated<number>;
  /** Always `concat` (the only published value). */
  permanent_link_pattern: Generated<string>;
  /** JSON array of scope names (`openid`, `email`, `profile`, `chat_message.write`). */
  scopes: Generated<string>;
  /** `normal`, `aggressive` or `none`. */
  bot_prompt: Generated<string>;
}

/** A channel access token (spec part B). Only the SHA-256 of the token is stored. */
export interface ChannelTokenTable {
  token_hash: string;
  channel_id: string;
  issued_at: number;
  expires_at: number;
  seq: Generated<number>;
  /** `v2` (short-lived, by channel secret) or `v2.1` (by JWT assertion); migration 0017. */
  kind: ColumnType<string, string | undefined, string>;
  /** The key ID of a v2.1 token (`key_id` of its issue answer), null for `v2`. */
  key_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A public key a channel registered for its JWT assertions: the JWK as JSON text, by key ID. Times in ms. */
export interface ChannelAssertionKeyTable {
  channel_id: string;
  kid: string;
  jwk: string;
  created_at: number;
}

/** A secret made once per database (the stateless tokens' HMAC key), by name. */
export interface KitSecretTable {
  name: string;
  value: string;
}

/**
 * What a user granted a channel, as a user token carries it (and the refresh token issued with
 * it): scopes and the chat an app was opened from. Times in ms since 1970.
 */
export interface UserGrantColumns {
  user_id: string;
  channel_id: string;
  /** Space-separated scopes, as OAuth writes them. */
  scope: string;
  /** Context type the token was issued for: utou, room, group or none. */
  context_type: string;
  chat_id: string | null;
  issued_at: number;
  expires_at: number;
}

/** A user access token (spec part C), bound to a channel, scopes and the chat an app was opened from. */
export interface UserTokenTable extends UserGrantColumns {
  token_hash: string;
}

/** A message in a chat, sent by a user (sendMessages) or a bot. `body` is the message object as JSON. */
export interface MessageTable {
  id: Generated<number>;
  chat_id: string;
  sender_type: string;
  sender_id: string;
  body: string;
  created_at: number;
  /** The platform's quote token of the message (opaque, random); null on messages stored before it existed. */
  quote_token: string | null;
  /** When a person unsent the message (ms), null while it stands. */
  unsent_at: number | null;
  /** 1 for a notification message a bot sent by phone number (`POST /bot/pnp/push`), else 0 (migration 0023). */
  notification: Generated<number>;
}

/** Small key/value facts about the database itself (scenario loaded, demo origin). */
export interface MetaTable {
  key: string;
  value: string;
}

/** A bot in a group or room. `state` `joined`, or `pending`: added to a room, join event not sent yet. */
export interface BotMembershipTable {
  chat_id: string;
  channel_id: string;
  state: string;
  since: number;
}

/** A user's friendship with a bot (spec "States and transitions", Friendship): `friend` or `blocked`. */
export interface BotFriendTable {
  channel_id: string;
  user_id: string;
  state: string;
  since: number;
}

/** A reply token issued with a repliable webhook event (spec "States and transitions"); SHA-256 only. */
export interface ReplyTokenTable {
  token_hash: string;
  channel_id: string;
  /** Where a reply goes: the chat the event came from. */
  chat_id: string;
  issued_at: number;
  expires_at: number;
  used_at: Nullable<number>;
}

/**
 * A webhook request to a channel's bot: the exact body and signature, kept until delivered, so
 * that none is lost across a restart. `status`: pending, delivered, failed (retries exhausted),
 * skipped (no webhook URL).
 */
export interface DeliveryTable {
  id: Generated<number>;
  channel_id: string;
  /** Deliveries with the same key are sent in order (one chat, or one user for 1:1 events). */
  order_key: string;
  /** Comma-separated event types of the body, for lists. */
  event_types: string;
  body: string;
  signature: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  /** Times handed to an attempt (claimed, or started on SQLite), never reset: more than 0 means a re-send. */
  sends: Generated<number>;
  next_attempt_at: Nullable<number>;
  created_at: number;
  delivered_at: Nullable<number>;
}

/** One HTTP attempt of a delivery. `status_code` null: no answer (`error` says why). */
export interface DeliveryAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  url: string;
  started_at: number;
  status_code: Nullable<number>;
  error: Nullable<string>;
  latency_ms: number;
  /** The first bytes of the bot's answer. */
  response_body: Nullable<string>;
  /** The fault rule that made or moved this send, and its kind (a delivery fault kind); null for none. */
  fault_id: Nullable<string>;
  fault_kind: Nullable<string>;
}

/** Binary content of a user-sent image, video, audio or file message (content endpoint). */
export interface ContentTable {
  message_id: number;
  content_type: string;
  file_name: Nullable<string>;
  size: number;
  data: Buffer;
}

/**
 * Social login settings of a channel (spec part C). A channel without a row has the defaults:
 * `WEB`, no registered callback URLs, active, bot linked.
 */
export interface ChannelLoginTable {
  channel_id: string;
  /** `WEB`, `NATIVE` or `SPA`: a WEB channel must send its secret to refresh a token. */
  application_type: string;
  /** JSON array of registered callback URLs; null: any https URL, or http on a loopback host. */
  callback_urls: string | null;
  /** 0: the channel is inactive (v1 answers `CHANNEL_INACTIVE`; no new sign-ins). */
  active: number;
  /** 1 when the channel's bot is linked, so that the friendship status can be asked. */
  bot_linked: number;
}

/** A sign-in waiting on the consent page (`GET /oauth2/v2.1/authorize`). SHA-256 of its id only. */
export interface AuthorizationRequestTable {
  request_hash: string;
  channel_id: string;
  redirect_uri: string;
  state: string;
  /** Space-separated scopes asked for. */
  scope: string;
  nonce: string | null;
  /** The PKCE code challenge (RFC 7636, S256), null for a confidential client. */
  code_challenge: Nullable<string>;
  created_at: number;
  expires_at: number;
}

/** An authorization code (spec part C): single use, short lived, bound to client_id and redirect_uri. */
export interface AuthorizationCodeTable {
  code_hash: string;
  channel_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  nonce: string | null;
  /** The PKCE code challenge of the request (RFC 7636, S256), null for a confidential client. */
  code_challenge: Nullable<string>;
  /** The chat the host opened an app from (`none` for a web login), carried to the token. */
  context_type: string;
  chat_id: string | null;
  issued_at: number;
  expires_at: number;
  /** When the code was exchanged; null: not yet. */
  used_at: Nullable<number>;
  /** The access token the code was exchanged for (revoked when the code is replayed). */
  access_hash: Nullable<string>;
}

/** A one-time ticket of the share target picker outside the messenger (migration 0032). SHA-256 only. */
export interface SharePickerTicketTable {
  ticket_hash: string;
  user_id: string;
  channel_id: string;
  /** The app (LIFF ID) the ticket was bought for. */
  liff_id: string;
  /** ms on the simulated clock. */
  expires_at: number;
}

/** A refresh token (spec part C): valid until 10 days after its access token expires. SHA-256 only. */
/** A refresh token: the grant of the access token issued with it. */
export interface RefreshTokenTable extends UserGrantColumns {
  token_hash: string;
  /** The access token issued with it: v1 reissue checks the pair, revoke removes both. */
  access_hash: string;
}

/** A user access token invalidated before its expiry: `platform` (v1 `expired(1)`) or `unlinked` (`expired(2)`). */
export interface TokenInvalidationTable {
  token_hash: string;
  reason: string;
  invalidated_at: number;
}

/** The whole database, for Kysely. */
/** Rate limit usage per key and one-minute window, shared by the processes on PostgreSQL. */
export interface RateCounterTable {
  /** `r|<channel>|<api>` (requests) or `m|<channel>` (message recipients). */
  counter_key: string;
  /** Start of the window, ms since 1970 on the server's clock. */
  window_start: number;
  used: number;
}

/** A session of the demo login app: `data` is its JSON. */
export interface DemoLoginSessionTable {
  sid_hash: string;
  data: string;
  created_at: number;
}

/** Blockchain (spec part A). */
export interface BcServiceTable {
  api_key: string;
  api_secret: string;
  name: string;
  activated: number;
}
export interface BcWalletTable {
  address: string;
  api_key: string;
  name: string;
  secret: string;
  created_at: number;
}
export interface BcContractTable {
  contract_id: string;
  api_key: string;
  name: string;
  owner_address: string;
}
export interface BcTokenTypeTable {
  contract_id: string;
  token_type: string;
  name: string;
  meta: string;
}
export interface BcTokenTable {
  contract_id: string;
  token_type: string;
  token_index: string;
  name: string;
  meta: string;
  owner: string;
  created_at: number;
}
/** A transaction: `msg` is the message's JSON (`{type, value}`), `events` the log events' JSON. */
export interface BcTransactionTable {
  height: Generated<number>;
  tx_hash: string;
  api_key: string;
  msg_type: string;
  msg: string;
  events: string;
  timestamp: number;
}
export interface BcTxWalletTable {
  address: string;
  height: number;
}
export interface BcNonceTable {
  api_key: string;
  nonce: string;
  used_at: number;
}
/** A signed request as the host's Blockchain tab lists it (never the secret). */
export interface BcRequestTable {
  id: Generated<number>;
  at: number;
  method: string;
  path: string;
  api_key: string | null;
  status_code: number;
  status_message: string;
  signature_input: string | null;
}

export interface Database {
  channels: ChannelTable;
  users: UserTable;
  chats: ChatTable;
  chat_members: ChatMemberTable;
  apps: AppTable;
  channel_tokens: ChannelTokenTable;
  channel_assertion_keys: ChannelAssertionKeyTable;
  kit_secrets: KitSecretTable;
  user_tokens: UserTokenTable;
  messages: MessageTable;
  meta: MetaTable;
  bot_memberships: BotMembershipTable;
  bot_friends: BotFriendTable;
  reply_tokens: ReplyTokenTable;
  deliveries: DeliveryTable;
  delivery_attempts: DeliveryAttemptTable;
  contents: ContentTable;
  channel_login: ChannelLoginTable;
  authorization_requests: AuthorizationRequestTable;
  authorization_codes: AuthorizationCodeTable;
  share_picker_tickets: SharePickerTicketTable;
  refresh_tokens: RefreshTokenTable;
  token_invalidations: TokenInvalidationTable;
  rate_counters: RateCounterTable;
  demo_login_sessions: DemoLoginSessionTable;
  bc_services: BcServiceTable;
  bc_wallets: BcWalletTable;
  bc_contracts: BcContractTable;
  bc_token_types: BcTokenTypeTable;
  bc_tokens: BcTokenTable;
  bc_transactions: BcTransactionTable;
  bc_tx_wallets: BcTxWalletTable;
  bc_nonces: BcNonceTable;
  bc_requests: BcRequestTable;
  rich_menus: RichMenuTable;
  rich_menu_defaults: RichMenuDefaultTable;
  rich_menu_links: RichMenuLinkTable;
  rich_menu_aliases: RichMenuAliasTable;
  bot_sent_counts: BotSentCountTable;
  narrowcasts: NarrowcastTable;
  link_templates: LinkTemplateTable;
  link_tokens: LinkTokenTable;
  rich_menu_batches: RichMenuBatchTable;
  retry_keys: RetryKeyTable;
  audience_groups: AudienceGroupTable;
  audience_members: AudienceMemberTable;
  coupons: CouponTable;
  coupon_uses: CouponUseTable;
  video_play_completes: VideoPlayCompleteTable;
  module_channels: ModuleChannelTable;
  module_attachments: ModuleAttachmentTable;
  module_auth_codes: ModuleAuthCodeTable;
  chat_controls: ChatControlTable;
  bot_suspensions: BotSuspensionTable;
  audience_jobs: AudienceJobTable;
  insight_requests: InsightRequestTable;
  insight_sent: InsightSentTable;
  insight_impressions: InsightImpressionTable;
  insight_clicks: InsightClickTable;
  insight_units: InsightUnitTable;
  insight_friend_changes: InsightFriendChangeTable;
  insight_rich_menu_events: InsightRichMenuEventTable;
  membership_plans: MembershipPlanTable;
  membership_subscriptions: MembershipSubscriptionTable;
  mini_apps: MiniAppTable;
  service_message_templates: ServiceMessageTemplateTable;
  service_notification_tokens: ServiceNotificationTokenTable;
  service_messages: ServiceMessageTable;
  iap_settings: IapSettingsTable;
  iap_consents: IapConsentTable;
  iap_orders: IapOrderTable;
}

/**
 * A retry key a channel's request was accepted with: the request's ID, when (ms, simulated clock),
 * and the accepted answer's JSON (null while that request runs).
 */
export interface RetryKeyTable {
  channel_id: string;
  retry_key: string;
  request_id: string;
  accepted_at: number;
  answer: Nullable<string>;
}

/** A rich menu batch request: done at once; `resume_key` as the bot sent it. */
export interface RichMenuBatchTable {
  request_id: string;
  channel_id: string;
  resume_key: Nullable<string>;
  accepted_at: number;
  completed_at: number;
}

/** An account link token: single use, bound to a channel and a user; SHA-256 only. */
export interface LinkTokenTable {
  token_hash: string;
  channel_id: string;
  user_id: string;
  issued_at: number;
  expires_at: number;
  used_at: Nullable<number>;
}

/** A bot's rich menu: the object as created (JSON), and its one image once uploaded. */
export interface RichMenuTable {
  rich_menu_id: string;
  channel_id: string;
  /** The rich menu object as JSON, without `richMenuId`. */
  body: string;
  created_at: number;
  image_type: Nullable<string>;
  image: Nullable<Buffer>;
}

/** The default rich menu of a channel. */
export interface RichMenuDefaultTable {
  channel_id: string;
  rich_menu_id: string;
}

/** A per-user rich menu. */
export interface RichMenuLinkTable {
  channel_id: string;
  user_id: string;
  rich_menu_id: string;
}

/** A rich menu alias, the target of `richmenuswitch`. */
export interface RichMenuAliasTable {
  channel_id: string;
  alias_id: string;
  rich_menu_id: string;
}

/** Messages a bot sent per kind and day (quota and delivery counters); `day` is yyyyMMdd in UTC+9. */
export interface BotSentCountTable {
  channel_id: string;
  kind: string;
  day: string;
  messages: number;
}

/** A narrowcast request: done at once, so its progress is final. */
export interface NarrowcastTable {
  request_id: string;
  channel_id: string;
  success_count: number;
  accepted_at: number;
}

/**
 * An audience group of a channel (published `manage-audience.yml`): `type` UPLOAD, CLICK or IMP;
 * `is_ifa` 1 when its members are IFAs; the request ID (and clicked URL) a CLICK or IMP audience
 * was built from; times in ms on the simulated clock: READY from `ready_at`, EXPIRED from `expires_at`.
 */
export interface AudienceGroupTable {
  audience_group_id: number;
  channel_id: string;
  type: string;
  description: string;
  is_ifa: Generated<number>;
  request_id: Nullable<string>;
  click_url: Nullable<string>;
  created_at: number;
  ready_at: number;
  expires_at: number;
}

/** A member of an audience group: a user ID or an IFA, a friend of the channel's bot or not. */
export interface AudienceMemberTable {
  audience_group_id: number;
  member_id: string;
}

/** An upload job of an UPLOAD audience (`jobs[]`): its description, the IDs it uploaded, when (ms). */
export interface AudienceJobTable {
  audience_group_job_id: Generated<number>;
  audience_group_id: number;
  description: Nullable<string>;
  audience_count: number;
  created_at: number;
}

/** A message-sending request of a channel (push, multicast, broadcast, narrowcast): sent at (ms), its custom aggregation unit. */
export interface InsightRequestTable {
  channel_id: string;
  request_id: string;
  kind: string;
  sent_at: number;
  unit: Nullable<string>;
}

/** A chat message a request stored and a person it reached; `seq` its 1-based place in the request's messages. */
export interface InsightSentTable {
  message_id: number;
  user_id: string;
  channel_id: string;
  request_id: string;
  seq: number;
}

/** A person saw a message (once per person and message; ms). */
export interface InsightImpressionTable {
  message_id: number;
  user_id: string;
  at: number;
}

/** A person opened a URL of a message's actions (ms). */
export interface InsightClickTable {
  id: Generated<number>;
  message_id: number;
  user_id: string;
  url: string;
  at: number;
}

/** A custom aggregation unit a channel used in a month (yyyyMM, UTC+9), first used at (ms). */
export interface InsightUnitTable {
  channel_id: string;
  month: string;
  unit: string;
  first_used_at: number;
}

/** A change of a user's friendship with a channel's bot (`none`, `friend`, `blocked`; ms). */
export interface InsightFriendChangeTable {
  id: Generated<number>;
  channel_id: string;
  user_id: string;
  from_state: string;
  to_state: string;
  at: number;
}

/** A rich menu shown to a person (`area` null) or an area of it tapped (its index; ms). */
export interface InsightRichMenuEventTable {
  id: Generated<number>;
  channel_id: string;
  rich_menu_id: string;
  area: Nullable<number>;
  user_id: string;
  at: number;
}

/**
 * A coupon of a channel (published `messaging-api.yml` `CouponCreateRequest`): its ID (26
 * characters, a ULID), title, the created fields as JSON (`CouponFields`), validity in ms on the
 * simulated clock, created at (ms), and closed at (ms) once closeCoupon closed it.
 */
export interface CouponTable {
  coupon_id: string;
  channel_id: string;
  title: string;
  fields: string;
  start_at: number;
  end_at: number;
  created_at: number;
  closed_at: Nullable<number>;
}

/** How many times a person used a coupon, and when last (ms). */
export interface CouponUseTable {
  coupon_id: string;
  user_id: string;
  use_count: number;
  last_used_at: number;
}

/**
 * A bot's membership plan (published `messaging-api.yml` `Membership`), from the scenario: its ID,
 * channel, place in the scenario's list, the published fields as JSON (`MembershipPlanFields`:
 * title, description, benefits, price, currency, isInAppPurchase, isPublished), the member limit
 * (null: none) and the last member number given (numbers are never given twice).
 */
export interface MembershipPlanTable {
  membership_id: number;
  channel_id: string;
  position: number;
  fields: string;
  member_limit: Nullable<number>;
  last_member_no: number;
}

/**
 * A person's subscription to a plan: member number, joined at (ms), months paid so far (the
 * published `totalSubscriptionMonths`) and the next billing (ms, simulated clock).
 */
export interface MembershipSubscriptionTable {
  membership_id: number;
  user_id: string;
  membership_no: number;
  joined_at: number;
  months: number;
  next_billing_at: number;
}

/** A person watched a bot's video message with a `trackingId` to its end (migration 0026): its event went once. */
export interface VideoPlayCompleteTable {
  message_id: number;
  user_id: string;
  /** When, ms on the simulated clock. */
  completed_at: number;
}

/** A module channel (migration 0024; docs/platform/module-channels.md). */
export interface ModuleChannelTable {
  channel_id: string;
}

/** A module channel attached to a bot (basic channel), with the scopes granted, space-separated; `attached_at` ms. */
export interface ModuleAttachmentTable {
  module_channel_id: string;
  bot_channel_id: string;
  scopes: string;
  attached_at: number;
}

/** An authorization code of the attach flow: its SHA-256 hash, one use, expiry in ms on the simulated clock. */
export interface ModuleAuthCodeTable {
  code_hash: string;
  module_channel_id: string;
  bot_channel_id: string;
  scopes: string;
  redirect_uri: string;
  expires_at: number;
}

/** The module channel holding a bot's chat (internal chat ID), until `expires_at` ms, or for ever when null. */
export interface ChatControlTable {
  bot_channel_id: string;
  chat_id: string;
  module_channel_id: string;
  acquired_at: number;
  expires_at: number | null;
}

/** A suspended bot and since when (ms). */
export interface BotSuspensionTable {
  bot_channel_id: string;
  suspended_at: number;
}

/**
 * An app that is a LINE MINI App (docs/platform/mini-apps.md): its channel (one MINI App per
 * channel), verified (1) or not (0), and the internal channel it stands for, `developing` or
 * `published` (LINE MINI App API reference: an unverified MINI App uses service messages on its
 * Developing channel only).
 */
export interface MiniAppTable {
  embed_id: string;
  channel_id: string;
  verified: number;
  stage: string;
}

/** A service message template of a MINI App channel: its full name (`thankyou_msg_en`), place in the list, the template as JSON. */
export interface ServiceMessageTemplateTable {
  embed_id: string;
  template_name: string;
  position: number;
  template: string;
}

/**
 * A service notification token (LINE MINI App API reference, "Issue a service notification
 * token"): its session, the SHA-256 hash of the LIFF access token it was issued from (one token
 * per LIFF access token), of the current token value (null once it can no longer be renewed), the
 * MINI App and person, when it was issued and expires (ms, simulated clock) and the sends left.
 */
export interface ServiceNotificationTokenTable {
  session_id: string;
  liff_token_hash: string;
  token_hash: string | null;
  embed_id: string;
  user_id: string;
  issued_at: number;
  expires_at: number;
  remaining_count: number;
}

/** A service message sent to a person: the card they see (`notice`, JSON of `ServiceNotice` in the contract), when (ms, simulated clock). */
export interface ServiceMessageTable {
  id: Generated<number>;
  user_id: string;
  embed_id: string;
  session_id: string;
  template_name: string;
  notice: string;
  sent_at: number;
}

/** A MINI App's in-app purchase (migration 0029): its webhook URL (null: none) and its products (JSON, as the scenario lists them). */
export interface IapSettingsTable {
  embed_id: string;
  webhook_url: string | null;
  products: string;
}

/** A person's consent to the in-app purchase terms (once per person, for every MINI App): when (ms, simulated clock). */
export interface IapConsentTable {
  user_id: string;
  agreed_at: number;
}

/**
 * An in-app purchase order (LINE MINI App API reference, "Reserve purchase"): its MINI App,
 * channel, person and product, the purchase history's name, the client OS (`ios`, `android`) and
 * store, the price and currency charged, its state (`reserved`, `paid`, `cancelled`, `failed`,
 * `refunded`), why it failed, and when (ms, simulated clock) it was reserved, paid, refunded, changed.
 */
export interface IapOrderTable {
  order_id: string;
  embed_id: string;
  channel_id: string;
  user_id: string;
  product_id: string;
  shop_product_name: string;
  client_os: string;
  store: string;
  product_name: string;
  price: number;
  currency: string;
  status: string;
  failure: string | null;
  reserved_at: number;
  paid_at: number | null;
  refunded_at: number | null;
  updated_at: number;
}
