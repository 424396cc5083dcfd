/**
 * The message objects `sendMessages` takes (spec part B "Message objects"; field rules of the era
 * in the server's validator, `contract/src/messages/`), as types for apps that bundle the SDK:
 * `import type { Message, TextMessage } from 'embedkit/sdk'`. Types only: nothing here reaches the
 * bundle. `server/test/messages/sdk-types.test.ts` keeps them in step with the validator's types.
 */

/** Postback action: `data` comes back in the postback event (max 300). */
export interface PostbackAction {
  type: 'postback';
  label?: string;
  data: string;
  /** Shown as the user's message (max 300). */
  displayText?: string;
  /** Deprecated (spec Versioning): shown as the user's message. */
  text?: string;
}
/** Message action: the user sends `text`. */
export interface MessageAction {
  type: 'message';
  label?: string;
  text: string;
}
/** URI action: opens `uri` (http, https, tel). */
export interface UriAction {
  type: 'uri';
  label?: string;
  uri: string;
}
/** Datetime picker action: the picked value comes back in the postback's `params`. */
export interface DatetimePickerAction {
  type: 'datetimepicker';
  label?: string;
  data: string;
  mode: 'date' | 'time' | 'datetime';
  initial?: string;
  max?: string;
  min?: string;
}
/** Quick reply only: open the camera, the camera roll, or the location picker. */
export interface CameraAction {
  type: 'camera';
  label: string;
}
export interface CameraRollAction {
  type: 'cameraRoll';
  label: string;
}
export interface LocationAction {
  type: 'location';
  label: string;
}
/** Any action object (where each one may be used: spec "Action objects"). */
export type Action = PostbackAction | MessageAction | UriAction | DatetimePickerAction | CameraAction | CameraRollAction | LocationAction;

/** Quick reply buttons under a message: 1 to 13. */
export interface QuickReply {
  items: { type: 'action'; imageUrl?: string; action: Action }[];
}

interface MessageBase {
  quickReply?: QuickReply;
}

/** Text, 1 to 2000 characters. */
export interface TextMessage extends MessageBase {
  type: 'text';
  text: string;
}
/** Image: HTTPS JPEG URLs of the picture and its preview. */
export interface ImageMessage extends MessageBase {
  type: 'image';
  originalContentUrl: string;
  previewImageUrl: string;
}
/** Video: HTTPS mp4 URL and a JPEG preview. */
export interface VideoMessage extends MessageBase {
  type: 'video';
  originalContentUrl: string;
  previewImageUrl: string;
  /** The ID the bot hears in `videoPlayComplete` when the person watches it to its end (1 to 100 characters). */
  trackingId?: string;
}
/** Audio: HTTPS m4a URL and its length in ms. */
export interface AudioMessage extends MessageBase {
  type: 'audio';
  originalContentUrl: string;
  duration: number;
}
/** Location: title and address (1 to 100 characters) and the coordinates. */
export interface LocationMessage extends MessageBase {
  type: 'location';
  title: string;
  address: string;
  latitude: number;
  longitude: number;
}
/** Sticker: package and sticker IDs. */
export interface StickerMessage extends MessageBase {
  type: 'sticker';
  packageId: string;
  stickerId: string;
}
/** A tappable area of an imagemap, in px of the 1040-wide base image. */
export interface ImagemapArea {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** Imagemap: the image at `<baseUrl>/<width>` with tappable areas. */
export interface ImagemapMessage extends MessageBase {
  type: 'imagemap';
  baseUrl: string;
  altText: string;
  baseSize: { width: number; height: number };
  actions: (
    | { type: 'uri'; linkUri: string; area: ImagemapArea; label?: string }
    | { type: 'message'; text: string; area: ImagemapArea; label?: string }
  )[];
}
/** Buttons template. */
export interface ButtonsTemplate {
  type: 'buttons';
  thumbnailImageUrl?: string;
  imageAspectRatio?: 'rectangle' | 'square';
  imageSize?: 'cover' | 'contain';
  imageBackgroundColor?: string;
  title?: string;
  text: string;
  defaultAction?: Action;
  actions: Action[];
}
/** Confirm template: two actions. */
export interface ConfirmTemplate {
  type: 'confirm';
  text: string;
  actions: Action[];
}
/** Carousel template: up to 10 columns. */
export interface CarouselTemplate {
  type: 'carousel';
  columns: {
    thumbnailImageUrl?: string;
    imageBackgroundColor?: string;
    title?: string;
    text: string;
    defaultAction?: Action;
    actions: Action[];
  }[];
  imageAspectRatio?: 'rectangle' | 'square';
  imageSize?: 'cover' | 'contain';
}
/** Image carousel template: up to 10 images, each with an action. */
export interface ImageCarouselTemplate {
  type: 'image_carousel';
  columns: { imageUrl: string; action: Action }[];
}
/** Template message. */
export interface TemplateMessage extends MessageBase {
  type: 'template';
  altText: string;
  template: ButtonsTemplate | ConfirmTemplate | CarouselTemplate | ImageCarouselTemplate;
}
/**
 * A flex component (box, button, filler, icon, image, separator, spacer, text) and its style
 * properties; the validator holds the detailed rules, so the type stays open.
 */
export interface FlexComponent {
  type: 'box' | 'button' | 'filler' | 'icon' | 'image' | 'separator' | 'spacer' | 'text';
  [property: string]: unknown;
}
/** A flex bubble: header, hero, body, footer and their styles. */
export interface FlexBubble {
  type: 'bubble';
  direction?: 'ltr' | 'rtl';
  header?: FlexComponent;
  hero?: FlexComponent;
  body?: FlexComponent;
  footer?: FlexComponent;
  styles?: Record<string, unknown>;
}
/** A flex carousel of up to 10 bubbles. */
export interface FlexCarousel {
  type: 'carousel';
  contents: FlexBubble[];
}
/** Flex message: a bubble or a carousel (10 KB / 50 KB at most). */
export interface FlexMessage extends MessageBase {
  type: 'flex';
  altText: string;
  contents: FlexBubble | FlexCarousel;
}
/** Any message object `sendMessages` takes. */
export type Message =
  | TextMessage
  | ImageMessage
  | VideoMessage
  | AudioMessage
  | LocationMessage
  | StickerMessage
  | ImagemapMessage
  | TemplateMessage
  | FlexMessage;
