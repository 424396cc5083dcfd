// The custom share message guideline, item by item, over a guideline's example bubble and careless ones.
import { describe, expect, it } from 'vitest';
import { shareMessages } from '../../src/review/session/rules/share-message.js';
import { init, LIFF_ID, session, T0 } from './session-records.js';

const text = (t: string) => ({ type: 'text', text: t });
const row = (label: string, value: string) => ({ type: 'box', layout: 'horizontal', contents: [text(label), text(value)] });
const button = (label: string, uri: string) => ({ type: 'button', action: { type: 'uri', label, uri } });

/** A bubble as the guideline's standard type has it. */
export function guidelineBubble(details = 2, buttons = 1): Record<string, unknown> {
  return {
    type: 'bubble',
    body: {
      type: 'box',
      layout: 'vertical',
      contents: [
        text('Main title'),
        text('Sub-title'),
        { type: 'box', layout: 'vertical', contents: Array.from({ length: details }, (_, i) => row(`Label ${i}`, `Description ${i}`)) },
      ],
    },
    footer: {
      type: 'box',
      layout: 'vertical',
      contents: [
        ...Array.from({ length: buttons }, (_, i) => button(`Open ${i}`, `https://miniapp.line.me/${LIFF_ID}/items/${i}`)),
        {
          type: 'box',
          layout: 'horizontal',
          action: { type: 'uri', uri: `https://miniapp.line.me/${LIFF_ID}` },
          contents: [
            { type: 'image', url: 'https://example.com/icon.png' },
            text('Demo'),
            { type: 'image', url: 'https://example.com/arrow.png' },
          ],
        },
      ],
    },
  };
}

const flex = (contents: unknown) => ({ type: 'flex', altText: 'shared', contents });
const statuses = (messages: unknown[]) =>
  Object.fromEntries(
    shareMessages(session([init(0), { kind: 'share', at: T0 + 5, via: 'shareTargetPicker', messages }])).map((f) => [f.check, f.status]),
  );

describe('the custom share message guideline', () => {
  it('passes every item for the guideline example', () => {
    expect(new Set(Object.values(statuses([flex(guidelineBubble())])))).toEqual(new Set(['pass']));
  });

  it('fails a carousel', () => {
    const s = statuses([flex({ type: 'carousel', contents: [guidelineBubble()] })]);
    expect(s['share.bubble']).toBe('fail');
  });

  it('fails a bubble with only a title, 11 details, four buttons, no link to a detail page, no footer', () => {
    expect(statuses([flex({ type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [text('Only a title')] } })])).toMatchObject(
      {
        'share.title': 'pass',
        'share.subtitle-or-details': 'fail',
        'share.buttons': 'fail',
        'share.detail-page': 'fail',
        'share.footer': 'fail',
      },
    );
    expect(statuses([flex(guidelineBubble(11))])['share.details']).toBe('fail');
    expect(statuses([flex(guidelineBubble(2, 4))])['share.buttons']).toBe('fail');
  });

  it('fails a bubble without a title', () => {
    expect(statuses([flex({ type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [] } })])['share.title']).toBe('fail');
  });

  it('warns of a text message: the format could not be checked', () => {
    expect(statuses([{ type: 'text', text: 'hi' }])['share.bubble']).toBe('warn');
  });
});
