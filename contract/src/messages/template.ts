/**
 * Template messages (spec part B, "Template: buttons / confirm / carousel / image carousel"). The
 * wrapper `{type: 'template', altText, template}` has its constraints "not shown"; the published
 * rule of the era is `altText` 1 to 400 characters.
 *
 * The text limit that depends on an image or a title (buttons 160 vs 60, carousel column 120 vs 60)
 * is an `if/then/else` of the schema, so an editor shows it too.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ImageCarouselActionSchema, TemplateActionSchema } from './actions.js';
import { Enum, HexColor, HttpsUrl, Obj, ShortStr, Str } from './common.js';
import { MessageObj } from './quick-reply.js';

/** Most columns of a carousel or image carousel template (spec: max 10). */
export const MAX_TEMPLATE_COLUMNS = 10;

/** `text` at most `withImageOrTitle` characters when `thumbnailImageUrl` or `title` is set, else at most `plain`. */
function textLimit(withImageOrTitle: number, plain: number) {
  return {
    if: {
      anyOf: [
        { properties: { thumbnailImageUrl: true }, required: ['thumbnailImageUrl'] },
        { properties: { title: true }, required: ['title'] },
      ],
    },
    then: { properties: { text: { type: 'string', maxLength: withImageOrTitle } } },
    else: { properties: { text: { type: 'string', maxLength: plain } } },
  };
}

const AspectRatio = Enum(['rectangle', 'square'], {
  description: 'rectangle (1.51:1) or square (1:1); default rectangle.',
  default: 'rectangle',
});
const ImageSize = Enum(['cover', 'contain'], { description: 'cover or contain; default cover.', default: 'cover' });
const Thumbnail = HttpsUrl('HTTPS, max 1000 characters, JPEG or PNG, max width 1024px, max 1MB.');
const Background = HexColor('Background color of the image, RGB hex; default #FFFFFF.');
const Title = ShortStr(40, { description: 'Max 40 characters.' });

/**
 * What a buttons template and a carousel column share below their picture: its background, a title,
 * the text (its limit in {@link textLimit}), a default action and 1 to `maxActions` buttons.
 */
function titledCard(textDescription: string, maxActions: number) {
  return {
    imageBackgroundColor: Type.Optional(Background),
    title: Type.Optional(Title),
    text: Str(undefined, { description: textDescription }),
    defaultAction: Type.Optional(TemplateActionSchema),
    actions: Type.Array(TemplateActionSchema, { minItems: 1, maxItems: maxActions }),
  };
}

/** Buttons template: `text` max 160 characters, or 60 with an image or a title; 1 to 4 actions. */
export const ButtonsTemplateSchema = Obj(
  {
    type: Type.Literal('buttons'),
    thumbnailImageUrl: Type.Optional(Thumbnail),
    imageAspectRatio: Type.Optional(AspectRatio),
    imageSize: Type.Optional(ImageSize),
    ...titledCard('Max 160 characters with neither image nor title; max 60 with an image or a title.', 4),
  },
  textLimit(60, 160),
);

/** Confirm template: `text` max 240 characters; exactly 2 actions (one per button). */
export const ConfirmTemplateSchema = Obj({
  type: Type.Literal('confirm'),
  text: Str(240, { description: 'Max 240 characters.' }),
  actions: Type.Array(TemplateActionSchema, { minItems: 2, maxItems: 2, description: 'Exactly two: one for each button.' }),
});

/** Column of a carousel template: `text` max 120 characters, or 60 with an image or a title; 1 to 3 actions. */
export const CarouselColumnSchema = Obj(
  {
    thumbnailImageUrl: Type.Optional(HttpsUrl('HTTPS, max 1000 characters, JPEG or PNG, ratio 1:1.51, max width 1024px, max 1MB.')),
    ...titledCard('Max 120 characters without image and title; max 60 with either.', 3),
  },
  textLimit(60, 120),
);

/** Carousel template: 1 to 10 columns. */
export const CarouselTemplateSchema = Obj({
  type: Type.Literal('carousel'),
  columns: Type.Array(CarouselColumnSchema, { minItems: 1, maxItems: MAX_TEMPLATE_COLUMNS }),
  imageAspectRatio: Type.Optional(AspectRatio),
  imageSize: Type.Optional(ImageSize),
});

/** Column of an image carousel template: an image and one action (label optional, max 12). */
export const ImageCarouselColumnSchema = Obj({
  imageUrl: HttpsUrl('HTTPS, max 1000 characters, JPEG or PNG, ratio 1:1, max width 1024px, max 1MB.'),
  action: ImageCarouselActionSchema,
});

/** Image carousel template: 1 to 10 columns. */
export const ImageCarouselTemplateSchema = Obj({
  type: Type.Literal('image_carousel'),
  columns: Type.Array(ImageCarouselColumnSchema, { minItems: 1, maxItems: MAX_TEMPLATE_COLUMNS }),
});

/** Any template. */
export const TemplateSchema = Type.Union([
  ButtonsTemplateSchema,
  ConfirmTemplateSchema,
  CarouselTemplateSchema,
  ImageCarouselTemplateSchema,
]);

/** Template message: `altText` 1 to 400 characters and a template. */
export const TemplateMessageSchema = MessageObj('template', {
  altText: Str(400, { description: 'Shown where templates cannot be: 1 to 400 characters.' }),
  template: TemplateSchema,
});

/** Buttons template: `text` max 160, or 60 with an image or a title; `title` max 40; 1 to 4 actions (spec "Template: buttons"). */
export type ButtonsTemplate = Static<typeof ButtonsTemplateSchema>;
/** Confirm template: `text` max 240; exactly 2 actions (spec "Template: confirm"). */
export type ConfirmTemplate = Static<typeof ConfirmTemplateSchema>;
/** Carousel column: `text` max 120, or 60 with an image or a title; `title` max 40; 1 to 3 actions (spec "Template: carousel"). */
export type CarouselColumn = Static<typeof CarouselColumnSchema>;
/** Carousel template: 1 to 10 columns (spec "Template: carousel"). */
export type CarouselTemplate = Static<typeof CarouselTemplateSchema>;
/** Image carousel column: `imageUrl` (HTTPS, max 1000) and one action, label max 12 (spec "Template: image carousel"). */
export type ImageCarouselColumn = Static<typeof ImageCarouselColumnSchema>;
/** Image carousel template: 1 to 10 columns (spec "Template: image carousel"). */
export type ImageCarouselTemplate = Static<typeof ImageCarouselTemplateSchema>;
/** Any template: buttons, confirm, carousel or image_carousel. */
export type Template = Static<typeof TemplateSchema>;
/** Template message: `altText` 1 to 400 characters and a `template` (spec part B). */
export type TemplateMessage = Static<typeof TemplateMessageSchema>;
