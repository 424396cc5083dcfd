/** What the demo bot answers to "menu": a flex message and a buttons template with actions of each kind. */
import type { messagingApi } from '@line/bot-sdk';

/** embedkit's sample pictures: https URLs (as the platform requires) that the host shows offline. */
const SAMPLE = 'https://embedkit.invalid/samples';

/** A flex bubble (hero, body, footer buttons) and a buttons template. */
export function menuMessages(): messagingApi.Message[] {
  const flex: messagingApi.FlexMessage = {
    type: 'flex',
    altText: 'Demo menu',
    contents: {
      type: 'bubble',
      hero: { type: 'image', url: `${SAMPLE}/photo-cafe`, size: 'full', aspectRatio: '20:13', aspectMode: 'cover' },
      body: {
        type: 'box',
        layout: 'vertical',
        spacing: 'sm',
        contents: [
          { type: 'text', text: 'Demo Café', weight: 'bold', size: 'xl' },
          { type: 'text', text: 'Tap a button: the bot gets a postback or a message.', wrap: true, size: 'sm', color: '#666666' },
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
            // Darker than the default #17c950: white on it keeps WCAG AA contrast.
            color: '#067d37',
            action: { type: 'postback', label: 'Order coffee', data: 'action=order&item=coffee', displayText: 'One coffee, please' },
          },
          { type: 'button', style: 'secondary', action: { type: 'message', label: 'Say hello', text: 'hello' } },
          {
            type: 'button',
            style: 'link',
            action: { type: 'datetimepicker', label: 'Book a table', data: 'action=book', mode: 'datetime' },
          },
        ],
      },
    },
  };
  const buttons: messagingApi.TemplateMessage = {
    type: 'template',
    altText: 'More options',
    template: {
      type: 'buttons',
      thumbnailImageUrl: `${SAMPLE}/photo-mountain`,
      title: 'More options',
      text: 'What next?',
      actions: [
        { type: 'postback', label: 'Ping', data: 'ping' },
        { type: 'message', label: 'Menu again', text: 'menu' },
        { type: 'datetimepicker', label: 'Pick a date', data: 'action=date', mode: 'date' },
        { type: 'uri', label: 'Open docs', uri: 'https://example.com/' },
      ],
    },
  };
  return [flex, buttons];
}
