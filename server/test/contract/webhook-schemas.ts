/**
 * JSON Schemas of a webhook body, written from the facts of the platform's published `webhook.yml`
 * (`line/line-openapi`): `CallbackRequest`, the `Event` subtypes embedkit sends, each message
 * content and source: their required fields, types and enums. Properties beyond the published ones
 * are allowed, as the published document allows them.
 */
import { Ajv, type ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;

const str = { type: 'string' };
const int = { type: 'integer' };
const obj = (required: string[], properties: Record<string, Schema>, extra: Schema = {}): Schema => ({
  type: 'object',
  required,
  properties,
  ...extra,
});
/** An object whose `type` is `name`, with its own required fields. */
const typed = (name: string, required: string[], properties: Record<string, Schema>): Schema =>
  obj(['type', ...required], { type: { const: name }, ...properties });

const UserSource = typed('user', [], { userId: str });
const GroupSource = typed('group', ['groupId'], { groupId: str, userId: str });
const RoomSource = typed('room', ['roomId'], { roomId: str, userId: str });
/** `Source`: user, group or room. */
export const Source: Schema = { oneOf: [UserSource, GroupSource, RoomSource] };

const ContentProvider = obj(['type'], {
  type: { enum: ['line', 'external'] },
  originalContentUrl: { type: 'string', format: 'uri' },
  previewImageUrl: { type: 'string', format: 'uri' },
});
const base = { id: str, markAsReadToken: str };

/** Each published message content, by type. */
export const MESSAGE_CONTENTS: Record<string, Schema> = {
  text: typed('text', ['id', 'text', 'quoteToken'], { ...base, text: str, quoteToken: str, quotedMessageId: str }),
  image: typed('image', ['id', 'contentProvider', 'quoteToken'], { ...base, contentProvider: ContentProvider, quoteToken: str }),
  video: typed('video', ['id', 'contentProvider', 'quoteToken'], {
    ...base,
    contentProvider: ContentProvider,
    quoteToken: str,
    duration: int,
  }),
  audio: typed('audio', ['id', 'contentProvider'], { ...base, contentProvider: ContentProvider, duration: int }),
  file: typed('file', ['id', 'fileName', 'fileSize'], { ...base, fileName: str, fileSize: int }),
  location: typed('location', ['id', 'latitude', 'longitude'], {
    ...base,
    title: str,
    address: str,
    latitude: { type: 'number' },
    longitude: { type: 'number' },
  }),
  sticker: typed('sticker', ['id', 'packageId', 'stickerId', 'stickerResourceType', 'quoteToken'], {
    ...base,
    packageId: str,
    stickerId: str,
    stickerResourceType: {
      enum: [
        'STATIC',
        'ANIMATION',
        'SOUND',
        'ANIMATION_SOUND',
        'POPUP',
        'POPUP_SOUND',
        'CUSTOM',
        'MESSAGE',
        'NAME_TEXT',
        'PER_STICKER_TEXT',
      ],
    },
    keywords: { type: 'array', maxItems: 15, items: str },
    text: { type: 'string', maxLength: 100 },
    quoteToken: str,
    quotedMessageId: str,
  }),
};

const members = obj(['members'], { members: { type: 'array', items: UserSource } });

/** The type's own part of each published event embedkit sends, by type. */
export const EVENTS: Record<string, Schema> = {
  message: typed('message', ['message'], { replyToken: str, message: { oneOf: Object.values(MESSAGE_CONTENTS) } }),
  unsend: typed('unsend', ['unsend'], { unsend: obj(['messageId'], { messageId: str }) }),
  follow: typed('follow', ['replyToken', 'follow'], {
    replyToken: str,
    follow: obj(['isUnblocked'], { isUnblocked: { type: 'boolean' } }),
  }),
  unfollow: typed('unfollow', [], {}),
  join: typed('join', ['replyToken'], { replyToken: str }),
  leave: typed('leave', [], {}),
  memberJoined: typed('memberJoined', ['replyToken', 'joined'], { replyToken: str, joined: members }),
  memberLeft: typed('memberLeft', ['left'], { left: members }),
  postback: typed('postback', ['postback'], {
    replyToken: str,
    postback: obj(['data'], { data: str, params: { type: 'object', additionalProperties: str } }),
  }),
  beacon: typed('beacon', ['replyToken', 'beacon'], {
    replyToken: str,
    beacon: obj(['hwid', 'type'], { hwid: str, type: { enum: ['enter', 'banner', 'stay'] }, dm: str }),
  }),
  accountLink: typed('accountLink', ['link'], {
    replyToken: str,
    link: obj(['result', 'nonce'], { result: { enum: ['ok', 'failed'] }, nonce: str }),
  }),
  // PnpDeliveryCompletionEvent: no reply token, `delivery: PnpDelivery {data}`.
  delivery: typed('delivery', ['delivery'], { delivery: obj(['data'], { data: str }) }),
  // MembershipEvent: a reply token, `membership: {type: joined | left | renewed, membershipId}`.
  membership: typed('membership', ['replyToken', 'membership'], {
    replyToken: str,
    membership: obj(['type', 'membershipId'], { type: { enum: ['joined', 'left', 'renewed'] }, membershipId: { type: 'integer' } }),
  }),
  // VideoPlayCompleteEvent: a reply token, `videoPlayComplete: {trackingId}`.
  videoPlayComplete: typed('videoPlayComplete', ['replyToken', 'videoPlayComplete'], {
    replyToken: str,
    videoPlayComplete: obj(['trackingId'], { trackingId: str }),
  }),
  // Module channels: ModuleEvent (attached {botId, scopes} / detached {botId, reason}), ActivatedEvent
  // (`chatControl: {expireAt}`), DeactivatedEvent, BotSuspendedEvent, BotResumedEvent.
  module: typed('module', ['module'], {
    module: {
      oneOf: [
        obj(['type', 'botId', 'scopes'], { type: { const: 'attached' }, botId: str, scopes: { type: 'array', items: str } }),
        obj(['type', 'botId', 'reason'], { type: { const: 'detached' }, botId: str, reason: { enum: ['bot_deleted'] } }),
      ],
    },
  }),
  activated: typed('activated', ['chatControl'], { chatControl: obj(['expireAt'], { expireAt: int }) }),
  deactivated: typed('deactivated', [], {}),
  botSuspended: typed('botSuspended', [], {}),
  botResumed: typed('botResumed', [], {}),
};

/** `Event`: the common part and exactly one of the subtypes. */
export const Event: Schema = {
  allOf: [
    obj(['type', 'timestamp', 'mode', 'webhookEventId', 'deliveryContext'], {
      type: str,
      source: Source,
      timestamp: int,
      mode: { enum: ['active', 'standby'] },
      webhookEventId: str,
      deliveryContext: obj(['isRedelivery'], { isRedelivery: { type: 'boolean' } }),
    }),
    { oneOf: Object.values(EVENTS) },
  ],
};

/** `CallbackRequest`: `destination` (a bot's user ID) and the events. */
export const CallbackRequest: Schema = obj(['destination', 'events'], {
  destination: { type: 'string', pattern: '^U[0-9a-f]{32}$', minLength: 33, maxLength: 33 },
  events: { type: 'array', items: Event },
});

const ajv = new Ajv({ allErrors: true, strict: false });
// `format: uri` as a plain check: the published document asks for URIs, ajv-formats is not needed for that.
ajv.addFormat('uri', (s: string) => URL.canParse(s));

/** Validates a parsed webhook body; the error texts name each failing path. */
export const validateCallbackRequest: ValidateFunction = ajv.compile(CallbackRequest);
