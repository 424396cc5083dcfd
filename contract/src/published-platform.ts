/**
 * The platform's published operations, webhook event types and message kinds, each with what
 * embedkit does with it: the project's copy of the facts of the published OpenAPI documents
 * (`messaging-api.yml`, `channel-access-token.yml`, `liff.yml`, `insight.yml`,
 * `manage-audience.yml`, `module.yml`, `module-attach.yml`, `shop.yml`, `webhook.yml`), which CI
 * cannot read. Only facts are copied (document, method, path in the documents' `{param}` form,
 * operationId, server, discriminator values), never the documents' text.
 *
 * `docs/platform/coverage.md` is generated from these lists (`npm run docs:coverage`);
 * `scripts/coverage-vs-openapi.ts <folder>` compares them with a checkout of the documents, and
 * `server/test/contract/coverage.test.ts` checks every state against a started embedkit: a served
 * operation is mounted, a refused one answers the route-missing 404,
 * a served event type is in the registry, a served message kind passes the validator.
 *
 * A leaf the host's browser bundle may import: data and types only, no Node import.
 */

/** A published OpenAPI document, by its file name without `.yml`. */
export type PublishedDocument =
  'messaging-api' | 'channel-access-token' | 'liff' | 'insight' | 'manage-audience' | 'module' | 'module-attach' | 'shop';

/** The documents in the order the page lists them. */
export const PUBLISHED_DOCUMENTS: readonly PublishedDocument[] = [
  'messaging-api',
  'channel-access-token',
  'liff',
  'insight',
  'manage-audience',
  'module',
  'module-attach',
  'shop',
];

/**
 * The published server of an operation other than the documents' default `api.line.me`:
 * `api-data` is `api-data.line.me` (content and rich menu images, audience files), `manager` is
 * `manager.line.biz` (attaching a module).
 */
export type PublishedServer = 'api-data' | 'manager';

/**
 * Where embedkit serves the paths of each published server: on `{base_url}`, like the rest (one
 * origin, so an official client needs one `baseURL`). embedkit's side origins (`{deprecated_url}`,
 * `{trialbot_url}`, `{blockchain_url}`) serve the spec's v1 and blockchain interfaces, none of
 * the published documents' paths.
 */
export const EMBEDKIT_ORIGIN_OF_SERVER: Readonly<Record<PublishedServer | 'api', 'base'>> = {
  api: 'base',
  'api-data': 'base',
  manager: 'base',
};

/**
 * What embedkit does with a published item:
 * - `'served'`: answered as the document says;
 * - `{ served: note }`: answered, with `note` saying what is simulated differently;
 * - `{ refused: why }`: not served (it answers the route-missing 404), `why` in a user's words.
 */
export type Coverage = 'served' | { readonly served: string } | { readonly refused: string };

/** One published operation (an operation of a document's `paths`). */
export interface PublishedOperation {
  document: PublishedDocument;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The document's path, with its `{param}` placeholders. */
  path: string;
  operationId: string;
  /** The published server when not `api.line.me` (see {@link EMBEDKIT_ORIGIN_OF_SERVER}). */
  server?: PublishedServer;
  state: Coverage;
}

/** One webhook event type (`webhook.yml` `Event` discriminator). */
export interface PublishedEventType {
  type: string;
  /** The values of the type's own discriminator (`module.type`, `membership.type`), when it has one. */
  subtypes?: readonly string[];
  state: Coverage;
}

/** One message kind (`messaging-api.yml` `Message` discriminator). */
export interface PublishedMessageKind {
  type: string;
  state: Coverage;
}

/** Whether an item is served (with or without a note). */
export function isServed(state: Coverage): boolean {
  return state === 'served' || 'served' in state;
}

/** The refusal of a refused item, or `null` when it is served. */
export function refusalOf(state: Coverage): { refused: string } | null {
  return typeof state === 'object' && 'refused' in state ? state : null;
}

const SERVED: Coverage = 'served';
const INSIGHT_FROM_WORLD: Coverage = {
  served: "computed from the world on the simulated clock: sends, friendships, the host's impressions, clicks and rich menu taps",
};
const LIFF_REGISTRY: Coverage = {
  served: 'one registry with `/embed/v1/apps`: an app added either way is listed, opened and removed by both',
};

const COUPONS: Coverage = {
  served: 'on the simulated clock: a coupon is RUNNING until its end or closeCoupon, then CLOSED (never DRAFT); see coupons.md',
};

const PHONE_PUSH: Coverage = {
  served:
    "verified and official plans; reaches the scenario's person with that number, friend or not, as a notification message (docs/platform/phone-push.md)",
};
const UNITS_FROM_SENDS: Coverage = { served: 'the units push and multicast used this month (UTC+9, simulated clock)' };
const MEMBERSHIPS: Coverage = {
  served: "the scenario's plans and the host's subscriptions; renewal on the simulated clock (UTC+9 billing dates); see memberships.md",
};
const MODULES: Coverage = {
  served:
    'a scenario marks module channels; the host authorizes an attachment; chat control on the simulated clock; see module-channels.md',
};
const MISSION_STICKER_LINE: Coverage = {
  served: "no sticker shop: the present shows as a line of the user's chat with the bot",
};

/** Every published operation (110: `messaging-api.yml` 73, `channel-access-token.yml` 8, `liff.yml` 4, `insight.yml` 7, `manage-audience.yml` 12, `module.yml` 4, `module-attach.yml` 1, `shop.yml` 1), in each document's order. */
export const PUBLISHED_OPERATIONS: readonly PublishedOperation[] = [
  // messaging-api.yml
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/channel/webhook/endpoint', operationId: 'getWebhookEndpoint', state: SERVED },
  { document: 'messaging-api', method: 'PUT', path: '/v2/bot/channel/webhook/endpoint', operationId: 'setWebhookEndpoint', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/channel/webhook/test', operationId: 'testWebhookEndpoint', state: SERVED },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/{messageId}/content',
    operationId: 'getMessageContent',
    server: 'api-data',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/{messageId}/content/preview',
    operationId: 'getMessageContentPreview',
    server: 'api-data',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/{messageId}/content/transcoding',
    operationId: 'getMessageContentTranscodingByMessageId',
    server: 'api-data',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/reply', operationId: 'replyMessage', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/push', operationId: 'pushMessage', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/multicast', operationId: 'multicast', state: SERVED },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/message/narrowcast',
    operationId: 'narrowcast',
    state: {
      served: 'to every friend, a demographic `filter`, audience and redelivery `recipient`s with `and`/`or`/`not`; no 50-person minimum',
    },
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/progress/narrowcast',
    operationId: 'getNarrowcastProgress',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/broadcast', operationId: 'broadcast', state: SERVED },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/message/quota', operationId: 'getMessageQuota', state: SERVED },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/quota/consumption',
    operationId: 'getMessageQuotaConsumption',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/delivery/reply',
    operationId: 'getNumberOfSentReplyMessages',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/delivery/push',
    operationId: 'getNumberOfSentPushMessages',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/delivery/multicast',
    operationId: 'getNumberOfSentMulticastMessages',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/delivery/broadcast',
    operationId: 'getNumberOfSentBroadcastMessages',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/validate/reply', operationId: 'validateReply', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/validate/push', operationId: 'validatePush', state: SERVED },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/message/validate/multicast',
    operationId: 'validateMulticast',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/message/validate/narrowcast',
    operationId: 'validateNarrowcast',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/message/validate/broadcast',
    operationId: 'validateBroadcast',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/aggregation/info',
    operationId: 'getAggregationUnitUsage',
    state: UNITS_FROM_SENDS,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/aggregation/list',
    operationId: 'getAggregationUnitNameList',
    state: UNITS_FROM_SENDS,
  },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/profile/{userId}', operationId: 'getProfile', state: SERVED },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/followers/ids', operationId: 'getFollowers', state: SERVED },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/info', operationId: 'getBotInfo', state: SERVED },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/group/{groupId}/member/{userId}',
    operationId: 'getGroupMemberProfile',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/room/{roomId}/member/{userId}',
    operationId: 'getRoomMemberProfile',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/group/{groupId}/members/ids',
    operationId: 'getGroupMembersIds',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/room/{roomId}/members/ids', operationId: 'getRoomMembersIds', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/group/{groupId}/leave', operationId: 'leaveGroup', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/room/{roomId}/leave', operationId: 'leaveRoom', state: SERVED },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/group/{groupId}/summary', operationId: 'getGroupSummary', state: SERVED },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/group/{groupId}/members/count',
    operationId: 'getGroupMemberCount',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/room/{roomId}/members/count',
    operationId: 'getRoomMemberCount',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/richmenu', operationId: 'createRichMenu', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/richmenu/validate', operationId: 'validateRichMenuObject', state: SERVED },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/richmenu/{richMenuId}/content',
    operationId: 'getRichMenuImage',
    server: 'api-data',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/richmenu/{richMenuId}/content',
    operationId: 'setRichMenuImage',
    server: 'api-data',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/richmenu/{richMenuId}', operationId: 'getRichMenu', state: SERVED },
  { document: 'messaging-api', method: 'DELETE', path: '/v2/bot/richmenu/{richMenuId}', operationId: 'deleteRichMenu', state: SERVED },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/richmenu/list', operationId: 'getRichMenuList', state: SERVED },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/user/all/richmenu/{richMenuId}',
    operationId: 'setDefaultRichMenu',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/user/all/richmenu', operationId: 'getDefaultRichMenuId', state: SERVED },
  { document: 'messaging-api', method: 'DELETE', path: '/v2/bot/user/all/richmenu', operationId: 'cancelDefaultRichMenu', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/richmenu/alias', operationId: 'createRichMenuAlias', state: SERVED },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/richmenu/alias/{richMenuAliasId}',
    operationId: 'getRichMenuAlias',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/richmenu/alias/{richMenuAliasId}',
    operationId: 'updateRichMenuAlias',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'DELETE',
    path: '/v2/bot/richmenu/alias/{richMenuAliasId}',
    operationId: 'deleteRichMenuAlias',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/richmenu/alias/list', operationId: 'getRichMenuAliasList', state: SERVED },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/user/{userId}/richmenu', operationId: 'getRichMenuIdOfUser', state: SERVED },
  {
    document: 'messaging-api',
    method: 'DELETE',
    path: '/v2/bot/user/{userId}/richmenu',
    operationId: 'unlinkRichMenuIdFromUser',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/user/{userId}/richmenu/{richMenuId}',
    operationId: 'linkRichMenuIdToUser',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/richmenu/bulk/link', operationId: 'linkRichMenuIdToUsers', state: SERVED },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/richmenu/bulk/unlink',
    operationId: 'unlinkRichMenuIdFromUsers',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/richmenu/batch', operationId: 'richMenuBatch', state: SERVED },
  {
    document: 'messaging-api',
    method: 'POST',
    path: '/v2/bot/richmenu/validate/batch',
    operationId: 'validateRichMenuBatchRequest',
    state: SERVED,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/richmenu/progress/batch',
    operationId: 'getRichMenuBatchProgress',
    state: SERVED,
  },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/user/{userId}/linkToken', operationId: 'issueLinkToken', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/message/markAsRead', operationId: 'markMessagesAsRead', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/bot/pnp/push', operationId: 'pushMessagesByPhone', state: PHONE_PUSH },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/message/delivery/pnp',
    operationId: 'getPNPMessageStatistics',
    state: { served: '`unready` for today and later days, then the day’s delivered notification messages' },
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/membership/subscription/{userId}',
    operationId: 'getMembershipSubscription',
    state: MEMBERSHIPS,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/membership/list',
    operationId: 'getMembershipList',
    state: MEMBERSHIPS,
  },
  {
    document: 'messaging-api',
    method: 'GET',
    path: '/v2/bot/membership/{membershipId}/users/ids',
    operationId: 'getJoinedMembershipUsers',
    state: MEMBERSHIPS,
  },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/coupon', operationId: 'listCoupon', state: COUPONS },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/coupon', operationId: 'createCoupon', state: COUPONS },
  { document: 'messaging-api', method: 'GET', path: '/v2/bot/coupon/{couponId}', operationId: 'getCouponDetail', state: COUPONS },
  { document: 'messaging-api', method: 'PUT', path: '/v2/bot/coupon/{couponId}/close', operationId: 'closeCoupon', state: COUPONS },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/chat/loading/start', operationId: 'showLoadingAnimation', state: SERVED },
  { document: 'messaging-api', method: 'POST', path: '/v2/bot/chat/markAsRead', operationId: 'markMessagesAsReadByToken', state: SERVED },
  // channel-access-token.yml
  {
    document: 'channel-access-token',
    method: 'POST',
    path: '/oauth2/v3/token',
    operationId: 'issueStatelessChannelToken',
    state: { served: 'by client secret or JWT assertion; 15 minutes on the simulated clock, signed, never stored' },
  },
  {
    document: 'channel-access-token',
    method: 'GET',
    path: '/oauth2/v2.1/tokens/kid',
    operationId: 'getsAllValidChannelAccessTokenKeyIds',
    state: SERVED,
  },
  {
    document: 'channel-access-token',
    method: 'POST',
    path: '/oauth2/v2.1/token',
    operationId: 'issueChannelTokenByJWT',
    state: { served: 'shares its path with social login: a `client_credentials` form with a `client_assertion` is a channel’s' },
  },
  {
    document: 'channel-access-token',
    method: 'GET',
    path: '/oauth2/v2.1/verify',
    operationId: 'verifyChannelTokenByJWT',
    state: { served: 'shares its path with social login: a channel access token is answered as one' },
  },
  {
    document: 'channel-access-token',
    method: 'POST',
    path: '/oauth2/v2.1/revoke',
    operationId: 'revokeChannelTokenByJWT',
    state: { served: 'shares its path with social login: a channel access token is revoked as one' },
  },
  { document: 'channel-access-token', method: 'POST', path: '/v2/oauth/accessToken', operationId: 'issueChannelToken', state: SERVED },
  {
    document: 'channel-access-token',
    method: 'POST',
    path: '/v2/oauth/verify',
    operationId: 'verifyChannelToken',
    state: SERVED,
  },
  { document: 'channel-access-token', method: 'POST', path: '/v2/oauth/revoke', operationId: 'revokeChannelToken', state: SERVED },
  // liff.yml
  { document: 'liff', method: 'POST', path: '/liff/v1/apps', operationId: 'addLIFFApp', state: LIFF_REGISTRY },
  { document: 'liff', method: 'GET', path: '/liff/v1/apps', operationId: 'getAllLIFFApps', state: SERVED },
  { document: 'liff', method: 'PUT', path: '/liff/v1/apps/{liffId}', operationId: 'updateLIFFApp', state: SERVED },
  { document: 'liff', method: 'DELETE', path: '/liff/v1/apps/{liffId}', operationId: 'deleteLIFFApp', state: SERVED },
  // insight.yml
  {
    document: 'insight',
    method: 'GET',
    path: '/v2/bot/insight/demographic',
    operationId: 'getFriendsDemographics',
    state: INSIGHT_FROM_WORLD,
  },
  {
    document: 'insight',
    method: 'GET',
    path: '/v2/bot/insight/message/delivery',
    operationId: 'getNumberOfMessageDeliveries',
    state: INSIGHT_FROM_WORLD,
  },
  { document: 'insight', method: 'GET', path: '/v2/bot/insight/followers', operationId: 'getNumberOfFollowers', state: INSIGHT_FROM_WORLD },
  { document: 'insight', method: 'GET', path: '/v2/bot/insight/message/event', operationId: 'getMessageEvent', state: INSIGHT_FROM_WORLD },
  {
    document: 'insight',
    method: 'GET',
    path: '/v2/bot/insight/message/event/aggregation',
    operationId: 'getStatisticsPerUnit',
    state: INSIGHT_FROM_WORLD,
  },
  {
    document: 'insight',
    method: 'GET',
    path: '/v2/bot/insight/richmenu/{richMenuId}/summary',
    operationId: 'getRichMenuInsightSummary',
    state: INSIGHT_FROM_WORLD,
  },
  {
    document: 'insight',
    method: 'GET',
    path: '/v2/bot/insight/richmenu/{richMenuId}/daily',
    operationId: 'getRichMenuInsightDaily',
    state: INSIGHT_FROM_WORLD,
  },
  // manage-audience.yml
  {
    document: 'manage-audience',
    method: 'POST',
    path: '/v2/bot/audienceGroup/upload',
    operationId: 'createAudienceGroup',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'PUT',
    path: '/v2/bot/audienceGroup/upload',
    operationId: 'addAudienceToAudienceGroup',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'POST',
    path: '/v2/bot/audienceGroup/upload/byFile',
    operationId: 'createAudienceForUploadingUserIds',
    server: 'api-data',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'PUT',
    path: '/v2/bot/audienceGroup/upload/byFile',
    operationId: 'addUserIdsToAudience',
    server: 'api-data',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'POST',
    path: '/v2/bot/audienceGroup/click',
    operationId: 'createClickBasedAudienceGroup',
    state: { served: "from the URL taps of the host's people" },
  },
  {
    document: 'manage-audience',
    method: 'POST',
    path: '/v2/bot/audienceGroup/imp',
    operationId: 'createImpBasedAudienceGroup',
    state: { served: "from what the host's people saw" },
  },
  {
    document: 'manage-audience',
    method: 'PUT',
    path: '/v2/bot/audienceGroup/{audienceGroupId}/updateDescription',
    operationId: 'updateAudienceGroupDescription',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'DELETE',
    path: '/v2/bot/audienceGroup/{audienceGroupId}',
    operationId: 'deleteAudienceGroup',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'GET',
    path: '/v2/bot/audienceGroup/{audienceGroupId}',
    operationId: 'getAudienceData',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'GET',
    path: '/v2/bot/audienceGroup/list',
    operationId: 'getAudienceGroups',
    state: SERVED,
  },
  {
    document: 'manage-audience',
    method: 'GET',
    path: '/v2/bot/audienceGroup/shared/{audienceGroupId}',
    operationId: 'getSharedAudienceData',
    state: { served: "no channel has a Business Manager: answers the channel's own audiences" },
  },
  {
    document: 'manage-audience',
    method: 'GET',
    path: '/v2/bot/audienceGroup/shared/list',
    operationId: 'getSharedAudienceGroups',
    state: { served: 'no channel has a Business Manager: empty unless `includesOwnedAudienceGroups=true`' },
  },
  // module.yml
  { document: 'module', method: 'POST', path: '/v2/bot/channel/detach', operationId: 'detachModule', state: MODULES },
  {
    document: 'module',
    method: 'POST',
    path: '/v2/bot/chat/{chatId}/control/acquire',
    operationId: 'acquireChatControl',
    state: MODULES,
  },
  {
    document: 'module',
    method: 'POST',
    path: '/v2/bot/chat/{chatId}/control/release',
    operationId: 'releaseChatControl',
    state: MODULES,
  },
  { document: 'module', method: 'GET', path: '/v2/bot/list', operationId: 'getModules', state: MODULES },
  // module-attach.yml
  {
    document: 'module-attach',
    method: 'POST',
    path: '/module/auth/v1/token',
    operationId: 'attachModule',
    server: 'manager',
    state: MODULES,
  },
  // shop.yml
  { document: 'shop', method: 'POST', path: '/shop/v3/mission', operationId: 'missionStickerV3', state: MISSION_STICKER_LINE },
];

/** Every webhook event type of `webhook.yml` (19), in its discriminator's order. */
export const PUBLISHED_EVENT_TYPES: readonly PublishedEventType[] = [
  { type: 'message', subtypes: ['text', 'image', 'video', 'audio', 'file', 'location', 'sticker'], state: SERVED },
  { type: 'unsend', state: SERVED },
  { type: 'follow', state: SERVED },
  { type: 'unfollow', state: SERVED },
  { type: 'join', state: SERVED },
  { type: 'leave', state: SERVED },
  { type: 'memberJoined', state: SERVED },
  { type: 'memberLeft', state: SERVED },
  { type: 'postback', state: SERVED },
  { type: 'videoPlayComplete', state: SERVED },
  { type: 'beacon', state: SERVED },
  { type: 'accountLink', state: SERVED },
  {
    type: 'membership',
    subtypes: ['joined', 'left', 'renewed'],
    state: {
      served:
        'joined and left from the host’s Membership tool, renewed when the clock passes a billing date; `embedkit trigger membership`',
    },
  },
  {
    type: 'module',
    subtypes: ['attached', 'detached'],
    state: { served: 'attached on the code exchange; detached (bot_deleted) when the bot’s side detaches; see module-channels.md' },
  },
  { type: 'activated', state: { served: 'to the module channel that acquires a chat; `expireAt` -1 without a time limit' } },
  {
    type: 'deactivated',
    state: { served: 'on a release, another acquire, or the end of the TTL (seen at the chat’s next event or look-up)' },
  },
  { type: 'botSuspended', state: { served: 'when the host suspends the bot (Module channels tool, simulator route `setBotSuspended`)' } },
  { type: 'botResumed', state: { served: 'when the host resumes the bot (Module channels tool, simulator route `setBotSuspended`)' } },
  { type: 'delivery', state: { served: 'after a notification message reaches its person; `embedkit trigger delivery`' } },
];

/** Every message kind of `messaging-api.yml`'s `Message` (11), in its discriminator's order. */
export const PUBLISHED_MESSAGE_KINDS: readonly PublishedMessageKind[] = [
  { type: 'text', state: SERVED },
  {
    type: 'textV2',
    state: { served: 'validated, stored and quotable; the host draws mentions by display name and emojis as placeholder faces' },
  },
  { type: 'sticker', state: SERVED },
  { type: 'image', state: SERVED },
  { type: 'video', state: SERVED },
  { type: 'audio', state: SERVED },
  { type: 'location', state: SERVED },
  { type: 'imagemap', state: SERVED },
  { type: 'template', state: SERVED },
  { type: 'flex', state: SERVED },
  {
    type: 'coupon',
    state: { served: 'a RUNNING coupon of the sending channel; stored with its card, drawn and usable in the host (coupons.md)' },
  },
];

/**
 * A part of the LINE MINI App API reference: the MINI App's operations and webhook events are
 * published there and in the in-app purchase guide, not in the OpenAPI documents.
 */
export type MiniAppReference = 'Service Messages' | 'In-app purchase (Server)';

/** One operation of the LINE MINI App API reference, named as the reference's heading names it. */
export interface MiniAppOperation {
  reference: MiniAppReference;
  method: 'GET' | 'POST';
  /** The path on `api.line.me`, without its query. */
  path: string;
  /** What the reference's heading calls it. */
  name: string;
  state: Coverage;
}

/** One in-app purchase webhook event type (LINE MINI App API reference, "In-app purchase webhook event object"). */
export interface MiniAppEventType {
  type: string;
  state: Coverage;
}

/** Every operation of the LINE MINI App API reference's server side (4), in its order. */
export const MINI_APP_OPERATIONS: readonly MiniAppOperation[] = [
  {
    reference: 'Service Messages',
    method: 'POST',
    path: '/message/v3/notifier/token',
    name: 'Issue a service notification token',
    state: { served: 'from a LIFF access token of the MINI App channel (the host’s session); 1 year and 5 sends on the simulated clock' },
  },
  {
    reference: 'Service Messages',
    method: 'POST',
    path: '/message/v3/notifier/send',
    name: 'Send a service message',
    state: { served: '`?target=service`; the scenario’s templates; the notice is a card in the person’s service-message chat of the host' },
  },
  {
    reference: 'In-app purchase (Server)',
    method: 'POST',
    path: '/iap/v1/product/reserve',
    name: 'Reserve purchase',
    state: {
      served: 'the scenario’s products; the person pays, cancels or fails on the host’s store sheet; every payment is a test payment',
    },
  },
  {
    reference: 'In-app purchase (Server)',
    method: 'GET',
    path: '/iap/v1/webhook/events',
    name: 'Get the webhook event history',
    state: { served: 'the past 7 days of the simulated clock, `purchaseComplete` only, as published' },
  },
];

/** Every in-app purchase webhook event type (2). */
export const MINI_APP_EVENT_TYPES: readonly MiniAppEventType[] = [
  { type: 'purchaseComplete', state: { served: 'when the person pays on the host’s store sheet (or `payIapOrder` of the simulator API)' } },
  { type: 'refundComplete', state: { served: 'when an order is refunded: the host, `embedkit iap refund`, the testing API or MCP' } },
];
