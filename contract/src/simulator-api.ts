/**
 * The simulator API: embedkit's own HTTP API under {@link SIMULATOR_PREFIX}, what only a simulator
 * has (the world, what a person does in the host, the clock, webhook deliveries). One map of
 * routes, {@link SIMULATOR_API}: the server mounts exactly these (`server/src/simulator-api/mount.ts`;
 * a route without a handler does not compile), each from the handlers of the unit it names
 * ({@link SimulatorUnit}), and the host, the CLI and `embedkit/testing` call
 * them through the client of `./client.ts` (no path written anywhere else). docs/project/simulator-api.md's
 * route tables are checked against this map by a test.
 */
import { Type } from '@sinclair/typebox';
import { ServiceMessagesSchema } from './mini-apps.js';
import { CommonProfileBodySchema, CommonProfileViewSchema } from './common-profile.js';
import {
  IapConsentBodySchema,
  IapConsentSchema,
  IapOrderSchema,
  IapOrdersQuerySchema,
  IapOrdersSchema,
  IapPaymentBodySchema,
  IapProductsQuerySchema,
  IapProductsSchema,
  IapWebhookBodySchema,
  IapWebhookSchema,
} from './iap.js';
import { defineContract, fillPath, pathPattern, type Contract, type PathParams } from './route.js';
import {
  AccountLinkBodySchema,
  BotInsightQuerySchema,
  InsightReportBodySchema,
  BeaconBodySchema,
  ChannelPatchBodySchema,
  ChatPageQuerySchema,
  ClockBodySchema,
  ContactBodySchema,
  DeliveriesQuerySchema,
  FriendshipBodySchema,
  AssertionKeyBodySchema,
  InvalidateBodySchema,
  InviteBodySchema,
  LinkTemplateBodySchema,
  MediaQuerySchema,
  PersonBodySchema,
  PhoneLogQuerySchema,
  PhoneReportBodySchema,
  PostbackBodySchema,
  ReplyTokenBodySchema,
  TriggerEventBodySchema,
  SessionBodySchema,
  UserMessageRequestSchema,
  ValidateBodySchema,
  WebhookSettingsBodySchema,
  AuthorizeModuleBodySchema,
  BotSuspensionBodySchema,
  ChatControlBodySchema,
  DetachModuleBodySchema,
  ResetWorldBodySchema,
} from './requests.js';
import {
  AssertionKeyViewSchema,
  BlockchainViewSchema,
  BotInsightSchema,
  CouponTicketSchema,
  MembershipPlanViewSchema,
  BotInfoSchema,
  ChannelV1Schema,
  ChannelViewSchema,
  ChatMessageSchema,
  ChatPageSchema,
  ClockStateSchema,
  DeliverySchema,
  FriendshipViewSchema,
  IndicatorStateSchema,
  JsonObject,
  LinkTemplateSchema,
  PhoneLogSchema,
  PhonesSchema,
  LanViewSchema,
  PhoneViewSchema,
  SessionTokenSchema,
  ShownRichMenuSchema,
  ValidationAnswerSchema,
  WebhookSettingsSchema,
  WorldSchema,
  ChatControlStateSchema,
  ModuleChannelsSchema,
  WorldResetSchema,
} from './wire.js';
import { FaultListSchema, FaultRuleBodySchema, FaultViewSchema } from './faults.js';

/** Where the simulator API lives on `{base_url}`. */
export const SIMULATOR_PREFIX = '/embedkit/v1';

/** Readiness probes (`http/readiness.ts` answers them before the kit is built, so they are not routes of the map). */
export const PROBE_PATHS = { health: `${SIMULATOR_PREFIX}/health`, ready: `${SIMULATOR_PREFIX}/ready` } as const;

/** `{delivered: n}`: how many bots were sent the event. */
const Delivered = Type.Object({ delivered: Type.Number() });
const Empty = Type.Object({});

/**
 * The units of the server that serve the simulator API: each route names its own (`unit`), and a
 * unit's handlers are typed from the routes that name it (`UnitHandlers` in
 * `server/src/simulator-api/handlers.ts`), so the contract alone says which unit answers a route.
 * Where each builds its handlers, under `server/src/`:
 * - `world`: the world, sessions, chats and pictures (`world/simulator-routes.ts`);
 * - `social`: the clock, friendships, tokens, channels (`interfaces/social/simulator-routes.ts`);
 * - `faults`: the fault rules (`faults/simulator-routes.ts`);
 * - `channelTokens`: assertion signing keys (`tokens/simulator-routes.ts`);
 * - `v1Bots`: the v1 bots' settings, link templates and icons (`interfaces/v1-bots/routes.ts`);
 * - `bot`: what a person does with bots, webhooks, deliveries, rich menus
 *   (`interfaces/bot/simulator-routes.ts`);
 * - `insight`, `coupons`, `memberships`, `modules`: the bot unit's parts of those names, which
 *   `interfaces/bot/index.ts` serves with `bot`'s routes;
 * - `miniApps`: service messages and in-app purchase (`interfaces/mini-apps/index.ts`);
 * - `blockchain`: the Blockchain tab (`interfaces/blockchain/simulator-routes.ts`);
 * - `scenarioExport`: today's world as a scenario file (`scenario/export-routes.ts`);
 * - `worldReset`: loading a scenario into an emptied world (`scenario/reset.ts`);
 * - `phones`: the remote inspector (`phones/simulator-routes.ts`);
 * - `lan`: `embedkit --lan` (`lan/simulator-routes.ts`).
 */
export type SimulatorUnit =
  | 'world'
  | 'social'
  | 'faults'
  | 'channelTokens'
  | 'v1Bots'
  | 'bot'
  | 'insight'
  | 'coupons'
  | 'memberships'
  | 'modules'
  | 'miniApps'
  | 'blockchain'
  | 'scenarioExport'
  | 'worldReset'
  | 'phones'
  | 'lan';

/** Every route of the simulator API, by name. */
export const SIMULATOR_API = defineContract({
  // The world and its chats.
  world: {
    method: 'GET',
    path: '/world',
    summary: 'the scenario’s world, the origins and the header prefix',
    answer: WorldSchema,
    unit: 'world',
  },
  createSession: {
    method: 'POST',
    path: '/sessions',
    summary: 'signs a user in to a channel without a login page (a user access token bound to a chat)',
    body: SessionBodySchema,
    answer: SessionTokenSchema,
    unit: 'world',
  },
  chatMessages: {
    method: 'GET',
    path: '/chats/:chatId/messages',
    summary: 'a page of a chat, oldest first',
    query: ChatPageQuerySchema,
    answer: ChatPageSchema,
    unit: 'world',
  },
  sendMessage: {
    method: 'POST',
    path: '/chats/:chatId/messages',
    summary: 'a person sends one message from the phone (event: message)',
    body: UserMessageRequestSchema,
    answer: ChatMessageSchema,
    unit: 'world',
  },
  shareContact: {
    method: 'POST',
    path: '/chats/:chatId/contacts',
    summary: 'a person shares another person’s contact (v1 bots: contentType 10)',
    body: ContactBodySchema,
    answer: ChatMessageSchema,
    unit: 'world',
  },
  validateMessages: {
    method: 'POST',
    path: '/messages/validate',
    summary: 'the platform’s message validator, as data',
    body: ValidateBodySchema,
    answer: ValidationAnswerSchema,
    unit: 'world',
  },
  commonProfile: {
    method: 'POST',
    path: '/common-profile',
    summary: 'the Quick-fill screen’s view of a LIFF access token’s person: the Common Profile entries its commonprofile.* scopes cover',
    body: CommonProfileBodySchema,
    answer: CommonProfileViewSchema,
    unit: 'world',
  },
  userPicture: {
    method: 'GET',
    path: '/users/:userId/picture',
    summary: 'a user’s profile picture (SVG)',
    answer: 'binary',
    crossSite: 'public',
    unit: 'world',
  },
  userPictureSized: {
    method: 'GET',
    path: '/users/:userId/picture/:size',
    summary: 'a user’s profile picture, `large` (200x200) or `small` (51x51)',
    answer: 'binary',
    crossSite: 'public',
    unit: 'social',
  },

  // Time, friendships, tokens, channels.
  clock: { method: 'GET', path: '/clock', summary: 'the simulated time', answer: ClockStateSchema, unit: 'social' },
  advanceClock: {
    method: 'POST',
    path: '/clock',
    summary: 'moves simulated time forward',
    body: ClockBodySchema,
    answer: ClockStateSchema,
    unit: 'social',
  },
  // Faults on demand (docs/guide/faults.md): the routes under /faults are never hit by a fault.
  faults: {
    method: 'GET',
    path: '/faults',
    summary: 'the fault rules in force, with what each has hit',
    answer: FaultListSchema,
    unit: 'faults',
  },
  addFault: {
    method: 'POST',
    path: '/faults',
    summary: 'makes the calls a rule names fail on purpose (429, 500, 503, an expired token, a delay, a dropped connection)',
    body: FaultRuleBodySchema,
    answer: FaultViewSchema,
    unit: 'faults',
  },
  deleteFault: { method: 'DELETE', path: '/faults/:faultId', summary: 'removes one fault rule', answer: 'empty', unit: 'faults' },
  clearFaults: { method: 'DELETE', path: '/faults', summary: 'removes every fault rule', answer: 'empty', unit: 'faults' },
  friendship: {
    method: 'GET',
    path: '/users/:userId/friendships/:channelId',
    summary: 'a user’s friendship with a channel’s bot',
    answer: FriendshipViewSchema,
    unit: 'social',
  },
  setFriendship: {
    method: 'PUT',
    path: '/users/:userId/friendships/:channelId',
    summary: 'the user adds (or unblocks) or blocks the bot (events: follow, unfollow)',
    body: FriendshipBodySchema,
    answer: FriendshipViewSchema,
    unit: 'social',
  },
  invalidateTokens: {
    method: 'POST',
    path: '/tokens/invalidate',
    summary: 'a user’s access tokens on a channel stop working',
    body: InvalidateBodySchema,
    answer: Type.Object({ invalidated: Type.Number() }),
    unit: 'social',
  },
  addAssertionKey: {
    method: 'POST',
    path: '/channels/:channelId/assertion-keys',
    summary: 'registers a public key (JWK) for a channel’s JWT assertions, as the console does; answers its kid',
    body: AssertionKeyBodySchema,
    answer: AssertionKeyViewSchema,
    unit: 'channelTokens',
  },
  patchChannel: {
    method: 'PATCH',
    path: '/channels/:channelId',
    summary: 'makes a channel inactive or active; block operations of a v1 bot on or off',
    body: ChannelPatchBodySchema,
    answer: ChannelViewSchema,
    unit: 'social',
  },

  // The v1 bots (spec parts E and F).
  channelV1: {
    method: 'GET',
    path: '/channels/:channelId/v1',
    summary: 'a channel’s v1 settings',
    answer: ChannelV1Schema,
    unit: 'v1Bots',
  },
  putLinkTemplate: {
    method: 'PUT',
    path: '/channels/:channelId/link-templates/:templateId',
    summary: 'adds or replaces a link message template (enterprise channels)',
    body: LinkTemplateBodySchema,
    bodyKind: 'v1-json',
    answer: LinkTemplateSchema,
    unit: 'v1Bots',
  },
  deleteLinkTemplate: {
    method: 'DELETE',
    path: '/channels/:channelId/link-templates/:templateId',
    summary: 'removes a link message template',
    answer: 'empty',
    unit: 'v1Bots',
  },
  channelIcon: {
    method: 'GET',
    path: '/channels/:channelId/icon',
    summary: 'a channel’s icon (SVG)',
    answer: 'binary',
    crossSite: 'public',
    unit: 'v1Bots',
  },

  // What a person does with bots (each names the webhook event it causes).
  liveEvents: {
    method: 'GET',
    path: '/events/stream',
    summary: 'the host’s live feed (server-sent events)',
    answer: 'stream',
    unit: 'bot',
  },
  postback: {
    method: 'POST',
    path: '/chats/:chatId/postbacks',
    summary: 'a person taps a postback action (event: postback)',
    body: PostbackBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  sendMedia: {
    method: 'POST',
    path: '/chats/:chatId/media',
    summary: 'a person sends an image, video, audio or file (event: message)',
    query: MediaQuerySchema,
    bodyKind: 'raw',
    answer: ChatMessageSchema,
    unit: 'bot',
  },
  content: {
    method: 'GET',
    path: '/contents/:messageId',
    summary: 'the binary of a media message a person sent',
    answer: 'binary',
    unit: 'bot',
  },
  unsend: {
    method: 'POST',
    path: '/chats/:chatId/messages/:messageId/unsend',
    summary: 'a person unsends their message (event: unsend)',
    body: PersonBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  joinChat: {
    method: 'POST',
    path: '/chats/:chatId/members',
    summary: 'a person joins a group or room (event: memberJoined)',
    body: PersonBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  leaveChat: {
    method: 'DELETE',
    path: '/chats/:chatId/members/:userId',
    summary: 'a person leaves a group or room (event: memberLeft)',
    answer: Delivered,
    unit: 'bot',
  },
  inviteBot: {
    method: 'POST',
    path: '/chats/:chatId/bots',
    summary: 'a person invites a bot to a group or room (event: join)',
    body: InviteBodySchema,
    answer: Type.Object({ state: Type.Union([Type.Literal('joined'), Type.Literal('pending')]) }),
    unit: 'bot',
  },
  removeBot: {
    method: 'DELETE',
    path: '/chats/:chatId/bots/:channelId',
    summary: 'a person removes a bot from a group or room (event: leave)',
    answer: Empty,
    unit: 'bot',
  },
  replyToken: {
    method: 'POST',
    path: '/channels/:channelId/reply-tokens',
    summary: 'a reply token for a chat of the bot (`embedkit trigger`)',
    body: ReplyTokenBodySchema,
    answer: Type.Object({ replyToken: Type.String(), expiresAt: Type.Number() }),
    unit: 'bot',
  },
  beacon: {
    method: 'POST',
    path: '/channels/:channelId/beacon',
    summary: 'a person enters a beacon’s range or taps its banner (event: beacon)',
    body: BeaconBodySchema,
    answer: Empty,
    unit: 'bot',
  },
  accountLink: {
    method: 'POST',
    path: '/channels/:channelId/account-link',
    summary: 'a person links their account (event: accountLink)',
    body: AccountLinkBodySchema,
    answer: Empty,
    unit: 'bot',
  },
  triggerEvent: {
    method: 'POST',
    path: '/channels/:channelId/events',
    summary: 'sends the bot one webhook event of any type, as `embedkit trigger` makes it (a delivery of its own)',
    body: TriggerEventBodySchema,
    answer: Delivered,
    unit: 'bot',
  },

  // Bots, webhooks and deliveries.
  bots: {
    method: 'GET',
    path: '/bots',
    summary: 'every channel’s bot, friends and chats',
    answer: Type.Object({ bots: Type.Array(BotInfoSchema) }),
    unit: 'bot',
  },
  webhook: {
    method: 'GET',
    path: '/channels/:channelId/webhook',
    summary: 'a channel’s webhook settings',
    answer: WebhookSettingsSchema,
    unit: 'bot',
  },
  setWebhook: {
    method: 'PUT',
    path: '/channels/:channelId/webhook',
    summary: 'sets a channel’s webhook settings',
    body: WebhookSettingsBodySchema,
    answer: WebhookSettingsSchema,
    unit: 'bot',
  },
  deliveries: {
    method: 'GET',
    path: '/deliveries',
    summary: 'webhook deliveries, newest first',
    query: DeliveriesQuerySchema,
    answer: Type.Object({ deliveries: Type.Array(DeliverySchema) }),
    unit: 'bot',
  },
  redeliver: {
    method: 'POST',
    path: '/deliveries/:id/redeliver',
    summary: 'sends a delivery again now',
    answer: DeliverySchema,
    unit: 'bot',
  },
  indicators: {
    method: 'GET',
    path: '/chats/:chatId/indicators',
    summary: 'a chat’s loading indicator and read mark',
    answer: IndicatorStateSchema,
    unit: 'bot',
  },

  // Rich menus as the person sees them.
  shownRichMenu: {
    method: 'GET',
    path: '/channels/:channelId/rich-menu',
    summary: 'the rich menu shown to a user (null when none)',
    query: Type.Object({ userId: Type.String() }),
    answer: Type.Object({ richMenu: Type.Union([ShownRichMenuSchema, Type.Null()]) }),
    unit: 'bot',
  },
  aliasRichMenu: {
    method: 'GET',
    path: '/channels/:channelId/rich-menu-aliases/:aliasId',
    summary: 'the rich menu of an alias (a rich menu switch action)',
    answer: Type.Object({ richMenu: ShownRichMenuSchema }),
    unit: 'bot',
  },
  // Insight: what the person did, as the host reports it, and a bot's figures for the Insight view.
  reportInsight: {
    method: 'POST',
    path: '/insight/reports',
    summary: 'the person saw a bot message, opened its URL, saw a rich menu or tapped an area',
    body: InsightReportBodySchema,
    answer: Type.Object({ recorded: Type.Boolean() }),
    unit: 'insight',
  },
  botInsight: {
    method: 'GET',
    path: '/channels/:channelId/insight',
    summary: 'a bot’s insight: followers, deliveries and message events per request, demographics',
    query: BotInsightQuerySchema,
    answer: BotInsightSchema,
    unit: 'insight',
  },
  // Coupons: what a person sees of one a bot sent, and using it (docs/platform/coupons.md).
  couponTicket: {
    method: 'GET',
    path: '/coupons/:couponId/users/:userId',
    summary: 'a person’s view of a coupon: its card, their state of it and uses',
    answer: CouponTicketSchema,
    unit: 'coupons',
  },
  useCoupon: {
    method: 'POST',
    path: '/coupons/:couponId/users/:userId/use',
    summary: 'the person taps Use on a coupon',
    answer: CouponTicketSchema,
    unit: 'coupons',
  },
  // Membership plans: a bot's plans as a person sees them, joining and leaving (docs/platform/memberships.md).
  membershipPlans: {
    method: 'GET',
    path: '/channels/:channelId/memberships',
    summary: 'a bot’s membership plans with the person’s subscription of each',
    query: Type.Object({ userId: Type.String() }),
    answer: Type.Object({ memberships: Type.Array(MembershipPlanViewSchema) }),
    unit: 'memberships',
  },
  joinMembership: {
    method: 'POST',
    path: '/memberships/:membershipId/users/:userId/join',
    summary: 'the person joins a membership plan (event: membership)',
    answer: MembershipPlanViewSchema,
    unit: 'memberships',
  },
  leaveMembership: {
    method: 'POST',
    path: '/memberships/:membershipId/users/:userId/leave',
    summary: 'the person leaves a membership plan (event: membership)',
    answer: MembershipPlanViewSchema,
    unit: 'memberships',
  },
  richMenuImage: {
    method: 'GET',
    path: '/channels/:channelId/rich-menus/:richMenuId/image',
    summary: 'a rich menu’s image',
    answer: 'binary',
    unit: 'bot',
  },

  // Other interfaces' views, and the world as a file.
  blockchain: {
    method: 'GET',
    path: '/blockchain',
    summary: 'the Blockchain tab’s view (no secret)',
    answer: BlockchainViewSchema,
    unit: 'blockchain',
  },
  scenario: {
    method: 'GET',
    path: '/scenario',
    summary: 'today’s world as a scenario file',
    // Not typed as the scenario: its schema module pulls the server's validator (node:crypto) into the host's browser program.
    answer: JsonObject,
    unit: 'scenarioExport',
  },
  resetWorld: {
    method: 'POST',
    path: '/world/reset',
    summary: 'empties the world and loads a scenario: the one given, or the one the server started with (live feed: world)',
    body: ResetWorldBodySchema,
    answer: WorldResetSchema,
    unit: 'worldReset',
  },

  // The remote inspector: host pages on phones report, the desktop's host reads (docs/guide/phones.md).
  reportPhone: {
    method: 'POST',
    path: '/phones/:phoneId/reports',
    summary: 'a host page reports its device, person, open app and new bridge log lines (live feed: phone)',
    body: PhoneReportBodySchema,
    answer: PhoneViewSchema,
    unit: 'phones',
  },
  phones: { method: 'GET', path: '/phones', summary: 'the host pages connected to this server', answer: PhonesSchema, unit: 'phones' },
  phoneLog: {
    method: 'GET',
    path: '/phones/:phoneId/log',
    summary: 'a connected host page’s bridge log lines after a seq',
    query: PhoneLogQuerySchema,
    answer: PhoneLogSchema,
    unit: 'phones',
  },
  videoPlayComplete: {
    method: 'POST',
    path: '/chats/:chatId/messages/:messageId/video-play-complete',
    summary: 'a person watches a bot’s video message to its end (event: videoPlayComplete)',
    body: PersonBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  // Module channels (docs/platform/module-channels.md).
  moduleChannels: {
    method: 'GET',
    path: '/modules',
    summary: 'the module channels, the bots each is attached to, and the suspended bots',
    answer: ModuleChannelsSchema,
    unit: 'modules',
  },
  authorizeModule: {
    method: 'POST',
    path: '/modules/:moduleChannelId/authorize',
    summary: 'the bot’s admin authorizes a module channel’s attachment: an authorization code for POST /module/auth/v1/token',
    body: AuthorizeModuleBodySchema,
    answer: Type.Object({ code: Type.String(), expiresAt: Type.Integer() }),
    unit: 'modules',
  },
  detachModuleFromBot: {
    method: 'POST',
    path: '/modules/:moduleChannelId/detach',
    summary: 'the bot’s side detaches a module channel: module event `detached` (event: module)',
    body: DetachModuleBodySchema,
    answer: Type.Object({ detached: Type.Boolean() }),
    unit: 'modules',
  },
  chatControl: {
    method: 'GET',
    path: '/channels/:channelId/chats/:chatId/control',
    summary: 'which channel holds a bot’s chat: a module channel (until when) or the bot',
    answer: ChatControlStateSchema,
    unit: 'modules',
  },
  setChatControl: {
    method: 'PUT',
    path: '/channels/:channelId/chats/:chatId/control',
    summary: 'hands a bot’s chat to an attached module channel or back to the bot (events: activated, deactivated)',
    body: ChatControlBodySchema,
    answer: ChatControlStateSchema,
    unit: 'modules',
  },
  setBotSuspended: {
    method: 'PUT',
    path: '/channels/:channelId/suspension',
    summary: 'suspends or resumes a bot, for its module channels (events: botSuspended, botResumed)',
    body: BotSuspensionBodySchema,
    answer: Type.Object({ suspended: Type.Boolean() }),
    unit: 'modules',
  },

  // embedkit --lan: the apps' proxies the host opens apps through, and the phone link's QR code (docs/guide/phones.md).
  lan: {
    method: 'GET',
    path: '/lan',
    summary: 'the network origins of --lan and the proxy origins of loopback apps',
    answer: LanViewSchema,
    unit: 'lan',
  },
  // LINE MINI Apps: the service messages a person was sent (docs/platform/mini-apps.md).
  serviceMessages: {
    method: 'GET',
    path: '/users/:userId/service-messages',
    summary: 'the person’s latest LINE MINI App service messages (the service-message chat), oldest first',
    answer: ServiceMessagesSchema,
    unit: 'miniApps',
  },
  // LINE MINI App in-app purchase: the store, the person and the console's part (docs/platform/mini-apps.md).
  iapProducts: {
    method: 'GET',
    path: '/mini-apps/:embedId/iap/products',
    summary: 'a MINI App’s in-app purchase products as one store localizes them (`liff.iap.getPlatformProducts`)',
    query: IapProductsQuerySchema,
    answer: IapProductsSchema,
    unit: 'miniApps',
  },
  setIapWebhook: {
    method: 'PUT',
    path: '/mini-apps/:embedId/iap/webhook',
    summary: 'registers (or removes, null) a MINI App’s in-app purchase webhook URL',
    body: IapWebhookBodySchema,
    answer: IapWebhookSchema,
    unit: 'miniApps',
  },
  iapConsent: {
    method: 'GET',
    path: '/users/:userId/iap/consent',
    summary: 'whether the person agreed to the in-app purchase terms',
    answer: IapConsentSchema,
    unit: 'miniApps',
  },
  setIapConsent: {
    method: 'PUT',
    path: '/users/:userId/iap/consent',
    summary: 'the person agrees to the in-app purchase terms, or withdraws the consent',
    body: IapConsentBodySchema,
    answer: IapConsentSchema,
    unit: 'miniApps',
  },
  iapOrders: {
    method: 'GET',
    path: '/iap/orders',
    summary: 'in-app purchase orders, newest first',
    query: IapOrdersQuerySchema,
    answer: IapOrdersSchema,
    unit: 'miniApps',
  },
  iapOrder: { method: 'GET', path: '/iap/orders/:orderId', summary: 'one in-app purchase order', answer: IapOrderSchema, unit: 'miniApps' },
  payIapOrder: {
    method: 'POST',
    path: '/iap/orders/:orderId/payment',
    summary: 'what the person did on the store’s payment sheet: paid (sends purchaseComplete), cancelled or failed',
    body: IapPaymentBodySchema,
    answer: IapOrderSchema,
    unit: 'miniApps',
  },
  refundIapOrder: {
    method: 'POST',
    path: '/iap/orders/:orderId/refund',
    summary: 'refunds a paid order (sends refundComplete)',
    answer: IapOrderSchema,
    unit: 'miniApps',
  },
  lanQrCode: {
    method: 'GET',
    path: '/lan/qr-code',
    summary: 'the QR code (SVG) of the phone link with the admin token',
    answer: 'binary',
    unit: 'lan',
  },
} satisfies Contract<SimulatorUnit>);

/** The paths of the routes any page may read (see `RouteSpec.crossSite`), as patterns. */
export const PUBLIC_PATHS: readonly RegExp[] = Object.values(SIMULATOR_API as Contract)
  .filter((r) => r.crossSite === 'public')
  .map((r) => pathPattern(SIMULATOR_PREFIX, r.path));

/** The simulator API's routes by name. */
export type SimulatorApi = typeof SIMULATOR_API;
/** The name of a simulator route. */
export type SimulatorRoute = keyof SimulatorApi;

/**
 * The path of a simulator route on `{base_url}`, parameters filled in and the query appended, e.g.
 * `simulatorPath('userPicture', {userId})` → `/embedkit/v1/users/U1/picture`: for the routes a
 * page uses as a URL (pictures, contents, the live feed).
 */
export function simulatorPath<K extends SimulatorRoute>(
  name: K,
  params: PathParams<SimulatorApi[K]>,
  query?: Record<string, unknown>,
): string {
  return SIMULATOR_PREFIX + fillPath(SIMULATOR_API[name].path, params as Record<string, string>, query);
}
