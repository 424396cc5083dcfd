// Message objects of type text, image, video, audio, location, sticker and imagemap, and the quick
// reply object (spec part B: "not shown"; the platform's published rules of that era).
import { ABSENT, chars, ruleTable, urlOf } from './harness.js';

const text = { type: 'text', text: 'Hello' };
const image = { type: 'image', originalContentUrl: 'https://example.com/a.jpg', previewImageUrl: 'https://example.com/p.jpg' };
const video = { type: 'video', originalContentUrl: 'https://example.com/a.mp4', previewImageUrl: 'https://example.com/p.jpg' };
const audio = { type: 'audio', originalContentUrl: 'https://example.com/a.m4a', duration: 60000 };
const location = {
  type: 'location',
  title: 'Office',
  address: '1-1 Somewhere',
  latitude: 35.65910807942215,
  longitude: 139.70372892916203,
};
const sticker = { type: 'sticker', packageId: '1', stickerId: '1' };
const imagemap = {
  type: 'imagemap',
  baseUrl: 'https://example.com/bot/images/rm001',
  altText: 'This is an imagemap',
  baseSize: { width: 1040, height: 1040 },
  actions: [
    { type: 'uri', linkUri: 'https://example.com/', area: { x: 0, y: 0, width: 520, height: 1040 } },
    { type: 'message', text: 'Hello', area: { x: 520, y: 0, width: 520, height: 1040 } },
  ],
};
const withQuickReply = {
  type: 'text',
  text: 'Pick one',
  quickReply: {
    items: [
      { type: 'action', imageUrl: 'https://example.com/i.png', action: { type: 'message', label: 'Sushi', text: 'Sushi' } },
      { type: 'action', action: { type: 'camera', label: 'Camera' } },
    ],
  },
};
const types =
  'Must be one of the following values: [text, image, video, audio, location, sticker, template, imagemap, textV2, coupon, flex]';

ruleTable('message type', [
  { rule: 'type is one of the message types', base: text, path: 'type', ok: 'text', bad: 'gif', message: types },
  { rule: 'type is required', base: sticker, path: 'type', ok: 'sticker', bad: ABSENT, message: 'must be specified' },
  { rule: 'type is a string', base: text, path: 'type', ok: 'text', bad: 1, message: types },
  { rule: 'unknown properties are rejected', base: text, path: 'color', ok: ABSENT, bad: '#ff0000', message: 'unknown property' },
  { rule: 'null is the same as absent', base: withQuickReply, path: 'quickReply', ok: null, bad: 'yes', message: 'Must be an object' },
  { rule: 'a message is an object', base: text, path: '', ok: text, bad: 'Hello', property: '', message: 'Must be an object' },
]);

ruleTable('text message', [
  { rule: 'text is required', base: text, path: 'text', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'text may not be empty', base: text, path: 'text', ok: 'x', bad: '', message: 'May not be empty' },
  {
    rule: 'text max 2000 characters',
    base: text,
    path: 'text',
    ok: chars(2000),
    bad: chars(2001),
    message: 'Length must be between 0 and 2000',
  },
  {
    rule: 'characters are code points',
    base: text,
    path: 'text',
    ok: chars(2000, '😀'),
    bad: chars(2001, '😀'),
    message: 'Length must be between 0 and 2000',
  },
  { rule: 'text is a string', base: text, path: 'text', ok: '42', bad: 42, message: 'Must be a string' },
]);

ruleTable('image message', [
  {
    rule: 'originalContentUrl is required',
    base: image,
    path: 'originalContentUrl',
    ok: 'https://example.com/b.jpg',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'originalContentUrl is HTTPS',
    base: image,
    path: 'originalContentUrl',
    ok: 'HTTPS://example.com/b.jpg',
    bad: 'http://example.com/b.jpg',
    message: 'invalid uri scheme',
  },
  {
    rule: 'originalContentUrl max 1000 characters',
    base: image,
    path: 'originalContentUrl',
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  {
    rule: 'originalContentUrl is a URL',
    base: image,
    path: 'originalContentUrl',
    ok: 'https://example.com/a%20b.jpg',
    bad: 'https://example.com/a b.jpg',
    message: 'invalid uri',
  },
  {
    rule: 'previewImageUrl is required',
    base: image,
    path: 'previewImageUrl',
    ok: 'https://example.com/q.jpg',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'previewImageUrl is HTTPS',
    base: image,
    path: 'previewImageUrl',
    ok: 'https://example.com/q.jpg',
    bad: 'ftp://example.com/q.jpg',
    message: 'invalid uri scheme',
  },
  {
    rule: 'previewImageUrl max 1000 characters',
    base: image,
    path: 'previewImageUrl',
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  {
    rule: 'previewImageUrl is absolute',
    base: image,
    path: 'previewImageUrl',
    ok: 'https://example.com/q.jpg',
    bad: '/q.jpg',
    message: 'invalid uri scheme',
  },
]);

ruleTable('video message', [
  {
    rule: 'originalContentUrl is required',
    base: video,
    path: 'originalContentUrl',
    ok: 'https://example.com/b.mp4',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'originalContentUrl is HTTPS',
    base: video,
    path: 'originalContentUrl',
    ok: 'https://example.com/b.mp4',
    bad: 'http://example.com/b.mp4',
    message: 'invalid uri scheme',
  },
  {
    rule: 'originalContentUrl max 1000 characters',
    base: video,
    path: 'originalContentUrl',
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  {
    rule: 'previewImageUrl is required',
    base: video,
    path: 'previewImageUrl',
    ok: 'https://example.com/q.jpg',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'previewImageUrl is HTTPS',
    base: video,
    path: 'previewImageUrl',
    ok: 'https://example.com/q.jpg',
    bad: 'http://example.com/q.jpg',
    message: 'invalid uri scheme',
  },
]);

ruleTable('audio message', [
  {
    rule: 'originalContentUrl is required',
    base: audio,
    path: 'originalContentUrl',
    ok: 'https://example.com/b.m4a',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'originalContentUrl is HTTPS',
    base: audio,
    path: 'originalContentUrl',
    ok: 'https://example.com/b.m4a',
    bad: 'http://example.com/b.m4a',
    message: 'invalid uri scheme',
  },
  { rule: 'duration is required', base: audio, path: 'duration', ok: 1000, bad: ABSENT, message: 'must be specified' },
  { rule: 'duration is a number of milliseconds', base: audio, path: 'duration', ok: 1500.5, bad: '1000', message: 'Must be a number' },
]);

ruleTable('location message', [
  { rule: 'title is required', base: location, path: 'title', ok: 'x', bad: ABSENT, message: 'must be specified' },
  {
    rule: 'title max 100 characters',
    base: location,
    path: 'title',
    ok: chars(100),
    bad: chars(101),
    message: 'Length must be between 0 and 100',
  },
  { rule: 'address is required', base: location, path: 'address', ok: 'x', bad: ABSENT, message: 'must be specified' },
  {
    rule: 'address max 100 characters',
    base: location,
    path: 'address',
    ok: chars(100),
    bad: chars(101),
    message: 'Length must be between 0 and 100',
  },
  { rule: 'latitude is required', base: location, path: 'latitude', ok: 0, bad: ABSENT, message: 'must be specified' },
  { rule: 'latitude is a number', base: location, path: 'latitude', ok: -33.5, bad: '35.6', message: 'Must be a number' },
  { rule: 'longitude is required', base: location, path: 'longitude', ok: 0, bad: ABSENT, message: 'must be specified' },
  { rule: 'longitude is a number', base: location, path: 'longitude', ok: 151.2, bad: true, message: 'Must be a number' },
]);

ruleTable('sticker message', [
  { rule: 'packageId is required', base: sticker, path: 'packageId', ok: '11537', bad: ABSENT, message: 'must be specified' },
  { rule: 'packageId is a string', base: sticker, path: 'packageId', ok: '11537', bad: 11537, message: 'Must be a string' },
  { rule: 'stickerId is required', base: sticker, path: 'stickerId', ok: '52002734', bad: ABSENT, message: 'must be specified' },
  { rule: 'stickerId may not be empty', base: sticker, path: 'stickerId', ok: '52002734', bad: '', message: 'May not be empty' },
]);

ruleTable('imagemap message', [
  {
    rule: 'baseUrl is required',
    base: imagemap,
    path: 'baseUrl',
    ok: 'https://example.com/rm002',
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'baseUrl is HTTPS',
    base: imagemap,
    path: 'baseUrl',
    ok: 'https://example.com/rm002',
    bad: 'http://example.com/rm002',
    message: 'invalid uri scheme',
  },
  {
    rule: 'baseUrl max 1000 characters',
    base: imagemap,
    path: 'baseUrl',
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  { rule: 'altText is required', base: imagemap, path: 'altText', ok: 'x', bad: ABSENT, message: 'must be specified' },
  {
    rule: 'altText max 400 characters',
    base: imagemap,
    path: 'altText',
    ok: chars(400),
    bad: chars(401),
    message: 'Length must be between 0 and 400',
  },
  {
    rule: 'baseSize is required',
    base: imagemap,
    path: 'baseSize',
    ok: { width: 1040, height: 520 },
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'baseSize.width is 1040',
    base: imagemap,
    path: 'baseSize.width',
    ok: 1040,
    bad: 1024,
    message: 'Must be one of the following values: [1040]',
  },
  {
    rule: 'baseSize.height is a pixel count',
    base: imagemap,
    path: 'baseSize.height',
    ok: 1,
    bad: 0,
    message: 'Must be greater than or equal to 1',
  },
  {
    rule: 'actions: 1 to 50',
    base: imagemap,
    path: 'actions',
    ok: Array(50).fill(imagemap.actions[1]),
    bad: Array(51).fill(imagemap.actions[1]),
    message: 'Size must be between 1 and 50',
  },
  {
    rule: 'actions are uri or message',
    base: imagemap,
    path: 'actions[0].type',
    ok: 'uri',
    bad: 'postback',
    message: 'Must be one of the following values: [uri, message]',
  },
  {
    rule: 'uri action: linkUri schemes',
    base: imagemap,
    path: 'actions[0].linkUri',
    ok: 'tel:0312345678',
    bad: 'javascript:alert(1)',
    message: 'invalid uri scheme',
  },
  {
    rule: 'uri action: linkUri max 1000',
    base: imagemap,
    path: 'actions[0].linkUri',
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  {
    rule: 'uri action: label max 50',
    base: imagemap,
    path: 'actions[0].label',
    ok: chars(50),
    bad: chars(51),
    message: 'Length must be between 0 and 50',
  },
  {
    rule: 'message action: text max 400',
    base: imagemap,
    path: 'actions[1].text',
    ok: chars(400),
    bad: chars(401),
    message: 'Length must be between 0 and 400',
  },
  {
    rule: 'area is required',
    base: imagemap,
    path: 'actions[1].area',
    ok: { x: 0, y: 0, width: 1, height: 1 },
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'area.x is a non-negative integer',
    base: imagemap,
    path: 'actions[1].area.x',
    ok: 0,
    bad: -1,
    message: 'Must be greater than or equal to 0',
  },
  { rule: 'area.width is an integer', base: imagemap, path: 'actions[1].area.width', ok: 10, bad: 10.5, message: 'Must be an integer' },
]);

ruleTable('quick reply', [
  {
    rule: 'items: 1 to 13',
    base: withQuickReply,
    path: 'quickReply.items',
    ok: Array(13).fill(withQuickReply.quickReply.items[0]),
    bad: Array(14).fill(withQuickReply.quickReply.items[0]),
    message: 'Size must be between 1 and 13',
  },
  {
    rule: 'items at least 1',
    base: withQuickReply,
    path: 'quickReply.items',
    ok: [withQuickReply.quickReply.items[1]],
    bad: [],
    message: 'Size must be between 1 and 13',
  },
  {
    rule: 'items is required',
    base: withQuickReply,
    path: 'quickReply.items',
    ok: [withQuickReply.quickReply.items[1]],
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'item type is action',
    base: withQuickReply,
    path: 'quickReply.items[0].type',
    ok: 'action',
    bad: 'button',
    message: 'Must be one of the following values: [action]',
  },
  {
    rule: 'item action is required',
    base: withQuickReply,
    path: 'quickReply.items[0].action',
    ok: { type: 'location', label: 'Where' },
    bad: ABSENT,
    message: 'must be specified',
  },
  {
    rule: 'item imageUrl is HTTPS',
    base: withQuickReply,
    path: 'quickReply.items[0].imageUrl',
    ok: 'https://example.com/x.png',
    bad: 'http://example.com/x.png',
    message: 'invalid uri scheme',
  },
  {
    rule: 'item imageUrl max 1000',
    base: withQuickReply,
    path: 'quickReply.items[0].imageUrl',
    ok: urlOf(1000),
    bad: urlOf(1001),
    message: 'Length must be between 0 and 1000',
  },
  {
    rule: 'quick reply on any message kind',
    base: sticker,
    path: 'quickReply',
    ok: withQuickReply.quickReply,
    bad: { items: [] },
    property: 'quickReply.items',
    message: 'Size must be between 1 and 13',
  },
]);
