/** Sample text messages: of the demo gallery, the Simulator tab and the tests. */
import type { TextMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** Line breaks and a link. */
export const TEXT: TextMessage = {
  type: 'text',
  text: 'Welcome to the embedkit gallery!\nLine breaks stay where they are,\nand links open in the in-app browser: https://example.com/docs',
};

/** A text with a quick reply button of every action kind, one with an icon. */
export const TEXT_WITH_QUICK_REPLY: TextMessage = {
  type: 'text',
  text: 'Anything else? Pick a quick reply below.',
  quickReply: {
    items: [
      { type: 'action', action: { type: 'message', label: 'Thanks!', text: 'Thanks!' } },
      {
        type: 'action',
        imageUrl: sampleUrl('icon-star'),
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
};
