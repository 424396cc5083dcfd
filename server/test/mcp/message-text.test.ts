import { describe, expect, it } from 'vitest';
import { messageText } from '#contract/message-text.js';

describe('a message as text, the way a person reads it', () => {
  it('reads the simple kinds', () => {
    expect(messageText({ type: 'text', text: 'hello\n  there' })).toBe('hello there');
    expect(messageText({ type: 'sticker', packageId: '446', stickerId: '1988' })).toBe('(sticker 446/1988)');
    expect(messageText({ type: 'location', title: 'Tower', address: '4-2-8 Shibakoen', latitude: 1, longitude: 2 })).toBe(
      '(location) Tower, 4-2-8 Shibakoen',
    );
    expect(messageText({ type: 'image', originalContentUrl: 'https://x/y.png' })).toBe('(image)');
  });

  it('reads a template’s alt text, texts and buttons, then the quick replies', () => {
    const text = messageText({
      type: 'template',
      altText: 'Pick a plan',
      template: {
        type: 'buttons',
        title: 'Plans',
        text: 'Which one?',
        actions: [
          { type: 'postback', label: 'Basic', data: 'plan=basic' },
          { type: 'uri', label: 'Site', uri: 'https://example.com' },
          { type: 'datetimepicker', label: 'When', data: 'when', mode: 'date' },
        ],
      },
      quickReply: { items: [{ type: 'action', action: { type: 'message', label: 'Yes', text: 'yes' } }] },
    });
    expect(text).toBe(
      'Pick a plan | Plans | Which one? | [Basic → postback plan=basic] | [Site → opens https://example.com] | [When → date picker, postback when] | quick replies: [Yes → says "yes"]',
    );
  });

  it('reads a flex message’s texts and buttons, and survives hostile shapes', () => {
    expect(
      messageText({
        type: 'flex',
        altText: 'Receipt',
        contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Total 5' }, null, 7] } },
      }),
    ).toBe('Receipt | Total 5');
    expect(messageText(null)).toBe('(message)');
    expect(messageText({ type: 'template', template: 'nope' })).toBe('');
  });
});
