// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FONT_SIZE_PX, IMAGE_SIZE_PX, SPACE_PX, ratioOf } from '../../../src/phone/flex/scales.js';
import {
  blockCss,
  boxCss,
  buttonCss,
  flexCss,
  gravityCss,
  iconCss,
  imageAlignCss,
  imageCss,
  layoutOf,
  marginCss,
  separatorCss,
  spacerCss,
  textCss,
} from '../../../src/phone/flex/style.js';

describe('scales', () => {
  it('SPACE and SIZE grow in the order the spec lists', () => {
    const grows = (values: number[]) => values.every((v, i) => i === 0 || v > values[i - 1]!);
    expect(grows(Object.values(SPACE_PX))).toBe(true);
    expect(grows(Object.values(FONT_SIZE_PX))).toBe(true);
    expect(grows(Object.values(IMAGE_SIZE_PX))).toBe(true);
    expect(SPACE_PX).toEqual({ none: 0, xs: 2, sm: 4, md: 8, lg: 12, xl: 16, xxl: 20 });
    expect(FONT_SIZE_PX.md).toBe(16);
    expect(IMAGE_SIZE_PX.md).toBe(100);
  });

  it('aspect ratios are height over width', () => {
    expect(ratioOf('1:1')).toBe(1);
    expect(ratioOf('1.51:1')).toBeCloseTo(0.6623, 4);
    expect(ratioOf('9:16')).toBeCloseTo(16 / 9);
    expect(ratioOf('0:1')).toBeUndefined();
    expect(ratioOf('wide')).toBeUndefined();
  });
});

describe('box layouts', () => {
  it('horizontal is a row, vertical a column, baseline a row aligned on baselines', () => {
    expect(boxCss('horizontal')).toEqual({ display: 'flex', 'flex-direction': 'row' });
    expect(boxCss('vertical')).toEqual({ display: 'flex', 'flex-direction': 'column' });
    expect(boxCss('baseline')).toEqual({ display: 'flex', 'flex-direction': 'row', 'align-items': 'baseline' });
  });

  it('an unknown layout draws as vertical', () => {
    expect(layoutOf('diagonal')).toBe('vertical');
    expect(layoutOf('baseline')).toBe('baseline');
  });
});

describe('flex', () => {
  it('defaults to 1 in a horizontal or baseline box and to 0 in a vertical box', () => {
    expect(flexCss('text', undefined, 'horizontal')).toEqual({ flex: '1 0 0' });
    expect(flexCss('text', undefined, 'baseline')).toEqual({ flex: '1 0 0' });
    expect(flexCss('text', undefined, 'vertical')).toEqual({ flex: '0 0 auto' });
  });

  it('N shares the main axis by weight; 0 sizes by content', () => {
    expect(flexCss('box', 3, 'horizontal')).toEqual({ flex: '3 0 0' });
    expect(flexCss('box', 2, 'vertical')).toEqual({ flex: '2 0 auto' });
    expect(flexCss('text', 0, 'horizontal')).toEqual({ flex: '0 0 auto' });
  });

  it('filler is fixed at 1; icon, separator and spacer at 0; junk values fall back to the default', () => {
    expect(flexCss('filler', 0, 'vertical')).toEqual({ flex: '1 0 0' });
    expect(flexCss('icon', 5, 'horizontal')).toEqual({ flex: '0 0 auto' });
    expect(flexCss('separator', 2, 'horizontal')).toEqual({ flex: '0 0 auto' });
    expect(flexCss('spacer', 2, 'vertical')).toEqual({ flex: '0 0 auto' });
    expect(flexCss('text', -1, 'horizontal')).toEqual({ flex: '1 0 0' });
    expect(flexCss('text', '2; color: red', 'horizontal')).toEqual({ flex: '1 0 0' });
  });
});

describe('spacing and margin', () => {
  const vertical = { layout: 'vertical' as const, spacing: 'xl' };
  const horizontal = { layout: 'horizontal' as const, spacing: 'md' };

  it('the parent spacing goes before every child but the first, on the main axis', () => {
    expect(marginCss(0, 'text', undefined, vertical)).toEqual({});
    expect(marginCss(1, 'text', undefined, vertical)).toEqual({ 'margin-top': '16px' });
    expect(marginCss(1, 'text', undefined, horizontal)).toEqual({ 'margin-inline-start': '8px' });
    expect(marginCss(1, 'text', undefined, { layout: 'vertical' })).toEqual({});
  });

  it("a component's margin replaces the spacing, and is ignored on the first component", () => {
    expect(marginCss(2, 'text', 'xxl', vertical)).toEqual({ 'margin-top': '20px' });
    expect(marginCss(2, 'text', 'none', vertical)).toEqual({});
    expect(marginCss(0, 'text', 'xxl', vertical)).toEqual({});
  });

  it('fillers and spacers ignore the spacing; a spacer stands in for the spacing after it', () => {
    expect(marginCss(1, 'filler', undefined, vertical)).toEqual({});
    expect(marginCss(1, 'spacer', undefined, vertical)).toEqual({});
    expect(marginCss(2, 'text', undefined, vertical, 'spacer')).toEqual({});
    expect(marginCss(2, 'text', 'sm', vertical, 'spacer')).toEqual({ 'margin-top': '4px' });
    expect(marginCss(2, 'text', undefined, vertical, 'filler')).toEqual({ 'margin-top': '16px' });
  });

  it('unknown keywords count as none', () => {
    expect(marginCss(1, 'text', 'huge', { layout: 'vertical', spacing: '10px' })).toEqual({});
  });
});

describe('gravity and align', () => {
  it('gravity places content in its own column, default top, ignored in baseline boxes', () => {
    expect(gravityCss('center', 'horizontal')).toEqual({ 'justify-content': 'center' });
    expect(gravityCss('bottom', 'vertical')).toEqual({ 'justify-content': 'flex-end' });
    expect(gravityCss('top', 'horizontal')).toEqual({});
    expect(gravityCss('center', 'baseline')).toEqual({});
  });

  it('image align: default center', () => {
    expect(imageAlignCss(undefined)).toEqual({ 'align-items': 'center' });
    expect(imageAlignCss('start')).toEqual({ 'align-items': 'flex-start' });
    expect(imageAlignCss('end')).toEqual({ 'align-items': 'flex-end' });
  });
});

describe('text', () => {
  it('defaults: md, regular, dark, start, one line with an ellipsis', () => {
    expect(textCss({})).toEqual({
      box: { 'font-size': '16px', color: '#111111' },
      line: { 'text-align': 'start', overflow: 'hidden', 'white-space': 'nowrap', 'text-overflow': 'ellipsis' },
    });
  });

  it('size, weight, color, align', () => {
    const css = textCss({ size: '3xl', weight: 'bold', color: '#FF0000', align: 'end' });
    expect(css.box).toEqual({ 'font-size': '35px', color: '#FF0000', 'font-weight': '700' });
    expect(css.line['text-align']).toBe('end');
  });

  it('wrap keeps newlines and wraps; maxLines clamps with an ellipsis', () => {
    expect(textCss({ wrap: true }).line).toEqual({
      'text-align': 'start',
      overflow: 'hidden',
      'white-space': 'pre-wrap',
      'overflow-wrap': 'anywhere',
    });
    expect(textCss({ wrap: true, maxLines: 2 }).line).toMatchObject({
      display: '-webkit-box',
      '-webkit-box-orient': 'vertical',
      '-webkit-line-clamp': '2',
    });
    expect(textCss({ wrap: true, maxLines: 0 }).line['-webkit-line-clamp']).toBeUndefined();
    expect(textCss({ wrap: false, maxLines: 2 }).line['-webkit-line-clamp']).toBeUndefined();
  });

  it('colors that are not hex codes are ignored (no CSS injection)', () => {
    expect(textCss({ color: 'red; background: url(https://evil.example/x)' }).box.color).toBe('#111111');
    expect(textCss({ color: 'expression(alert(1))' }).box.color).toBe('#111111');
    expect(textCss({ color: '#12345' }).box.color).toBe('#111111');
    expect(textCss({ color: '#11223344' }).box.color).toBe('#11223344');
  });
});

describe('image and icon', () => {
  it('size, aspect ratio, mode and background color', () => {
    expect(imageCss({})).toEqual({
      frame: { width: '100px', 'max-width': '100%' },
      ratio: { 'padding-bottom': '100%' },
      img: { 'object-fit': 'contain' },
    });
    const css = imageCss({ size: 'full', aspectRatio: '20:13', aspectMode: 'cover', backgroundColor: '#000000' });
    expect(css.frame.width).toBe('100%');
    expect(css.ratio).toEqual({ 'padding-bottom': '65%', 'background-color': '#000000' });
    expect(css.img['object-fit']).toBe('cover');
    expect(imageCss({ size: '5xl', aspectRatio: '1:3' }).ratio['padding-bottom']).toBe('300%');
  });

  it('unlisted ratios and sizes fall back to the defaults', () => {
    expect(imageCss({ aspectRatio: '5:1', size: '6xl' })).toMatchObject({ frame: { width: '100px' }, ratio: { 'padding-bottom': '100%' } });
    expect(imageCss({ backgroundColor: 'url(x)' }).ratio['background-color']).toBeUndefined();
  });

  it('icons are 1em tall, 1 to 3 em wide, sized by SIZE', () => {
    expect(iconCss({})).toEqual({ box: { 'font-size': '16px' }, img: { width: '1em', height: '1em' } });
    expect(iconCss({ size: 'xxl', aspectRatio: '3:1' })).toEqual({ box: { 'font-size': '29px' }, img: { width: '3em', height: '1em' } });
    expect(iconCss({ aspectRatio: '4:1' }).img.width).toBe('1em');
  });
});

describe('button', () => {
  it('link by default, 52px tall; color is the text of a link', () => {
    expect(buttonCss({})).toEqual({ style: 'link', css: { height: '52px', color: '#42659a', 'background-color': 'transparent' } });
    expect(buttonCss({ color: '#FF0000', height: 'sm' }).css).toEqual({
      height: '40px',
      color: '#FF0000',
      'background-color': 'transparent',
    });
  });

  it('primary and secondary: color is the background', () => {
    expect(buttonCss({ style: 'primary' }).css).toEqual({ height: '52px', 'background-color': '#17c950', color: '#ffffff' });
    expect(buttonCss({ style: 'secondary', color: '#123456' }).css).toEqual({
      height: '52px',
      'background-color': '#123456',
      color: '#111111',
    });
    expect(buttonCss({ style: 'primary', color: 'red;position:fixed' }).css['background-color']).toBe('#17c950');
  });
});

describe('separator and spacer', () => {
  it('a separator is a line across a vertical box, down a horizontal one', () => {
    expect(separatorCss(undefined, 'vertical')).toEqual({ height: '0', 'border-top': '1px solid #d4d6da' });
    expect(separatorCss('#FF0000', 'horizontal')).toEqual({
      width: '0',
      'border-inline-start': '1px solid #FF0000',
      'align-self': 'stretch',
    });
  });

  it('a spacer takes its size along the main axis, default md', () => {
    expect(spacerCss(undefined, 'vertical')).toEqual({ height: '8px', 'min-height': '8px' });
    expect(spacerCss('xxl', 'horizontal')).toEqual({ width: '20px', 'min-width': '20px' });
  });
});

describe('block styles', () => {
  it('background, and a separator line except on the first block', () => {
    expect(blockCss('body', { backgroundColor: '#FFEEDD', separator: true, separatorColor: '#FF0000' }, false, false)).toEqual({
      padding: '19px 20px 20px 20px',
      'background-color': '#FFEEDD',
      'border-top': '1px solid #FF0000',
    });
    expect(blockCss('header', { separator: true }, true, false)).toEqual({ padding: '20px 20px 20px 20px' });
    expect(blockCss('footer', { separator: true }, false, true)['border-top']).toBe('1px solid #d4d6da');
  });

  it('the body is tighter above a footer; the hero has no padding', () => {
    expect(blockCss('body', undefined, false, true).padding).toBe('19px 20px 10px 20px');
    expect(blockCss('hero', undefined, true, false).padding).toBe('0px 0px 0px 0px');
  });
});
