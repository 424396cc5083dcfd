/** Sample flex messages: a bubble (the platform's own cafe sample) and a carousel. */
import type { FlexBubble, FlexComponent, FlexMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** The text and button colors of the cafe bubble. */
export interface CafeColors {
  /** The rating's number. */
  rating: string;
  /** The labels of the info rows ("Place", "Time"). */
  label: string;
  /** The values of the info rows. */
  value: string;
  /** The primary button's; absent: the platform's default. */
  primary?: string;
}

/** The colors of the platform's own sample. */
const PLATFORM_COLORS: CafeColors = { rating: '#999999', label: '#aaaaaa', value: '#666666' };

/** Greys and a green darker than the platform's own sample, for pages that keep WCAG AA contrast (the host's Simulator tab). */
export const AA_COLORS: CafeColors = { rating: '#767676', label: '#767676', value: '#666666', primary: '#067d37' };

/** An info row of the cafe bubble: its label, then its value wrapped in the rest of the row. */
function infoRow(label: string, value: string, colors: CafeColors): FlexComponent {
  return {
    type: 'box',
    layout: 'baseline',
    spacing: 'sm',
    contents: [
      { type: 'text', text: label, color: colors.label, size: 'sm', flex: 1 },
      { type: 'text', text: value, wrap: true, color: colors.value, size: 'sm', flex: 5 },
    ],
  };
}

/** A flex bubble of a cafe: hero, rating in a baseline box, info rows, buttons. */
export function cafeBubble(colors: CafeColors = PLATFORM_COLORS): FlexBubble {
  return {
    type: 'bubble',
    hero: {
      type: 'image',
      url: sampleUrl('photo-cafe'),
      size: 'full',
      aspectRatio: '20:13',
      aspectMode: 'cover',
      action: { type: 'uri', label: 'Website', uri: 'https://example.com/cafe' },
    },
    body: {
      type: 'box',
      layout: 'vertical',
      contents: [
        { type: 'text', text: 'Brown Cafe', weight: 'bold', size: 'xl' },
        {
          type: 'box',
          layout: 'baseline',
          margin: 'md',
          contents: [
            { type: 'icon', size: 'sm', url: sampleUrl('icon-star') },
            { type: 'icon', size: 'sm', url: sampleUrl('icon-star') },
            { type: 'icon', size: 'sm', url: sampleUrl('icon-star') },
            { type: 'icon', size: 'sm', url: sampleUrl('icon-star') },
            { type: 'icon', size: 'sm', url: sampleUrl('icon-star-off') },
            { type: 'text', text: '4.0', size: 'sm', color: colors.rating, margin: 'md', flex: 0 },
          ],
        },
        {
          type: 'box',
          layout: 'vertical',
          margin: 'lg',
          spacing: 'sm',
          contents: [infoRow('Place', 'Miraina Tower, 4-1-6 Shinjuku, Tokyo', colors), infoRow('Time', '10:00 - 23:00', colors)],
        },
      ],
    },
    footer: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      contents: [
        { type: 'button', style: 'link', height: 'sm', action: { type: 'uri', label: 'Call', uri: 'tel:+81312345678' } },
        { type: 'button', style: 'link', height: 'sm', action: { type: 'uri', label: 'Website', uri: 'https://example.com/cafe' } },
        {
          type: 'button',
          style: 'primary',
          ...(colors.primary ? { color: colors.primary } : {}),
          height: 'sm',
          action: { type: 'postback', label: 'Reserve', data: 'action=reserve&shop=brown', displayText: 'I would like a table' },
        },
      ],
    },
  };
}

/** The cafe bubble as the platform shows it in its own sample. */
export const CAFE_BUBBLE: FlexBubble = cafeBubble();

/** The cafe bubble as a message. */
export const FLEX_BUBBLE: FlexMessage = { type: 'flex', altText: 'Brown Cafe: 4.0 stars', contents: CAFE_BUBBLE };

/** A carousel bubble of a product with a body `lines` texts long (the carousel stretches the shorter ones). */
function productBubble(name: string, photo: string, price: string, lines: string[]): FlexBubble {
  return {
    type: 'bubble',
    hero: { type: 'image', url: sampleUrl(photo), size: 'full', aspectRatio: '20:13', aspectMode: 'cover' },
    body: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      contents: [
        { type: 'text', text: name, weight: 'bold', size: 'xl', wrap: true },
        {
          type: 'box',
          layout: 'baseline',
          contents: [
            { type: 'text', text: price, weight: 'bold', size: 'xl', flex: 0 },
            { type: 'text', text: '.99', weight: 'bold', size: 'sm', flex: 0 },
          ],
        },
        ...lines.map((text): FlexComponent => ({ type: 'text', text, wrap: true, size: 'sm', color: '#666666' })),
      ],
    },
    footer: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      contents: [
        {
          type: 'button',
          style: 'primary',
          action: { type: 'postback', label: 'Add to cart', data: `cart=${name}`, displayText: `Add ${name} to my cart` },
        },
        { type: 'button', style: 'secondary', action: { type: 'message', label: 'Ask a question', text: `Tell me about ${name}` } },
      ],
    },
  };
}

/** A carousel of three products whose bodies differ in length (the carousel stretches the shorter ones). */
export const FLEX_CAROUSEL: FlexMessage = {
  type: 'flex',
  altText: 'Three products',
  contents: {
    type: 'carousel',
    contents: [
      productBubble('Arm Chair, White', 'photo-cafe', '$49', ['A chair for long afternoons.']),
      productBubble('Metal Desk Lamp', 'photo-city', '$11', ['Warm light.', 'Adjustable arm.', 'Two years of warranty, free shipping.']),
      productBubble('Beach Towel', 'photo-beach', '$8', ['Soft.']),
    ],
  },
};
