/**
 * The message objects a page sends over the bridge (`sendMessages`, `liff.shareTargetPicker`; spec
 * part D, and part B "Message objects"), as the SDK's public types:
 * `import type { Message, TextMessage } from 'embedkit/sdk'`. Each is the contract's type of that
 * kind (`../messages/`, made from the schemas the server validates with), so an app's typed call
 * compiles exactly when its messages have the validator's shape; the rules a type cannot say
 * (lengths, URL schemes, sizes) are the server's answer (400). Left out: what only a bot sends (a
 * coupon, a `quoteToken`), which the server refuses from a page, and the textV2 message, published
 * after the spec's kinds: the server takes it from a page, the SDK's types have never listed it.
 *
 * Types only: nothing here reaches a bundle.
 */
import type { Static } from '@sinclair/typebox';
import type * as Contract from '../messages/index.js';

/** Any action object, with its label optional (each place's label rules: `../messages/actions.ts`). */
export type Action = Static<typeof Contract.ActionSchema>;
/** Postback action as in a template: `data` (max 300) comes back in the postback event; label required, max 20 (a quick reply's also needs `displayText`). */
export type PostbackAction = Static<typeof Contract.PostbackActionSchema>;
/** Message action as in a template or a quick reply: the user sends `text` (max 300); label required, max 20. */
export type MessageAction = Static<typeof Contract.MessageActionSchema>;
/** URI action as in a template or a quick reply: opens `uri` (http, https, tel or the app scheme; max 1000); label required, max 20. */
export type UriAction = Static<typeof Contract.UriActionSchema>;
/** Datetime picker action as in a template or a quick reply: the picked value comes back in the postback's `params`. */
export type DatetimePickerAction = Static<typeof Contract.DatetimePickerActionSchema>;
/** Quick reply only: opens the camera. */
export type CameraAction = Static<typeof Contract.CameraActionSchema>;
/** Quick reply only: opens the camera roll. */
export type CameraRollAction = Static<typeof Contract.CameraRollActionSchema>;
/** Quick reply only: opens the location picker. */
export type LocationAction = Static<typeof Contract.LocationActionSchema>;

export type {
  AudioMessage,
  ButtonsTemplate,
  CarouselTemplate,
  ConfirmTemplate,
  FlexBubble,
  FlexCarousel,
  FlexComponent,
  FlexMessage,
  ImageCarouselTemplate,
  ImagemapArea,
  ImagemapMessage,
  ImageMessage,
  LocationMessage,
  QuickReply,
  TemplateMessage,
  VideoMessage,
} from '../messages/index.js';

/** Text message: `text`, 1 to 2000 characters (no `quoteToken`: a bot's push and reply only). */
export type TextMessage = Omit<Contract.TextMessage, 'quoteToken'>;
/** Sticker message: `packageId` and `stickerId` (no `quoteToken`: a bot's push and reply only). */
export type StickerMessage = Omit<Contract.StickerMessage, 'quoteToken'>;

/** Any message object a page sends: text, image, video, audio, location, sticker, imagemap, template or flex. */
export type Message =
  | TextMessage
  | Contract.ImageMessage
  | Contract.VideoMessage
  | Contract.AudioMessage
  | Contract.LocationMessage
  | StickerMessage
  | Contract.ImagemapMessage
  | Contract.TemplateMessage
  | Contract.FlexMessage;
