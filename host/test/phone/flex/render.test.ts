// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { renderFlex } from '../../../src/phone/flex/render.js';

const noop = { onAction: () => undefined };
const text = (t: string, extra: Record<string, unknown> = {}) => ({ type: 'text', text: t, ...extra });

describe('renderFlex', () => {
  it('draws the blocks of a bubble in order, with their styles; the first block ignores its separator', () => {
    const el = renderFlex(
      {
        type: 'bubble',
        footer: { type: 'box', layout: 'vertical', contents: [text('f')] },
        body: { type: 'box', layout: 'vertical', contents: [text('b')] },
        header: { type: 'box', layout: 'vertical', contents: [text('h')] },
        styles: { header: { separator: true, backgroundColor: '#000000' }, body: { separator: true, separatorColor: '#FF0000' } },
      },
      noop,
    );
    expect([...el.querySelectorAll<HTMLElement>('.fx-block')].map((b) => b.dataset.block)).toEqual(['header', 'body', 'footer']);
    const [header, body] = [...el.querySelectorAll<HTMLElement>('.fx-block')];
    expect(header!.style.borderTop).toBe('');
    expect(header!.style.backgroundColor).not.toBe('');
    expect(body!.style.borderTop).toContain('1px solid');
  });

  it('maps the children of boxes: flex defaults, spacing, margins', () => {
    const el = renderFlex(
      {
        type: 'bubble',
        body: {
          type: 'box',
          layout: 'horizontal',
          spacing: 'lg',
          contents: [
            text('a', { margin: 'xxl' }),
            text('b'),
            text('c', { flex: 2, margin: 'xs' }),
            { type: 'filler' },
            { type: 'box', layout: 'vertical', contents: [text('x'), text('y')] },
          ],
        },
      },
      noop,
    );
    const root = el.querySelector<HTMLElement>('.fx-block-root')!;
    expect(root.style.flexDirection).toBe('row');
    const kids = [...root.children] as HTMLElement[];
    expect(kids.map((k) => k.style.getPropertyValue('margin-inline-start'))).toEqual(['', '12px', '2px', '', '12px']);
    // Browsers write the basis as "0px".
    const flexOf = (k: HTMLElement) => k.style.getPropertyValue('flex').replace(/ 0px$/, ' 0');
    expect(kids.map(flexOf)).toEqual(['1 0 0', '1 0 0', '2 0 0', '1 0 0', '1 0 0']);
    const inner = [...kids[4]!.children] as HTMLElement[];
    expect(inner.map(flexOf)).toEqual(['0 0 auto', '0 0 auto']);
  });

  it('puts message text in textContent only', () => {
    const el = renderFlex(
      { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [text('<img src=x onerror=alert(1)>')] } },
      noop,
    );
    expect(el.querySelector('.fx-line')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(el.querySelector('img')).toBeNull();
  });

  it('loads pictures from http(s) only; other URLs draw a placeholder', () => {
    const el = renderFlex(
      {
        type: 'bubble',
        body: {
          type: 'box',
          layout: 'vertical',
          contents: [
            { type: 'image', url: 'javascript:alert(1)' },
            { type: 'image', url: 'https://cdn.example/a.png' },
            { type: 'image', url: 'https://embedkit.invalid/samples/photo-city' },
          ],
        },
      },
      noop,
    );
    const imgs = [...el.querySelectorAll('.fx-img')];
    expect(imgs[0]!.tagName).toBe('SPAN');
    expect(imgs[0]!.getAttribute('src')).toBeNull();
    expect(imgs[0]!.classList.contains('broken')).toBe(true);
    expect(imgs[1]!.getAttribute('src')).toBe('https://cdn.example/a.png');
    expect(imgs[2]!.getAttribute('src')).toBe('/host/samples/photo-city.svg');
  });

  it('marks the bubble rtl', () => {
    expect(renderFlex({ type: 'bubble', direction: 'rtl' }, noop).dir).toBe('rtl');
    expect(renderFlex({ type: 'bubble' }, noop).dir).toBe('ltr');
  });

  it('a carousel holds at most 10 bubbles and skips what is not a bubble', () => {
    const el = renderFlex(
      { type: 'carousel', contents: [...Array.from({ length: 12 }, () => ({ type: 'bubble' })), { type: 'box' }] },
      noop,
    );
    expect(el.classList.contains('fx-carousel')).toBe(true);
    expect(el.querySelectorAll('.fx-bubble.fx-in-carousel')).toHaveLength(10);
  });

  it('hands the innermost action to onAction, once', () => {
    const onAction = vi.fn();
    const el = renderFlex(
      {
        type: 'bubble',
        body: {
          type: 'box',
          layout: 'vertical',
          action: { type: 'postback', label: 'box', data: 'box' },
          contents: [
            text('t', { action: { type: 'message', label: 'text', text: 'hi' } }),
            { type: 'button', action: { type: 'uri', label: 'Go', uri: 'https://example.com' } },
          ],
        },
      },
      { onAction },
    );
    (el.querySelector('.fx-text') as HTMLElement).click();
    expect(onAction).toHaveBeenLastCalledWith({ type: 'message', label: 'text', text: 'hi' });
    (el.querySelector('button') as HTMLElement).click();
    expect(onAction).toHaveBeenLastCalledWith({ type: 'uri', label: 'Go', uri: 'https://example.com' });
    (el.querySelector('.fx-block-root') as HTMLElement).click();
    expect(onAction).toHaveBeenLastCalledWith({ type: 'postback', label: 'box', data: 'box' });
    expect(onAction).toHaveBeenCalledTimes(3);
    expect(el.querySelector('button')!.textContent).toBe('Go');
  });

  it('never throws on malformed containers', () => {
    for (const bad of [
      null,
      42,
      'bubble',
      { type: 'bubble', body: 'x' },
      { type: 'bubble', body: { type: 'box', contents: [null, 1, { type: 'hologram' }] } },
      { type: 'carousel', contents: 'x' },
    ]) {
      expect(() => renderFlex(bad, noop)).not.toThrow();
    }
  });
});
