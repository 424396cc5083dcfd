/** A sample imagemap message. */
import type { ImagemapMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** The sample imagemap picture cut into four areas: two links, two messages. */
export const IMAGEMAP: ImagemapMessage = {
  type: 'imagemap',
  baseUrl: sampleUrl('imagemap'),
  altText: 'An imagemap with four areas',
  baseSize: { width: 1040, height: 1040 },
  actions: [
    { type: 'uri', linkUri: 'https://example.com/shop', area: { x: 0, y: 0, width: 520, height: 520 } },
    { type: 'message', text: 'Show me the news', area: { x: 520, y: 0, width: 520, height: 520 } },
    { type: 'uri', linkUri: 'https://example.com/map', area: { x: 0, y: 520, width: 520, height: 520 } },
    { type: 'message', text: 'Hello', area: { x: 520, y: 520, width: 520, height: 520 } },
  ],
};
