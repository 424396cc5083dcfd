/**
 * The message gallery: one valid message of every kind the messenger shows (spec part B "Message
 * objects"), with every action kind in them. The demo app's "Send gallery" button sends it, and
 * the end-to-end rendering tests compare the host's drawing of it with screenshots.
 *
 * Pictures use the simulator's sample media (`https://embedkit.invalid/samples/<name>`): https
 * URLs, as the platform requires, that the host resolves to built-in files, so the gallery looks
 * the same on a machine without network.
 */

/** A message object. */
export type Message = Record<string, unknown>;

const SAMPLE = 'https://embedkit.invalid/samples/';

/** A sample media URL (`photo-mountain`, `photo-cafe`, `photo-city`, `photo-beach`, `imagemap`, `icon-star`, `icon-star-off`, `video-preview`, `tone`). */
export const sample = (name: string): string => SAMPLE + name;

/** Gallery entries: a stable name (used for screenshot file names) and the message. */
export interface GalleryEntry {
  name: string;
  message: Message;
}

/** A flex bubble of a cafe: hero, rating in a baseline box, info rows, buttons. */
export const CAFE_BUBBLE = {
  type: 'bubble',
  hero: {
    type: 'image',
    url: sample('photo-cafe'),
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
          { type: 'icon', size: 'sm', url: sample('icon-star') },
          { type: 'icon', size: 'sm', url: sample('icon-star') },
          { type: 'icon', size: 'sm', url: sample('icon-star') },
          { type: 'icon', size: 'sm', url: sample('icon-star') },
          { type: 'icon', size: 'sm', url: sample('icon-star-off') },
          { type: 'text', text: '4.0', size: 'sm', color: '#999999', margin: 'md', flex: 0 },
        ],
      },
      {
        type: 'box',
        layout: 'vertical',
        margin: 'lg',
        spacing: 'sm',
        contents: [
          {
            type: 'box',
            layout: 'baseline',
            spacing: 'sm',
            contents: [
              { type: 'text', text: 'Place', color: '#aaaaaa', size: 'sm', flex: 1 },
              { type: 'text', text: 'Miraina Tower, 4-1-6 Shinjuku, Tokyo', wrap: true, color: '#666666', size: 'sm', flex: 5 },
            ],
          },
          {
            type: 'box',
            layout: 'baseline',
            spacing: 'sm',
            contents: [
              { type: 'text', text: 'Time', color: '#aaaaaa', size: 'sm', flex: 1 },
              { type: 'text', text: '10:00 - 23:00', wrap: true, color: '#666666', size: 'sm', flex: 5 },
            ],
          },
        ],
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
        height: 'sm',
        action: { type: 'postback', label: 'Reserve', data: 'action=reserve&shop=brown', displayText: 'I would like a table' },
      },
    ],
  },
};

/** A carousel bubble of a product with a body `lines` texts long (the carousel stretches the shorter ones). */
function productBubble(name: string, photo: string, price: string, lines: string[]): Record<string, unknown> {
  return {
    type: 'bubble',
    hero: { type: 'image', url: sample(photo), size: 'full', aspectRatio: '20:13', aspectMode: 'cover' },
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
        ...lines.map((text) => ({ type: 'text', text, wrap: true, size: 'sm', color: '#666666' })),
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

/** Every kind, in the order the demo sends it; the last one carries quick replies. */
export const GALLERY: GalleryEntry[] = [
  {
    name: 'text',
    message: {
      type: 'text',
      text: 'Welcome to the embedkit gallery!\nLine breaks stay where they are,\nand links open in the in-app browser: https://example.com/docs',
    },
  },
  { name: 'image', message: { type: 'image', originalContentUrl: sample('photo-mountain'), previewImageUrl: sample('photo-mountain') } },
  {
    name: 'video',
    message: { type: 'video', originalContentUrl: 'https://example.com/media/clip.mp4', previewImageUrl: sample('video-preview') },
  },
  { name: 'audio', message: { type: 'audio', originalContentUrl: sample('tone'), duration: 2000 } },
  {
    name: 'location',
    message: {
      type: 'location',
      title: 'Tokyo Station',
      address: '1 Chome Marunouchi, Chiyoda City, Tokyo',
      latitude: 35.681236,
      longitude: 139.767125,
    },
  },
  { name: 'sticker', message: { type: 'sticker', packageId: '446', stickerId: '1988' } },
  {
    name: 'imagemap',
    message: {
      type: 'imagemap',
      baseUrl: sample('imagemap'),
      altText: 'An imagemap with four areas',
      baseSize: { width: 1040, height: 1040 },
      actions: [
        { type: 'uri', linkUri: 'https://example.com/shop', area: { x: 0, y: 0, width: 520, height: 520 } },
        { type: 'message', text: 'Show me the news', area: { x: 520, y: 0, width: 520, height: 520 } },
        { type: 'uri', linkUri: 'https://example.com/map', area: { x: 0, y: 520, width: 520, height: 520 } },
        { type: 'message', text: 'Hello', area: { x: 520, y: 520, width: 520, height: 520 } },
      ],
    },
  },
  {
    name: 'template-buttons',
    message: {
      type: 'template',
      altText: 'Menu of the day: please select',
      template: {
        type: 'buttons',
        thumbnailImageUrl: sample('photo-mountain'),
        imageAspectRatio: 'rectangle',
        imageSize: 'cover',
        imageBackgroundColor: '#FFFFFF',
        title: 'Menu of the day',
        text: 'Please select',
        defaultAction: { type: 'uri', label: 'View detail', uri: 'https://example.com/menu' },
        actions: [
          { type: 'postback', label: 'Buy', data: 'action=buy&itemid=123', displayText: 'Buy it' },
          { type: 'message', label: 'Add to cart', text: 'Add to cart' },
          { type: 'uri', label: 'View detail', uri: 'https://example.com/page/123' },
          {
            type: 'datetimepicker',
            label: 'Pick a date',
            data: 'action=pick-date',
            mode: 'date',
            initial: '2025-06-15',
            min: '2025-01-01',
            max: '2025-12-31',
          },
        ],
      },
    },
  },
  {
    name: 'template-confirm',
    message: {
      type: 'template',
      altText: 'Are you sure?',
      template: {
        type: 'confirm',
        text: 'Are you sure?',
        actions: [
          { type: 'message', label: 'Yes', text: 'yes' },
          { type: 'message', label: 'No', text: 'no' },
        ],
      },
    },
  },
  {
    name: 'template-carousel',
    message: {
      type: 'template',
      altText: 'Three places to visit',
      template: {
        type: 'carousel',
        imageAspectRatio: 'rectangle',
        imageSize: 'cover',
        columns: [
          {
            thumbnailImageUrl: sample('photo-mountain'),
            title: 'Mountains',
            text: 'Fresh air and long walks',
            actions: [
              { type: 'postback', label: 'Book', data: 'book=mountains' },
              { type: 'uri', label: 'More', uri: 'https://example.com/mountains' },
            ],
          },
          {
            thumbnailImageUrl: sample('photo-beach'),
            title: 'Beach',
            text: 'Sunsets every evening',
            actions: [
              { type: 'postback', label: 'Book', data: 'book=beach' },
              { type: 'uri', label: 'More', uri: 'https://example.com/beach' },
            ],
          },
          {
            thumbnailImageUrl: sample('photo-city'),
            title: 'City',
            text: 'Lights, food and music',
            actions: [
              { type: 'postback', label: 'Book', data: 'book=city' },
              { type: 'uri', label: 'More', uri: 'https://example.com/city' },
            ],
          },
        ],
      },
    },
  },
  {
    name: 'template-image-carousel',
    message: {
      type: 'template',
      altText: 'Pick a picture',
      template: {
        type: 'image_carousel',
        columns: [
          { imageUrl: sample('photo-cafe'), action: { type: 'message', label: 'Coffee', text: 'Coffee, please' } },
          { imageUrl: sample('photo-beach'), action: { type: 'postback', label: 'Beach', data: 'pick=beach' } },
          { imageUrl: sample('photo-city'), action: { type: 'uri', label: 'City', uri: 'https://example.com/city' } },
        ],
      },
    },
  },
  { name: 'flex-bubble', message: { type: 'flex', altText: 'Brown Cafe: 4.0 stars', contents: CAFE_BUBBLE } },
  {
    name: 'flex-carousel',
    message: {
      type: 'flex',
      altText: 'Three products',
      contents: {
        type: 'carousel',
        contents: [
          productBubble('Arm Chair, White', 'photo-cafe', '$49', ['A chair for long afternoons.']),
          productBubble('Metal Desk Lamp', 'photo-city', '$11', [
            'Warm light.',
            'Adjustable arm.',
            'Two years of warranty, free shipping.',
          ]),
          productBubble('Beach Towel', 'photo-beach', '$8', ['Soft.']),
        ],
      },
    },
  },
  {
    name: 'quick-reply',
    message: {
      type: 'text',
      text: 'Anything else? Pick a quick reply below.',
      quickReply: {
        items: [
          { type: 'action', action: { type: 'message', label: 'Thanks!', text: 'Thanks!' } },
          {
            type: 'action',
            imageUrl: sample('icon-star'),
            action: { type: 'postback', label: 'Rate 5', data: 'rate=5', displayText: 'Five stars' },
          },
          {
            type: 'action',
            action: {
              type: 'datetimepicker',
              label: 'Book a time',
              data: 'book=time',
              mode: 'datetime',
              initial: '2025-06-15T18:30',
              min: '2025-06-01T00:00',
              max: '2025-06-30T23:59',
            },
          },
          { type: 'action', action: { type: 'camera', label: 'Camera' } },
          { type: 'action', action: { type: 'cameraRoll', label: 'Camera roll' } },
          { type: 'action', action: { type: 'location', label: 'Location' } },
        ],
      },
    },
  },
];

/** The gallery's messages in batches of at most 5 (sendMessages takes 1 to 5 per call). */
export function galleryBatches(entries: GalleryEntry[] = GALLERY, size = 5): Message[][] {
  const batches: Message[][] = [];
  for (let i = 0; i < entries.length; i += size) batches.push(entries.slice(i, i + size).map((e) => e.message));
  return batches;
}
