/**
 * Flex messages (spec part B "Flex message"): the message, bubble and carousel containers, block
 * styles, and the components box, button, filler, icon, image, separator, spacer and text.
 * The containers' byte sizes (bubble 10KB, carousel 50KB) are below; rules.ts measures them, in its
 * one walk over a body.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FlexButtonActionSchema, FlexComponentActionSchema } from './actions.js';
import { Enum, HexColor, HttpsUrl, Int, Obj, Str } from './common.js';
import { MessageObj } from './quick-reply.js';

/** Largest bubble container: 10KB of UTF-8 JSON. */
export const MAX_BUBBLE_BYTES = 10 * 1024;
/** Largest carousel container, bubbles included: 50KB of UTF-8 JSON. */
export const MAX_CAROUSEL_BYTES = 50 * 1024;

/** SPACE of the spec, smallest first. */
export const SPACE = ['none', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
/** SIZE of the spec, smallest first. */
export const SIZE = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', '3xl', '4xl', '5xl'] as const;
/** Aspect ratios of an image component. */
export const IMAGE_ASPECT_RATIOS = ['1:1', '1.51:1', '1.91:1', '4:3', '16:9', '20:13', '2:1', '3:1', '3:4', '9:16', '1:2', '1:3'] as const;
/** Most bubbles of a carousel container (spec: max 10). */
export const MAX_CAROUSEL_BUBBLES = 10;
/** `$id` of the box schema, the one recursive part of a message (a box holds boxes). */
export const FLEX_BOX_ID = 'FlexBox';

const Flex = Int(0, 'Share of the parent box; default 1 in a horizontal box, 0 in a vertical one.');
const Margin = Enum(SPACE, { description: "Space before this component; default the parent's spacing; ignored on the first component." });
const Gravity = Enum(['top', 'bottom', 'center'], {
  description: 'Vertical alignment; default top; ignored in a baseline box.',
  default: 'top',
});
const Align = Enum(['start', 'end', 'center']);
const Color = HexColor('Hex color code #RRGGBB.');
const ComponentUrl = (rule: string) => HttpsUrl(`HTTPS, max 1000 characters, JPEG or PNG, ${rule}, max 1MB.`);

/** Button component: `action` required (label required, max 20). */
export const FlexButtonSchema = Obj({
  type: Type.Literal('button'),
  action: FlexButtonActionSchema,
  flex: Type.Optional(Flex),
  margin: Type.Optional(Margin),
  height: Type.Optional(Enum(['sm', 'md'], { default: 'md' })),
  style: Type.Optional(Enum(['link', 'primary', 'secondary'], { default: 'link' })),
  color: Type.Optional(HexColor('Text color for link, background color for primary and secondary.')),
  gravity: Type.Optional(Gravity),
});

/** Filler component: fills space; flex is fixed at 1, so it has no other property. */
export const FlexFillerSchema = Obj({ type: Type.Literal('filler') });

/** Icon component: `url` required (HTTPS, max 240x240); flex fixed at 0. */
export const FlexIconSchema = Obj({
  type: Type.Literal('icon'),
  url: ComponentUrl('max 240x240px'),
  margin: Type.Optional(Margin),
  size: Type.Optional(Enum(SIZE, { default: 'md' })),
  aspectRatio: Type.Optional(Enum(['1:1', '2:1', '3:1'], { default: '1:1' })),
});

/** Image component: `url` required (HTTPS, max 1024x1024). */
export const FlexImageSchema = Obj({
  type: Type.Literal('image'),
  url: ComponentUrl('max 1024x1024px'),
  flex: Type.Optional(Flex),
  margin: Type.Optional(Margin),
  align: Type.Optional(Enum(['start', 'end', 'center'], { default: 'center' })),
  gravity: Type.Optional(Gravity),
  size: Type.Optional(Enum([...SIZE, 'full'], { default: 'md' })),
  aspectRatio: Type.Optional(Enum(IMAGE_ASPECT_RATIOS, { default: '1:1' })),
  aspectMode: Type.Optional(Enum(['cover', 'fit'], { default: 'fit' })),
  backgroundColor: Type.Optional(Color),
  action: Type.Optional(FlexComponentActionSchema),
});

/** Separator component. */
export const FlexSeparatorSchema = Obj({ type: Type.Literal('separator'), margin: Type.Optional(Margin), color: Type.Optional(Color) });

/** Spacer component: `size` xs..xxl, default md; ignores the parent's spacing. */
export const FlexSpacerSchema = Obj({
  type: Type.Literal('spacer'),
  size: Type.Optional(Enum(['xs', 'sm', 'md', 'lg', 'xl', 'xxl'], { default: 'md' })),
});

/** Text component: `text` required. */
export const FlexTextSchema = Obj({
  type: Type.Literal('text'),
  text: Str(undefined),
  flex: Type.Optional(Flex),
  margin: Type.Optional(Margin),
  size: Type.Optional(Enum(SIZE, { default: 'md' })),
  align: Type.Optional(Align),
  gravity: Type.Optional(Gravity),
  wrap: Type.Optional(Type.Boolean({ description: 'Newlines break lines only when true; default false.', default: false })),
  maxLines: Type.Optional(Int(0, 'Most lines shown; 0 (default) shows all.')),
  weight: Type.Optional(Enum(['regular', 'bold'], { default: 'regular' })),
  color: Type.Optional(Color),
  action: Type.Optional(FlexComponentActionSchema),
});

/** Box component: `layout` and `contents` required; holds any component, boxes included. */
export const FlexBoxSchema = Type.Recursive(
  (This) =>
    Obj({
      type: Type.Literal('box'),
      layout: Enum(['horizontal', 'vertical', 'baseline'], { description: 'baseline: horizontal with aligned baselines.' }),
      contents: Type.Array(
        Type.Union([
          This,
          FlexButtonSchema,
          FlexFillerSchema,
          FlexIconSchema,
          FlexImageSchema,
          FlexSeparatorSchema,
          FlexSpacerSchema,
          FlexTextSchema,
        ]),
      ),
      flex: Type.Optional(Flex),
      spacing: Type.Optional(Enum(SPACE, { default: 'none' })),
      margin: Type.Optional(Margin),
      action: Type.Optional(FlexComponentActionSchema),
    }),
  { $id: FLEX_BOX_ID },
);

/** A reference to the box schema (it is defined once, in the message schema's `$defs`). */
const Box = Type.Unsafe<Static<typeof FlexBoxSchema>>(Type.Ref(FLEX_BOX_ID));

/** Block style: background color, separator above the block (ignored on the first), separator color. */
export const FlexBlockStyleSchema = Obj({
  backgroundColor: Type.Optional(Color),
  separator: Type.Optional(Type.Boolean({ default: false })),
  separatorColor: Type.Optional(Color),
});

/** Bubble container: at most 10KB as UTF-8 JSON. */
export const FlexBubbleSchema = Obj({
  type: Type.Literal('bubble'),
  direction: Type.Optional(Enum(['ltr', 'rtl'], { default: 'ltr' })),
  header: Type.Optional(Box),
  hero: Type.Optional(FlexImageSchema),
  body: Type.Optional(Box),
  footer: Type.Optional(Box),
  styles: Type.Optional(
    Obj({
      header: Type.Optional(FlexBlockStyleSchema),
      hero: Type.Optional(FlexBlockStyleSchema),
      body: Type.Optional(FlexBlockStyleSchema),
      footer: Type.Optional(FlexBlockStyleSchema),
    }),
  ),
});

/** Carousel container: 1 to 10 bubbles, at most 50KB as UTF-8 JSON. */
export const FlexCarouselSchema = Obj({
  type: Type.Literal('carousel'),
  contents: Type.Array(FlexBubbleSchema, { minItems: 1, maxItems: MAX_CAROUSEL_BUBBLES }),
});

/** Flex message: `altText` max 400 characters and a container. */
export const FlexMessageSchema = MessageObj('flex', {
  altText: Str(400, { description: 'Max 400 characters.' }),
  contents: Type.Union([FlexBubbleSchema, FlexCarouselSchema]),
});

/** Box component: `layout` (horizontal, vertical, baseline) and `contents` required; `flex`, `spacing`, `margin`, `action` (spec "Flex message"). */
export type FlexBox = Static<typeof FlexBoxSchema>;
/** Button component: `action` required (label max 20); `height` sm/md, `style` link/primary/secondary, `color`, `gravity`. */
export type FlexButton = Static<typeof FlexButtonSchema>;
/** Filler component: no property but `type` (flex fixed at 1). */
export type FlexFiller = Static<typeof FlexFillerSchema>;
/** Icon component: `url` (HTTPS) required; `size` (SIZE), `aspectRatio` 1:1/2:1/3:1 (flex fixed at 0). */
export type FlexIcon = Static<typeof FlexIconSchema>;
/** Image component: `url` (HTTPS) required; `size` (SIZE or full), `aspectRatio`, `aspectMode` cover/fit, `backgroundColor`, `action`. */
export type FlexImage = Static<typeof FlexImageSchema>;
/** Separator component: `margin`, `color`. */
export type FlexSeparator = Static<typeof FlexSeparatorSchema>;
/** Spacer component: `size` xs..xxl. */
export type FlexSpacer = Static<typeof FlexSpacerSchema>;
/** Text component: `text` required; `size`, `align`, `gravity`, `wrap`, `maxLines`, `weight`, `color`, `action`. */
export type FlexText = Static<typeof FlexTextSchema>;
/** Any component of a box. */
export type FlexComponent = FlexBox | FlexButton | FlexFiller | FlexIcon | FlexImage | FlexSeparator | FlexSpacer | FlexText;
/** Block style: `backgroundColor`, `separator` (ignored on the first block), `separatorColor`. */
export type FlexBlockStyle = Static<typeof FlexBlockStyleSchema>;
/** Bubble container: `direction`, blocks `header`, `hero` (image), `body`, `footer`, `styles`; at most 10KB of UTF-8 JSON. */
export type FlexBubble = Static<typeof FlexBubbleSchema>;
/** Carousel container: 1 to 10 bubbles; at most 50KB of UTF-8 JSON. */
export type FlexCarousel = Static<typeof FlexCarouselSchema>;
/** A bubble or a carousel. */
export type FlexContainer = FlexBubble | FlexCarousel;
/** Flex message: `altText` max 400 characters and `contents` (a container) (spec "Flex message"). Not allowed in a multicast. */
export type FlexMessage = Static<typeof FlexMessageSchema>;
