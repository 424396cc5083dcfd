// Template messages (spec part B "Template: buttons / confirm / carousel / image carousel").
import { ABSENT, chars, ruleTable, urlOf } from './harness.js';

const act = (label = 'Buy') => ({ type: 'postback', label, data: 'action=buy&itemid=123' });
const buttons = {
  type: 'template',
  altText: 'This is a buttons template',
  template: { type: 'buttons', text: 'Please select', actions: [act(), { type: 'uri', label: 'View detail', uri: 'https://example.com/page/123' }] },
};
const withImage = { ...buttons, template: { ...buttons.template, thumbnailImageUrl: 'https://example.com/bot/images/image.jpg' } };
const withTitle = { ...buttons, template: { ...buttons.template, title: 'Menu' } };
const confirm = {
  type: 'template',
  altText: 'this is a confirm template',
  template: { type: 'confirm', text: 'Are you sure?', actions: [{ type: 'message', label: 'Yes', text: 'yes' }, { type: 'message', label: 'No', text: 'no' }] },
};
const column = { text: 'description', actions: [act(), act('Add to cart')] };
const carousel = { type: 'template', altText: 'this is a carousel template', template: { type: 'carousel', columns: [column, column] } };
const imageColumn = { imageUrl: 'https://example.com/bot/images/item1.jpg', action: { type: 'postback', label: 'Buy', data: 'action=buy&itemid=111' } };
const imageCarousel = { type: 'template', altText: 'this is an image carousel template', template: { type: 'image_carousel', columns: [imageColumn] } };
const actionTypes = 'Must be one of the following values: [postback, message, uri, datetimepicker]';

ruleTable('template message wrapper', [
  { rule: 'altText is required', base: buttons, path: 'altText', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'altText max 400 characters', base: buttons, path: 'altText', ok: chars(400), bad: chars(401), message: 'Length must be between 0 and 400' },
  { rule: 'altText may not be empty', base: buttons, path: 'altText', ok: 'x', bad: '', message: 'May not be empty' },
  { rule: 'template is required', base: buttons, path: 'template', ok: confirm.template, bad: ABSENT, message: 'must be specified' },
  {
    rule: 'template type',
    base: buttons,
    path: 'template.type',
    ok: 'buttons',
    bad: 'list',
    message: 'Must be one of the following values: [buttons, confirm, carousel, image_carousel]',
  },
]);

ruleTable('buttons template', [
  { rule: 'thumbnailImageUrl is HTTPS', base: buttons, path: 'template.thumbnailImageUrl', ok: 'https://example.com/a.png', bad: 'http://example.com/a.png', message: 'invalid uri scheme' },
  { rule: 'thumbnailImageUrl max 1000 characters', base: buttons, path: 'template.thumbnailImageUrl', ok: urlOf(1000), bad: urlOf(1001), message: 'Length must be between 0 and 1000' },
  { rule: 'imageAspectRatio rectangle or square', base: withImage, path: 'template.imageAspectRatio', ok: 'square', bad: 'wide', message: 'Must be one of the following values: [rectangle, square]' },
  { rule: 'imageSize cover or contain', base: withImage, path: 'template.imageSize', ok: 'contain', bad: 'fill', message: 'Must be one of the following values: [cover, contain]' },
  { rule: 'imageBackgroundColor is RGB hex', base: withImage, path: 'template.imageBackgroundColor', ok: '#A0b1C2', bad: 'white', message: 'Must be a hex color code (#RRGGBB)' },
  { rule: 'imageBackgroundColor has 6 digits', base: withImage, path: 'template.imageBackgroundColor', ok: '#FFFFFF', bad: '#FFF', message: 'Must be a hex color code (#RRGGBB)' },
  { rule: 'title max 40 characters', base: buttons, path: 'template.title', ok: chars(40), bad: chars(41), message: 'Length must be between 0 and 40' },
  { rule: 'text is required', base: buttons, path: 'template.text', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'text max 160 with neither image nor title', base: buttons, path: 'template.text', ok: chars(160), bad: chars(161), message: 'Length must be between 0 and 160' },
  { rule: 'text max 60 with an image', base: withImage, path: 'template.text', ok: chars(60), bad: chars(61), message: 'Length must be between 0 and 60' },
  { rule: 'text max 60 with a title', base: withTitle, path: 'template.text', ok: chars(60), bad: chars(61), message: 'Length must be between 0 and 60' },
  { rule: 'defaultAction is an action', base: buttons, path: 'template.defaultAction', ok: { type: 'uri', label: 'View', uri: 'https://example.com/' }, bad: { type: 'camera', label: 'x' }, property: 'template.defaultAction.type', message: actionTypes },
  { rule: 'actions are required', base: buttons, path: 'template.actions', ok: [act()], bad: ABSENT, message: 'must be specified' },
  { rule: 'actions max 4', base: buttons, path: 'template.actions', ok: [act(), act(), act(), act()], bad: [act(), act(), act(), act(), act()], message: 'Size must be between 1 and 4' },
  { rule: 'actions at least 1', base: buttons, path: 'template.actions', ok: [act()], bad: [], message: 'Size must be between 1 and 4' },
]);

ruleTable('confirm template', [
  { rule: 'text is required', base: confirm, path: 'template.text', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'text max 240 characters', base: confirm, path: 'template.text', ok: chars(240), bad: chars(241), message: 'Length must be between 0 and 240' },
  { rule: 'actions are required', base: confirm, path: 'template.actions', ok: [act('Yes'), act('No')], bad: ABSENT, message: 'must be specified' },
  { rule: 'exactly 2 actions (not 3)', base: confirm, path: 'template.actions', ok: [act('Yes'), act('No')], bad: [act(), act(), act()], message: 'Size must be between 2 and 2' },
  { rule: 'exactly 2 actions (not 1)', base: confirm, path: 'template.actions', ok: [act('Yes'), act('No')], bad: [act()], message: 'Size must be between 2 and 2' },
  { rule: 'no image', base: confirm, path: 'template.thumbnailImageUrl', ok: ABSENT, bad: 'https://example.com/a.png', message: 'unknown property' },
]);

ruleTable('carousel template', [
  { rule: 'columns are required', base: carousel, path: 'template.columns', ok: [column], bad: ABSENT, message: 'must be specified' },
  { rule: 'columns max 10', base: carousel, path: 'template.columns', ok: Array(10).fill(column), bad: Array(11).fill(column), message: 'Size must be between 1 and 10' },
  { rule: 'imageAspectRatio rectangle or square', base: carousel, path: 'template.imageAspectRatio', ok: 'rectangle', bad: '16:9', message: 'Must be one of the following values: [rectangle, square]' },
  { rule: 'imageSize cover or contain', base: carousel, path: 'template.imageSize', ok: 'cover', bad: 'auto', message: 'Must be one of the following values: [cover, contain]' },
  { rule: 'column thumbnailImageUrl is HTTPS', base: carousel, path: 'template.columns[0].thumbnailImageUrl', ok: 'https://example.com/1.jpg', bad: 'data:image/png;base64,AAAA', message: 'invalid uri scheme' },
  { rule: 'column thumbnailImageUrl max 1000', base: carousel, path: 'template.columns[0].thumbnailImageUrl', ok: urlOf(1000), bad: urlOf(1001), message: 'Length must be between 0 and 1000' },
  { rule: 'column imageBackgroundColor is hex', base: carousel, path: 'template.columns[1].imageBackgroundColor', ok: '#000000', bad: '#GGGGGG', message: 'Must be a hex color code (#RRGGBB)' },
  { rule: 'column title max 40', base: carousel, path: 'template.columns[0].title', ok: chars(40), bad: chars(41), message: 'Length must be between 0 and 40' },
  { rule: 'column text is required', base: carousel, path: 'template.columns[1].text', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'column text max 120 without image and title', base: carousel, path: 'template.columns[0].text', ok: chars(120), bad: chars(121), message: 'Length must be between 0 and 120' },
  {
    rule: 'column text max 60 with a title',
    base: { ...carousel, template: { type: 'carousel', columns: [{ ...column, title: 'Item' }] } },
    path: 'template.columns[0].text',
    ok: chars(60),
    bad: chars(61),
    message: 'Length must be between 0 and 60',
  },
  {
    rule: 'column text max 60 with an image',
    base: { ...carousel, template: { type: 'carousel', columns: [{ ...column, thumbnailImageUrl: 'https://example.com/1.jpg' }] } },
    path: 'template.columns[0].text',
    ok: chars(60),
    bad: chars(61),
    message: 'Length must be between 0 and 60',
  },
  { rule: 'column defaultAction is an action', base: carousel, path: 'template.columns[0].defaultAction', ok: act('View'), bad: { type: 'postback', label: 'View' }, property: 'template.columns[0].defaultAction.data', message: 'must be specified' },
  { rule: 'column actions max 3', base: carousel, path: 'template.columns[0].actions', ok: [act(), act(), act()], bad: [act(), act(), act(), act()], message: 'Size must be between 1 and 3' },
  { rule: 'column actions are required', base: carousel, path: 'template.columns[0].actions', ok: [act()], bad: ABSENT, message: 'must be specified' },
]);

ruleTable('image carousel template', [
  { rule: 'columns are required', base: imageCarousel, path: 'template.columns', ok: [imageColumn], bad: ABSENT, message: 'must be specified' },
  { rule: 'columns max 10', base: imageCarousel, path: 'template.columns', ok: Array(10).fill(imageColumn), bad: Array(11).fill(imageColumn), message: 'Size must be between 1 and 10' },
  { rule: 'column imageUrl is required', base: imageCarousel, path: 'template.columns[0].imageUrl', ok: 'https://example.com/2.png', bad: ABSENT, message: 'must be specified' },
  { rule: 'column imageUrl is HTTPS', base: imageCarousel, path: 'template.columns[0].imageUrl', ok: 'https://example.com/2.png', bad: 'http://example.com/2.png', message: 'invalid uri scheme' },
  { rule: 'column imageUrl max 1000', base: imageCarousel, path: 'template.columns[0].imageUrl', ok: urlOf(1000), bad: urlOf(1001), message: 'Length must be between 0 and 1000' },
  { rule: 'column action is required', base: imageCarousel, path: 'template.columns[0].action', ok: { type: 'message', text: 'hi' }, bad: ABSENT, message: 'must be specified' },
  { rule: 'column action label optional, max 12', base: imageCarousel, path: 'template.columns[0].action.label', ok: chars(12), bad: chars(13), message: 'Length must be between 0 and 12' },
  { rule: 'column action label may be left out', base: imageCarousel, path: 'template.columns[0].action.label', ok: ABSENT, bad: 13, message: 'Must be a string' },
]);
