/**
 * Request bodies of the simulator API for bots (docs/simulator-api.md): what a user does with a
 * bot in the host (postbacks, adding and blocking, inviting, beacons, account links, media) and
 * the webhook settings. Added by the bot messaging issue.
 */
import { Type } from '@sinclair/typebox';
import { compile } from '../../http/validate.js';

const UserId = Type.String({ minLength: 1, maxLength: 100 });

/** `params` of a datetime picker's postback (spec "Events", postback): date, time or datetime. */
const PostbackParams = Type.Union([
  Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) }, { additionalProperties: false }),
  Type.Object({ time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }) }, { additionalProperties: false }),
  Type.Object({ datetime: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}$' }) }, { additionalProperties: false }),
  // A rich menu switch action's postback (the platform's `richmenuswitch` postback params).
  Type.Object(
    {
      newRichMenuAliasId: Type.String({ minLength: 1, maxLength: 32 }),
      status: Type.Union([
        Type.Literal('SUCCESS'),
        Type.Literal('RICHMENU_ALIAS_ID_NOTFOUND'),
        Type.Literal('RICHMENU_NOTFOUND'),
        Type.Literal('FAILED'),
      ]),
    },
    { additionalProperties: false },
  ),
]);

/** Body of `POST /embedkit/v1/chats/<chatId>/postbacks`. Lengths are those of the postback action. */
export const PostbackBodySchema = Type.Object(
  {
    userId: UserId,
    data: Type.String({ minLength: 1, maxLength: 300 }),
    displayText: Type.Optional(Type.String({ maxLength: 300 })),
    params: Type.Optional(PostbackParams),
    channelId: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

/** Body of `POST /embedkit/v1/chats/<chatId>/bots`: the user who invites, and the bot's channel. */
export const InviteBodySchema = Type.Object({ userId: UserId, channelId: Type.String({ minLength: 1 }) }, { additionalProperties: false });

/** Body of `POST /embedkit/v1/channels/<channelId>/beacon` (spec "Events", beacon). */
export const BeaconBodySchema = Type.Object(
  {
    userId: UserId,
    hwid: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Unsafe<'enter' | 'leave' | 'banner'>({ type: 'string', enum: ['enter', 'leave', 'banner'] }),
    dm: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

/** Body of `POST /embedkit/v1/channels/<channelId>/account-link` (spec "Events", accountLink). */
export const AccountLinkBodySchema = Type.Object(
  {
    userId: UserId,
    nonce: Type.String({ minLength: 1, maxLength: 255 }),
    result: Type.Unsafe<'ok' | 'failed'>({ type: 'string', enum: ['ok', 'failed'] }),
  },
  { additionalProperties: false },
);

/** Body of `PUT /embedkit/v1/channels/<channelId>/webhook`. */
export const WebhookSettingsBodySchema = Type.Object(
  {
    url: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    unknownProperty: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Query of `POST /embedkit/v1/chats/<chatId>/media` (the body is the file). */
export const MediaQuerySchema = Type.Object(
  {
    userId: UserId,
    type: Type.Unsafe<'image' | 'video' | 'audio' | 'file'>({ type: 'string', enum: ['image', 'video', 'audio', 'file'] }),
    fileName: Type.Optional(Type.String({ maxLength: 255 })),
    /** Length of an audio file in ms. */
    duration: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  },
  { additionalProperties: false },
);

/**
 * Body of what a person does themself in a chat: `POST /embedkit/v1/chats/<chatId>/members` (joins)
 * and `POST /embedkit/v1/chats/<chatId>/messages/<id>/unsend`.
 */
export const PersonBodySchema = Type.Object({ userId: UserId }, { additionalProperties: false });

export const checkPostbackBody = compile(PostbackBodySchema);
export const checkPersonBody = compile(PersonBodySchema);
export const checkInviteBody = compile(InviteBodySchema);
export const checkBeaconBody = compile(BeaconBodySchema);
export const checkAccountLinkBody = compile(AccountLinkBodySchema);
export const checkWebhookSettingsBody = compile(WebhookSettingsBodySchema);
export const checkMediaQuery = compile(MediaQuerySchema);
