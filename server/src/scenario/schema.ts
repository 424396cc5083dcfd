/**
 * The scenario file: the world embedkit starts with (channels, users, chats, apps). Documented in
 * the README with `server/scenarios/default.json` as the example.
 */
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../http/validate.js';
import { AssertionKeyBodySchema } from '#contract/requests.js';
import { CommonProfileSchema } from '#contract/common-profile.js';
import { CouponCreateSchema } from '../interfaces/bot/index.js';
import { MiniAppSchema } from '../interfaces/mini-apps/index.js';
import { APP_SCOPES, type AppScope } from '../interfaces/embedded-apps/index.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });

export const ScenarioSchema = Type.Object(
  {
    channels: Type.Array(
      Type.Object(
        {
          channelId: Type.String({ pattern: '^[0-9]{10}$' }),
          name: Type.String({ minLength: 1 }),
          secret: Type.String({ pattern: '^[0-9a-f]{32}$' }),
          plan: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['developer-trial', 'verified', 'official'] })),
          // Bot messaging: where webhook events go, and the bot's name in chats.
          webhookUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '^https?://' })),
          botName: Type.Optional(Type.String({ minLength: 1 })),
          // Social login: application type, registered callback URLs, active, linked bot.
          applicationType: Type.Optional(Type.Unsafe<'WEB' | 'NATIVE' | 'SPA'>({ type: 'string', enum: ['WEB', 'NATIVE', 'SPA'] })),
          callbackUrls: Type.Optional(
            Type.Array(Type.String({ minLength: 1, maxLength: 1000, pattern: '^(https?://|\\{demo_origin\\})' }), { maxItems: 50 }),
          ),
          active: Type.Optional(Type.Boolean()),
          botLinked: Type.Optional(Type.Boolean()),
          // The enterprise and trial bot interfaces (spec parts E and F): which interface
          // the channel's bot uses, its channel MID (default derived from the channel ID), whether
          // block and unblock operations are sent, the friend-list call's approval and
          // permissions, and link message templates (enterprise only).
          botInterface: Type.Optional(
            Type.Unsafe<'messaging' | 'enterprise' | 'trial'>({ type: 'string', enum: ['messaging', 'enterprise', 'trial'] }),
          ),
          channelMid: Type.Optional(Type.String({ pattern: '^u[0-9a-f]{32}$' })),
          blockOperations: Type.Optional(Type.Boolean()),
          addFriendApproved: Type.Optional(Type.Boolean()),
          permissions: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z_]{1,64}$' }), { maxItems: 20 })),
          // Channel access tokens v2.1 and stateless: the public keys (JWK) that verify the
          // developer's JWT assertions; kid: its own, else the RFC 7638 thumbprint.
          assertionKeys: Type.Optional(Type.Array(AssertionKeyBodySchema, { maxItems: 50 })),
          linkTemplates: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  templateId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
                  text: Type.String({ minLength: 1, maxLength: 200 }),
                  subText: Type.Optional(Type.String({ maxLength: 50 })),
                  linkText: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
                  previewUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
                  linkUri: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
                  aLinkUri: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
                  iLinkUri: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
                },
                { additionalProperties: false },
              ),
              { maxItems: 100 },
            ),
          ),
          // Audience groups of the channel (docs/platform/audiences.md): READY when the scenario loads.
          audiences: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  audienceGroupId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
                  description: Type.String({ minLength: 1, maxLength: 120 }),
                  type: Type.Optional(Type.Unsafe<'UPLOAD' | 'CLICK' | 'IMP'>({ type: 'string', enum: ['UPLOAD', 'CLICK', 'IMP'] })),
                  isIfaAudience: Type.Optional(Type.Boolean()),
                  requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
                  clickUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' })),
                  ids: Type.Array(
                    Type.String({
                      pattern: '^(U[0-9a-f]{32}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$',
                    }),
                    {
                      maxItems: 10_000,
                    },
                  ),
                },
                { additionalProperties: false },
              ),
              { maxItems: 1000 },
            ),
          ),
          // Membership plans of the bot and who subscribes to them (docs/platform/memberships.md).
          memberships: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  membershipId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
                  title: Type.String({ minLength: 1, maxLength: 100 }),
                  description: Type.String({ maxLength: 1000 }),
                  benefits: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 20 }),
                  price: Type.Number({ minimum: 0 }),
                  currency: Type.Unsafe<'JPY' | 'TWD' | 'THB'>({ type: 'string', enum: ['JPY', 'TWD', 'THB'] }),
                  memberLimit: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
                  isInAppPurchase: Type.Optional(Type.Boolean()),
                  isPublished: Type.Optional(Type.Boolean()),
                  /** Subscribed people, member numbers in this order from 1; `joinedAt` in ms, `months` paid (default 1). */
                  members: Type.Optional(
                    Type.Array(
                      Type.Object(
                        {
                          userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
                          joinedAt: Type.Integer({ minimum: 0 }),
                          months: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
                        },
                        { additionalProperties: false },
                      ),
                      { maxItems: 10_000 },
                    ),
                  ),
                },
                { additionalProperties: false },
              ),
              { maxItems: 100 },
            ),
          ),
          // A module channel (docs/platform/module-channels.md): the bots (basic channels) it is attached to,
          // each with the scopes granted (default message:send and message:receive).
          module: Type.Optional(
            Type.Object(
              {
                attachedTo: Type.Optional(
                  Type.Array(
                    Type.Object(
                      {
                        botChannelId: Type.String({ pattern: '^[0-9]{10}$' }),
                        scopes: Type.Optional(
                          Type.Array(Type.String({ pattern: '^[a-z_]{1,32}(:[a-z_]{1,32})?$' }), { minItems: 1, maxItems: 20 }),
                        ),
                      },
                      { additionalProperties: false },
                    ),
                    { maxItems: 500 },
                  ),
                ),
              },
              { additionalProperties: false },
            ),
          ),
          // The bot's coupons (docs/platform/coupons.md): createCoupon's fields, when created and closed (ms),
          // and how many times each person used it.
          coupons: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  couponId: Type.String({ pattern: '^[0-9A-Za-z]{1,100}$' }),
                  ...CouponCreateSchema.properties,
                  createdAt: Type.Optional(Type.Integer({ minimum: 0 })),
                  closedAt: Type.Optional(Type.Integer({ minimum: 0 })),
                  uses: Type.Optional(
                    Type.Array(
                      Type.Object(
                        {
                          userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
                          count: Type.Integer({ minimum: 1 }),
                          lastUsedAt: Type.Integer({ minimum: 0 }),
                        },
                        { additionalProperties: false },
                      ),
                      { maxItems: 10_000 },
                    ),
                  ),
                },
                { additionalProperties: false },
              ),
              { maxItems: 1000 },
            ),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    users: Type.Array(
      Type.Object(
        {
          userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
          displayName: Type.String({ minLength: 1 }),
          picture: Type.Optional(Type.Boolean()),
          statusMessage: Type.Optional(Type.String()),
          /** Agreed to the official account terms (default true): in group member ids and group sources. */
          agreed: Type.Optional(Type.Boolean()),
          /**
           * The person's phone number in E.164 (`+819012345678`): a bot's push by phone number reaches
           * them (docs/platform/phone-push.md).
           */
          phoneNumber: Type.Optional(Type.String({ pattern: '^\\+[1-9][0-9]{1,14}$' })),
          /**
           * The person's Common Profile, what LINE MINI Apps' Quick-fill hands an app
           * (`liff.$commonProfile.get`): any of its 15 entries; absent: the person has none.
           */
          commonProfile: Type.Optional(CommonProfileSchema),
          /** What narrowcast demographic filters see; a user without one matches none. */
          demographics: Type.Optional(
            Type.Object(
              {
                gender: Type.Optional(Type.Unsafe<'male' | 'female'>({ type: 'string', enum: ['male', 'female'] })),
                age: Type.Optional(Type.Integer({ minimum: 0, maximum: 130 })),
                appType: Type.Optional(Type.Unsafe<'ios' | 'android'>({ type: 'string', enum: ['ios', 'android'] })),
                area: Type.Optional(Type.String({ pattern: '^(jp|tw|th|id)_[0-9]{2}$' })),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    chats: Type.Array(
      Type.Object(
        {
          chatId: Id,
          type: Type.Unsafe<'utou' | 'room' | 'group'>({ type: 'string', enum: ['utou', 'room', 'group'] }),
          name: Type.String({ minLength: 1 }),
          members: Type.Array(Id, { minItems: 1 }),
          /** A `utou` chat of its one member with this channel's bot (the user has added the bot). */
          bot: Type.Optional(Id),
          /** Channels whose bots are members of this `group` or `room`. */
          bots: Type.Optional(Type.Array(Id)),
        },
        { additionalProperties: false },
      ),
    ),
    apps: Type.Array(
      Type.Object(
        {
          embedId: Id,
          channelId: Id,
          name: Type.String({ minLength: 1 }),
          view: Type.Object(
            {
              type: Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'] }),
              url: Type.String({ minLength: 1 }),
              // The LIFF server API's settings (liff.yml `LiffApp`); absent: the published defaults.
              moduleMode: Type.Optional(Type.Boolean()),
            },
            { additionalProperties: false },
          ),
          features: Type.Optional(
            Type.Object({ ble: Type.Optional(Type.Boolean()), qrCode: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
          ),
          permanentLinkPattern: Type.Optional(Type.Unsafe<'concat'>({ type: 'string', enum: ['concat'] })),
          // The LIFF scopes, and Quick-fill's `commonprofile.*` (docs/guide/liff.md, "Sub windows and Quick-fill").
          scope: Type.Optional(
            Type.Array(Type.Unsafe<AppScope>({ type: 'string', enum: [...APP_SCOPES] }), {
              maxItems: APP_SCOPES.length,
              uniqueItems: true,
            }),
          ),
          botPrompt: Type.Optional(
            Type.Unsafe<'normal' | 'aggressive' | 'none'>({ type: 'string', enum: ['normal', 'aggressive', 'none'] }),
          ),
          // A LINE MINI App: verified or not, its internal channel, its channel's service message templates (docs/platform/mini-apps.md).
          miniApp: Type.Optional(MiniAppSchema),
        },
        { additionalProperties: false },
      ),
    ),
    // The blockchain interface (spec part A): services with their API key and secret,
    // wallets, item-token contracts with their non-fungible token types and tokens.
    blockchain: Type.Optional(
      Type.Object(
        {
          services: Type.Array(
            Type.Object(
              {
                apiKey: Type.String({ minLength: 1, maxLength: 100 }),
                apiSecret: Type.String({ minLength: 1, maxLength: 200 }),
                name: Type.String({ minLength: 1 }),
                activated: Type.Optional(Type.Boolean()),
              },
              { additionalProperties: false },
            ),
          ),
          wallets: Type.Array(
            Type.Object(
              {
                name: Type.String({ minLength: 1 }),
                address: Type.String({ pattern: '^tlink[0-9a-z]{39}$' }),
                secret: Type.String({ minLength: 1, maxLength: 200 }),
                service: Id,
              },
              { additionalProperties: false },
            ),
          ),
          contracts: Type.Array(
            Type.Object(
              {
                contractId: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                service: Id,
                name: Type.String({ minLength: 1 }),
                owner: Type.String({ pattern: '^tlink[0-9a-z]{39}$' }),
                tokenTypes: Type.Array(
                  Type.Object(
                    {
                      tokenType: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                      name: Type.String({ minLength: 1 }),
                      meta: Type.Optional(Type.String()),
                    },
                    { additionalProperties: false },
                  ),
                ),
                tokens: Type.Array(
                  Type.Object(
                    {
                      tokenType: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                      tokenIndex: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                      name: Type.String({ minLength: 1 }),
                      meta: Type.Optional(Type.String()),
                      owner: Type.String({ pattern: '^tlink[0-9a-z]{39}$' }),
                    },
                    { additionalProperties: false },
                  ),
                ),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    defaults: Type.Optional(
      Type.Object(
        { userId: Type.Optional(Id), language: Type.Optional(Type.String()), embedId: Type.Optional(Id) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A scenario as written in its file. */
export type Scenario = Static<typeof ScenarioSchema>;

export const checkScenario = compile(ScenarioSchema);
