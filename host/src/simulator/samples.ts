/** Starting points of the message preview: one small valid message of a few kinds. */
import { sampleUrl } from '../shared/safe.js';

/** A named example for the preview's "Example" menu. */
export interface PreviewSample {
  name: string;
  messages: Record<string, unknown>[];
}

export const PREVIEW_SAMPLES: PreviewSample[] = [
  {
    name: 'Flex bubble',
    messages: [
      {
        type: 'flex',
        altText: 'Brown Cafe: 4.0 stars',
        contents: {
          type: 'bubble',
          hero: {
            type: 'image',
            url: sampleUrl('photo-cafe'),
            size: 'full',
            aspectRatio: '20:13',
            aspectMode: 'cover',
            action: { type: 'uri', label: 'Open', uri: 'https://example.com/cafe' },
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
                  // Greys and greens darker than the platform's own sample: the host's pages keep WCAG AA contrast.
                  { type: 'text', text: '4.0', size: 'sm', color: '#767676', margin: 'md', flex: 0 },
                ],
              },
            ],
          },
          footer: {
            type: 'box',
            layout: 'vertical',
            spacing: 'sm',
            contents: [
              { type: 'button', style: 'link', height: 'sm', action: { type: 'uri', label: 'Call', uri: 'tel:+81300000000' } },
              {
                type: 'button',
                style: 'primary',
                color: '#067d37',
                height: 'sm',
                action: { type: 'postback', label: 'Reserve', data: 'action=reserve', displayText: 'Reserve a table' },
              },
            ],
          },
        },
      },
    ],
  },
  {
    name: 'Buttons template',
    messages: [
      {
        type: 'template',
        altText: 'Menu of the day',
        template: {
          type: 'buttons',
          thumbnailImageUrl: sampleUrl('photo-mountain'),
          title: 'Menu',
          text: 'Please select',
          actions: [
            { type: 'postback', label: 'Buy', data: 'action=buy&itemid=123' },
            { type: 'message', label: 'Add to cart', text: 'Add to cart' },
            { type: 'uri', label: 'View detail', uri: 'https://example.com/page/123' },
          ],
        },
      },
    ],
  },
  {
    name: 'Text with quick replies',
    messages: [
      {
        type: 'text',
        text: 'Where are you?',
        quickReply: {
          items: [
            { type: 'action', action: { type: 'location', label: 'Send location' } },
            { type: 'action', action: { type: 'camera', label: 'Camera' } },
            { type: 'action', action: { type: 'message', label: 'At home', text: 'At home' } },
          ],
        },
      },
    ],
  },
];
