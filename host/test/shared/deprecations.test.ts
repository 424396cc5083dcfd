// Deprecated things of the spec's Versioning part, found where the panels show them.
import { describe, expect, it } from 'vitest';
import { messageDeprecations, webhookDeprecations } from '../../src/shared/deprecations.js';

describe('deprecations', () => {
  it('finds the postback text field anywhere in messages, with its path', () => {
    const messages = [
      { type: 'text', text: 'fine' },
      {
        type: 'template',
        altText: 'x',
        template: {
          type: 'buttons',
          text: 't',
          actions: [
            { type: 'message', label: 'a', text: 'fine' },
            { type: 'postback', label: 'b', data: 'd', text: 'old' },
          ],
        },
      },
    ];
    expect(messageDeprecations(messages, 'messages')).toEqual([
      {
        path: 'messages[1].template.actions[1].text',
        message: 'the postback action’s text is deprecated (spec Versioning): use displayText',
      },
    ]);
    expect(messageDeprecations([{ type: 'postback', data: 'd', displayText: 'new' }])).toEqual([]);
  });

  it('finds leave beacons in a webhook body', () => {
    const body = JSON.stringify({
      events: [
        { type: 'beacon', beacon: { hwid: 'h', type: 'enter' } },
        { type: 'beacon', beacon: { hwid: 'h', type: 'leave' } },
      ],
    });
    expect(webhookDeprecations(body)).toEqual([
      { path: 'events[1].beacon.type', message: 'the leave beacon type is deprecated (spec Versioning)' },
    ]);
    expect(webhookDeprecations('not json')).toEqual([]);
  });
});
