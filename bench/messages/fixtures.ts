/** Message bodies the benchmarks measure with. */
import { CONFIRM_TEMPLATE, IMAGE, LOCATION, STICKER, TEXT } from '../../server/test/fixtures/messages.js';

/** A typical sendMessages or push body: 5 messages of mixed kinds, the unit tests' samples. */
export const typical = { messages: [TEXT, STICKER, IMAGE, LOCATION, CONFIRM_TEMPLATE] };

/** A bubble of about 4.9KB, so that 10 of them approach the carousel's 50KB limit. */
function bubble(i: number): object {
  const rows = Array.from({ length: 20 }, (_, j) => ({
    type: 'box',
    layout: 'horizontal',
    contents: [
      { type: 'text', text: `Item ${i}-${j} with a description long enough`, size: 'sm', color: '#555555', flex: 0 },
      { type: 'text', text: `$${j}.00`, size: 'sm', color: '#111111', align: 'end' },
    ],
  }));
  return {
    type: 'bubble',
    hero: { type: 'image', url: `https://example.com/${i}.png`, size: 'full', aspectRatio: '20:13', aspectMode: 'cover' },
    body: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      contents: [{ type: 'text', text: `Receipt ${i}`, weight: 'bold', size: 'xl' }, { type: 'separator', margin: 'md' }, ...rows],
    },
    footer: {
      type: 'box',
      layout: 'vertical',
      contents: [{ type: 'button', style: 'primary', action: { type: 'uri', label: 'Open', uri: 'https://example.com' } }],
    },
  };
}

/** A flex carousel of 10 bubbles, close to the 50KB limit (spec: carousel at most 50KB). */
export const maximal = {
  messages: [
    { type: 'flex', altText: 'Receipts', contents: { type: 'carousel', contents: Array.from({ length: 10 }, (_, i) => bubble(i)) } },
  ],
};

/**
 * A typical product card, in the shape of the messenger's flex showcase ("Restaurant"): hero
 * image, title, a baseline box of rating icons, two label/value rows, two footer buttons.
 */
function card(i: number): object {
  const star = (gold: boolean) => ({ type: 'icon', size: 'sm', url: `https://example.com/star-${gold ? 'gold' : 'grey'}.png` });
  const row = (label: string, value: string) => ({
    type: 'box',
    layout: 'baseline',
    spacing: 'sm',
    contents: [
      { type: 'text', text: label, color: '#aaaaaa', size: 'sm', flex: 1 },
      { type: 'text', text: value, wrap: true, color: '#666666', size: 'sm', flex: 5 },
    ],
  });
  return {
    type: 'bubble',
    hero: {
      type: 'image',
      url: `https://example.com/cafe-${i}.png`,
      size: 'full',
      aspectRatio: '20:13',
      aspectMode: 'cover',
      action: { type: 'uri', uri: 'https://example.com' },
    },
    body: {
      type: 'box',
      layout: 'vertical',
      contents: [
        { type: 'text', text: `Brown Cafe ${i}`, weight: 'bold', size: 'xl' },
        {
          type: 'box',
          layout: 'baseline',
          margin: 'md',
          contents: [
            star(true),
            star(true),
            star(true),
            star(true),
            star(false),
            { type: 'text', text: '4.0', size: 'sm', color: '#999999', margin: 'md', flex: 0 },
          ],
        },
        {
          type: 'box',
          layout: 'vertical',
          margin: 'lg',
          spacing: 'sm',
          contents: [row('Place', 'Miraina Tower, 4-1-6 Shinjuku, Tokyo'), row('Time', '10:00 - 23:00')],
        },
      ],
    },
    footer: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      flex: 0,
      contents: [
        { type: 'button', style: 'link', height: 'sm', action: { type: 'uri', label: 'CALL', uri: 'tel:0312345678' } },
        { type: 'button', style: 'link', height: 'sm', action: { type: 'uri', label: 'WEBSITE', uri: 'https://example.com' } },
        { type: 'spacer', size: 'sm' },
      ],
    },
  };
}

/** A typical 10-bubble flex carousel (about 17 KB): ten product cards. */
export const typicalCarousel = {
  type: 'flex',
  altText: 'Cafes nearby',
  contents: { type: 'carousel', contents: Array.from({ length: 10 }, (_, i) => card(i)) },
};
