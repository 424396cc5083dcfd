// Flex messages (spec part B "Flex message"): the message, containers, block styles, components and
// the container byte sizes.
import { ABSENT, chars, ruleTable, urlOf } from './harness.js';

const text = { type: 'text', text: 'Hello' };
const box = (contents: unknown[] = [text], extra: object = {}) => ({ type: 'box', layout: 'vertical', contents, ...extra });
const bubble = { type: 'bubble', body: box() };
const flex = (contents: unknown = bubble) => ({ type: 'flex', altText: 'This is a Flex Message', contents });
/** A flex message whose body box holds `component` first. */
const holding = (component: unknown) => flex({ type: 'bubble', body: box([component]) });
const c = (field = '') => `contents.body.contents[0]${field ? `.${field}` : ''}`;
const carousel = { type: 'carousel', contents: [bubble, bubble] };
const SPACE = 'Must be one of the following values: [none, xs, sm, md, lg, xl, xxl]';
const SIZE = 'Must be one of the following values: [xxs, xs, sm, md, lg, xl, xxl, 3xl, 4xl, 5xl]';
const GRAVITY = 'Must be one of the following values: [top, bottom, center]';
const HEX = 'Must be a hex color code (#RRGGBB)';
const COMPONENTS = 'Must be one of the following values: [box, button, filler, icon, image, separator, spacer, text]';

/** A bubble of exactly `bytes` bytes of JSON (one text component carries the padding). */
const bubbleOf = (bytes: number) => {
  const empty = JSON.stringify({ type: 'bubble', body: box([{ type: 'text', text: '' }]) }).length;
  return { type: 'bubble', body: box([{ type: 'text', text: 'x'.repeat(bytes - empty) }]) };
};

ruleTable('flex message', [
  { rule: 'altText is required', base: flex(), path: 'altText', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'altText max 400', base: flex(), path: 'altText', ok: chars(400), bad: chars(401), message: 'Length must be between 0 and 400' },
  { rule: 'contents is required', base: flex(), path: 'contents', ok: carousel, bad: ABSENT, message: 'must be specified' },
  {
    rule: 'contents is bubble or carousel',
    base: flex(),
    path: 'contents.type',
    ok: 'bubble',
    bad: 'box',
    message: 'Must be one of the following values: [bubble, carousel]',
  },
]);

ruleTable('bubble container', [
  {
    rule: 'direction ltr or rtl',
    base: flex(),
    path: 'contents.direction',
    ok: 'rtl',
    bad: 'ttb',
    message: 'Must be one of the following values: [ltr, rtl]',
  },
  {
    rule: 'header is a box',
    base: flex(),
    path: 'contents.header',
    ok: box(),
    bad: text,
    property: 'contents.header.type',
    message: 'Must be one of the following values: [box]',
  },
  {
    rule: 'hero is an image',
    base: flex(),
    path: 'contents.hero',
    ok: { type: 'image', url: 'https://example.com/h.png' },
    bad: box(),
    property: 'contents.hero.type',
    message: 'Must be one of the following values: [image]',
  },
  { rule: 'body is a box', base: flex(), path: 'contents.body.layout', ok: 'horizontal', bad: ABSENT, message: 'must be specified' },
  {
    rule: 'footer is a box',
    base: flex(),
    path: 'contents.footer',
    ok: box([{ type: 'spacer' }]),
    bad: 'footer',
    message: 'Must be an object',
  },
  { rule: 'no other block', base: flex(), path: 'contents.sidebar', ok: ABSENT, bad: box(), message: 'unknown property' },
  {
    rule: 'styles keys are the blocks',
    base: flex(),
    path: 'contents.styles',
    ok: { header: {}, hero: {}, body: {}, footer: {} },
    bad: { side: {} },
    property: 'contents.styles.side',
    message: 'unknown property',
  },
  {
    rule: 'block style backgroundColor is hex',
    base: flex(),
    path: 'contents.styles.body',
    ok: { backgroundColor: '#00ff00' },
    bad: { backgroundColor: 'green' },
    property: 'contents.styles.body.backgroundColor',
    message: HEX,
  },
  {
    rule: 'block style separator is boolean',
    base: flex(),
    path: 'contents.styles.footer',
    ok: { separator: true },
    bad: { separator: 'true' },
    property: 'contents.styles.footer.separator',
    message: 'Must be a boolean',
  },
  {
    rule: 'block style separatorColor is hex',
    base: flex(),
    path: 'contents.styles.footer',
    ok: { separator: true, separatorColor: '#cccccc' },
    bad: { separatorColor: '#cccccc80' },
    property: 'contents.styles.footer.separatorColor',
    message: HEX,
  },
  {
    rule: 'bubble at most 10KB',
    base: flex(),
    path: 'contents',
    ok: bubbleOf(10240),
    bad: bubbleOf(10241),
    message: 'Size must be at most 10KB (10240 bytes of UTF-8 JSON); this bubble is 10241 bytes',
  },
  {
    rule: 'size counts UTF-8 bytes',
    base: flex(),
    path: 'contents.body.contents[0].text',
    ok: 'é'.repeat(5000),
    bad: 'é'.repeat(5200),
    property: 'contents',
    message: `Size must be at most 10KB (10240 bytes of UTF-8 JSON); this bubble is ${JSON.stringify(bubble).length - 5 + 10400} bytes`,
  },
]);

const big = bubbleOf(10240);
ruleTable('carousel container', [
  {
    rule: 'contents is required',
    base: flex(carousel),
    path: 'contents.contents',
    ok: [bubble],
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'contents max 10 bubbles',
    base: flex(carousel),
    path: 'contents.contents',
    ok: Array(10).fill(bubble),
    bad: Array(11).fill(bubble),
    message: 'Size must be between 1 and 10',
  },
  {
    rule: 'contents are bubbles',
    base: flex(carousel),
    path: 'contents.contents[1].type',
    ok: 'bubble',
    bad: 'carousel',
    message: 'Must be one of the following values: [bubble]',
  },
  {
    rule: 'every bubble at most 10KB',
    base: flex(carousel),
    path: 'contents.contents[1]',
    ok: big,
    bad: bubbleOf(10241),
    message: 'Size must be at most 10KB (10240 bytes of UTF-8 JSON); this bubble is 10241 bytes',
  },
  {
    rule: 'carousel at most 50KB',
    base: flex(carousel),
    path: 'contents.contents',
    ok: [big, big, big, big, bubbleOf(10240 - 60)],
    bad: [big, big, big, big, big],
    property: 'contents',
    message: `Size must be at most 50KB (51200 bytes of UTF-8 JSON); this carousel is ${JSON.stringify({ type: 'carousel', contents: [big, big, big, big, big] }).length} bytes`,
  },
]);

ruleTable('box component', [
  { rule: 'layout is required', base: flex(), path: 'contents.body.layout', ok: 'baseline', bad: ABSENT, message: 'must be specified' },
  {
    rule: 'layout values',
    base: flex(),
    path: 'contents.body.layout',
    ok: 'horizontal',
    bad: 'grid',
    message: 'Must be one of the following values: [horizontal, vertical, baseline]',
  },
  { rule: 'contents is required', base: flex(), path: 'contents.body.contents', ok: [], bad: ABSENT, message: 'must be specified' },
  {
    rule: 'contents are components',
    base: holding(text),
    path: c(),
    ok: { type: 'filler' },
    bad: { type: 'video' },
    property: c('type'),
    message: COMPONENTS,
  },
  {
    rule: 'boxes nest',
    base: holding(box()),
    path: c('contents[0]'),
    ok: box([box([text])]),
    bad: box([{ type: 'text' }]),
    property: c('contents[0].contents[0].text'),
    message: 'must be specified',
  },
  {
    rule: 'flex is a non-negative integer',
    base: holding(box()),
    path: c('flex'),
    ok: 0,
    bad: -1,
    message: 'Must be greater than or equal to 0',
  },
  { rule: 'spacing is SPACE', base: flex(), path: 'contents.body.spacing', ok: 'xxl', bad: 'huge', message: SPACE },
  { rule: 'margin is SPACE', base: holding(box()), path: c('margin'), ok: 'none', bad: '10px', message: SPACE },
  {
    rule: 'action label optional',
    base: flex(),
    path: 'contents.body.action',
    ok: { type: 'message', text: 'x' },
    bad: { type: 'message' },
    property: 'contents.body.action.text',
    message: 'must be specified',
  },
]);

const button = { type: 'button', action: { type: 'uri', label: 'Go', uri: 'https://example.com' } };
ruleTable('button component', [
  {
    rule: 'action is required',
    base: holding(button),
    path: c('action'),
    ok: { type: 'message', label: 'Hi', text: 'hi' },
    bad: ABSENT,
    message: 'must be specified',
  },
  { rule: 'flex is an integer', base: holding(button), path: c('flex'), ok: 2, bad: 1.5, message: 'Must be an integer' },
  { rule: 'margin is SPACE', base: holding(button), path: c('margin'), ok: 'md', bad: 'xxxl', message: SPACE },
  {
    rule: 'height sm or md',
    base: holding(button),
    path: c('height'),
    ok: 'sm',
    bad: 'lg',
    message: 'Must be one of the following values: [sm, md]',
  },
  {
    rule: 'style link, primary, secondary',
    base: holding(button),
    path: c('style'),
    ok: 'primary',
    bad: 'danger',
    message: 'Must be one of the following values: [link, primary, secondary]',
  },
  { rule: 'color is hex', base: holding(button), path: c('color'), ok: '#905c44', bad: 'rgb(1,2,3)', message: HEX },
  { rule: 'gravity top, bottom, center', base: holding(button), path: c('gravity'), ok: 'center', bad: 'middle', message: GRAVITY },
]);

ruleTable('filler component', [
  { rule: 'flex is fixed at 1', base: holding({ type: 'filler' }), path: c('flex'), ok: ABSENT, bad: 2, message: 'unknown property' },
]);

const icon = { type: 'icon', url: 'https://example.com/star.png' };
ruleTable('icon component', [
  {
    rule: 'url is required',
    base: holding(icon),
    path: c('url'),
    ok: 'https://example.com/i.png',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'url is HTTPS',
    base: holding(icon),
    path: c('url'),
    ok: 'https://example.com/i.png',
    bad: 'http://example.com/i.png',
    message: 'invalid uri scheme',
  },
  {
    rule: 'url max 1000',
    base: holding(icon),
    path: c('url'),
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  { rule: 'margin is SPACE', base: holding(icon), path: c('margin'), ok: 'sm', bad: 'small', message: SPACE },
  { rule: 'size is SIZE', base: holding(icon), path: c('size'), ok: '5xl', bad: 'full', message: SIZE },
  {
    rule: 'aspectRatio 1:1, 2:1, 3:1',
    base: holding(icon),
    path: c('aspectRatio'),
    ok: '3:1',
    bad: '4:3',
    message: 'Must be one of the following values: [1:1, 2:1, 3:1]',
  },
  { rule: 'flex is fixed at 0', base: holding(icon), path: c('flex'), ok: ABSENT, bad: 0, message: 'unknown property' },
]);

const image = { type: 'image', url: 'https://example.com/01_1_cafe.png' };
ruleTable('image component', [
  {
    rule: 'url is required',
    base: holding(image),
    path: c('url'),
    ok: 'https://example.com/a.jpg',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'url is HTTPS',
    base: holding(image),
    path: c('url'),
    ok: 'https://example.com/a.jpg',
    bad: 'javascript:alert(1)',
    message: 'invalid uri scheme',
  },
  { rule: 'flex is an integer', base: holding(image), path: c('flex'), ok: 3, bad: '3', message: 'Must be an integer' },
  { rule: 'margin is SPACE', base: holding(image), path: c('margin'), ok: 'lg', bad: 'large', message: SPACE },
  {
    rule: 'align start, end, center',
    base: holding(image),
    path: c('align'),
    ok: 'end',
    bad: 'left',
    message: 'Must be one of the following values: [start, end, center]',
  },
  { rule: 'gravity', base: holding(image), path: c('gravity'), ok: 'bottom', bad: 'baseline', message: GRAVITY },
  {
    rule: 'size is SIZE or full',
    base: holding(image),
    path: c('size'),
    ok: 'full',
    bad: '6xl',
    message: 'Must be one of the following values: [xxs, xs, sm, md, lg, xl, xxl, 3xl, 4xl, 5xl, full]',
  },
  {
    rule: 'aspectRatio values',
    base: holding(image),
    path: c('aspectRatio'),
    ok: '20:13',
    bad: '5:4',
    message: 'Must be one of the following values: [1:1, 1.51:1, 1.91:1, 4:3, 16:9, 20:13, 2:1, 3:1, 3:4, 9:16, 1:2, 1:3]',
  },
  {
    rule: 'aspectMode cover or fit',
    base: holding(image),
    path: c('aspectMode'),
    ok: 'cover',
    bad: 'fill',
    message: 'Must be one of the following values: [cover, fit]',
  },
  { rule: 'backgroundColor is hex', base: holding(image), path: c('backgroundColor'), ok: '#FFFFFF', bad: 'FFFFFF', message: HEX },
  {
    rule: 'action label optional',
    base: holding(image),
    path: c('action'),
    ok: { type: 'uri', uri: 'https://example.com' },
    bad: { type: 'uri', uri: 'javascript:void(0)' },
    property: c('action.uri'),
    message: 'invalid uri scheme',
  },
]);

ruleTable('separator component', [
  { rule: 'margin is SPACE', base: holding({ type: 'separator' }), path: c('margin'), ok: 'xl', bad: 'xxxl', message: SPACE },
  { rule: 'color is hex', base: holding({ type: 'separator' }), path: c('color'), ok: '#eeeeee', bad: '#eee', message: HEX },
]);

ruleTable('spacer component', [
  {
    rule: 'size xs..xxl',
    base: holding({ type: 'spacer' }),
    path: c('size'),
    ok: 'xxl',
    bad: 'xxs',
    message: 'Must be one of the following values: [xs, sm, md, lg, xl, xxl]',
  },
  {
    rule: 'no margin (ignores spacing)',
    base: holding({ type: 'spacer' }),
    path: c('margin'),
    ok: ABSENT,
    bad: 'md',
    message: 'unknown property',
  },
]);

ruleTable('text component', [
  { rule: 'text is required', base: holding(text), path: c('text'), ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'text may not be empty', base: holding(text), path: c('text'), ok: ' ', bad: '', message: 'May not be empty' },
  { rule: 'flex', base: holding(text), path: c('flex'), ok: 0, bad: true, message: 'Must be an integer' },
  { rule: 'margin', base: holding(text), path: c('margin'), ok: 'xs', bad: 'XS', message: SPACE },
  { rule: 'size is SIZE', base: holding(text), path: c('size'), ok: 'xxs', bad: 'full', message: SIZE },
  {
    rule: 'align',
    base: holding(text),
    path: c('align'),
    ok: 'center',
    bad: 'justify',
    message: 'Must be one of the following values: [start, end, center]',
  },
  { rule: 'gravity', base: holding(text), path: c('gravity'), ok: 'top', bad: 'up', message: GRAVITY },
  { rule: 'wrap is boolean', base: holding(text), path: c('wrap'), ok: true, bad: 1, message: 'Must be a boolean' },
  {
    rule: 'maxLines is a non-negative integer',
    base: holding(text),
    path: c('maxLines'),
    ok: 0,
    bad: -2,
    message: 'Must be greater than or equal to 0',
  },
  {
    rule: 'weight regular or bold',
    base: holding(text),
    path: c('weight'),
    ok: 'bold',
    bad: 'heavy',
    message: 'Must be one of the following values: [regular, bold]',
  },
  { rule: 'color is hex', base: holding(text), path: c('color'), ok: '#aaaaaa', bad: '#aaaaaaa', message: HEX },
  {
    rule: 'action',
    base: holding(text),
    path: c('action'),
    ok: { type: 'postback', data: 'x' },
    bad: { type: 'postback', data: chars(301) },
    property: c('action.data'),
    message: 'Length must be between 0 and 300',
  },
]);
