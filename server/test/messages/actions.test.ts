// Action objects (spec part B "Action objects"): the label rules by place, each action type, and
// the quick-reply-only actions.
import { ABSENT, chars, ruleTable, urlOf } from './harness.js';

const postback = { type: 'postback', label: 'Buy', data: 'action=buy&itemid=111' };
const message = { type: 'message', label: 'Yes', text: 'yes' };
const uri = { type: 'uri', label: 'View details', uri: 'https://example.com/page/222' };
const picker = { type: 'datetimepicker', label: 'Select date', data: 'storeId=12345', mode: 'datetime', initial: '2017-12-25t00:00', max: '2018-01-24t23:59', min: '2017-12-25t00:00' };
/** A buttons template whose first action is `action`. */
const inTemplate = (action: unknown) => ({ type: 'template', altText: 'alt', template: { type: 'buttons', text: 'Pick', actions: [action] } });
/** A quick reply whose first button has `action`. */
const inQuickReply = (action: unknown) => ({ type: 'text', text: 'Pick', quickReply: { items: [{ type: 'action', action }] } });
const inFlexButton = (action: unknown) => ({
  type: 'flex',
  altText: 'alt',
  contents: { type: 'bubble', footer: { type: 'box', layout: 'vertical', contents: [{ type: 'button', action }] } },
});
const inFlexBox = (action: unknown) => ({
  type: 'flex',
  altText: 'alt',
  contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [], action } },
});
const inImageCarousel = (action: unknown) => ({ type: 'template', altText: 'alt', template: { type: 'image_carousel', columns: [{ imageUrl: 'https://example.com/a.png', action }] } });
const actionTypes = 'Must be one of the following values: [postback, message, uri, datetimepicker]';
const LABEL = '`label` must be specified';

ruleTable('label rules by place', [
  { rule: 'template: label required', base: inTemplate(postback), path: 'template.actions[0].label', ok: 'Buy', bad: ABSENT, property: 'template.actions[0]', message: LABEL },
  { rule: 'template: label not empty', base: inTemplate(message), path: 'template.actions[0].label', ok: 'Y', bad: '', property: 'template.actions[0]', message: LABEL },
  { rule: 'template: label max 20', base: inTemplate(uri), path: 'template.actions[0].label', ok: chars(20), bad: chars(21), message: 'Length must be between 0 and 20' },
  { rule: 'template defaultAction: label required', base: { ...inTemplate(postback), template: { ...inTemplate(postback).template, defaultAction: uri } }, path: 'template.defaultAction.label', ok: 'View', bad: ABSENT, property: 'template.defaultAction', message: LABEL },
  { rule: 'image carousel: label optional', base: inImageCarousel(postback), path: 'template.columns[0].action.label', ok: ABSENT, bad: chars(13), message: 'Length must be between 0 and 12' },
  { rule: 'image carousel: label max 12', base: inImageCarousel(uri), path: 'template.columns[0].action.label', ok: chars(12), bad: chars(13), message: 'Length must be between 0 and 12' },
  { rule: 'quick reply: label required', base: inQuickReply(message), path: 'quickReply.items[0].action.label', ok: 'Yes', bad: ABSENT, property: 'quickReply.items[0].action', message: LABEL },
  { rule: 'quick reply: label max 20', base: inQuickReply(message), path: 'quickReply.items[0].action.label', ok: chars(20), bad: chars(21), message: 'Length must be between 0 and 20' },
  { rule: 'quick reply camera: label required', base: inQuickReply({ type: 'camera', label: 'Camera' }), path: 'quickReply.items[0].action.label', ok: 'Camera', bad: '', property: 'quickReply.items[0].action', message: LABEL },
  { rule: 'flex button: label required', base: inFlexButton(uri), path: 'contents.footer.contents[0].action.label', ok: 'Go', bad: ABSENT, property: 'contents.footer.contents[0].action', message: LABEL },
  { rule: 'flex button: label max 20', base: inFlexButton(uri), path: 'contents.footer.contents[0].action.label', ok: chars(20), bad: chars(21), message: 'Length must be between 0 and 20' },
  { rule: 'flex box: label optional, max 20', base: inFlexBox(uri), path: 'contents.body.action.label', ok: ABSENT, bad: chars(21), message: 'Length must be between 0 and 20' },
]);

ruleTable('postback action', [
  { rule: 'data is required', base: inTemplate(postback), path: 'template.actions[0].data', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'data max 300', base: inTemplate(postback), path: 'template.actions[0].data', ok: chars(300), bad: chars(301), message: 'Length must be between 0 and 300' },
  { rule: 'displayText max 300', base: inTemplate(postback), path: 'template.actions[0].displayText', ok: chars(300), bad: chars(301), message: 'Length must be between 0 and 300' },
  { rule: 'text max 300', base: inTemplate(postback), path: 'template.actions[0].text', ok: chars(300), bad: chars(301), message: 'Length must be between 0 and 300' },
  {
    rule: 'displayText and text cannot both be set',
    base: inTemplate({ ...postback, displayText: 'Buy it' }),
    path: 'template.actions[0].text',
    ok: ABSENT,
    bad: 'buy',
    property: 'template.actions[0]',
    message: '`displayText` and `text` cannot both be set',
  },
  { rule: 'quick reply: displayText required', base: inQuickReply({ ...postback, displayText: 'Buy' }), path: 'quickReply.items[0].action.displayText', ok: 'Buy it', bad: ABSENT, property: 'quickReply.items[0].action', message: '`displayText` must be specified' },
  { rule: 'quick reply: no text', base: inQuickReply({ ...postback, displayText: 'Buy' }), path: 'quickReply.items[0].action.text', ok: ABSENT, bad: 'buy', message: 'unknown property' },
]);

ruleTable('message action', [
  { rule: 'text is required', base: inTemplate(message), path: 'template.actions[0].text', ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'text max 300', base: inTemplate(message), path: 'template.actions[0].text', ok: chars(300), bad: chars(301), message: 'Length must be between 0 and 300' },
  { rule: 'text may not be empty', base: inTemplate(message), path: 'template.actions[0].text', ok: 'x', bad: '', message: 'May not be empty' },
]);

ruleTable('uri action', [
  { rule: 'uri is required', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'https://example.com/', bad: ABSENT, message: 'must be specified' },
  { rule: 'uri max 1000', base: inTemplate(uri), path: 'template.actions[0].uri', ok: urlOf(1000), bad: urlOf(1001), message: 'Length must be between 0 and 1000' },
  { rule: 'scheme http allowed', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'http://example.com/', bad: 'javascript:alert(1)', message: 'invalid uri scheme' },
  { rule: 'scheme tel allowed', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'tel:09001234567', bad: 'mailto:a@example.com', message: 'invalid uri scheme' },
  { rule: 'app scheme allowed', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'embedkit://app/1650000001-demoapp1', bad: 'line://app/1650000001-demoapp1', message: 'invalid uri scheme' },
  { rule: 'JavaScript refused in any case', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'https://example.com/?q=javascript:', bad: 'JaVaScRiPt:alert(1)', message: 'invalid uri scheme' },
  { rule: 'a relative URI is refused', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'https://example.com/page', bad: '/page', message: 'invalid uri scheme' },
  { rule: 'an http URI needs a host', base: inTemplate(uri), path: 'template.actions[0].uri', ok: 'https://example.com', bad: 'https:///path', message: 'invalid uri' },
  { rule: 'in a rich-menu-like place (flex box) too', base: inFlexBox(uri), path: 'contents.body.action.uri', ok: 'tel:117', bad: 'file:///etc/passwd', message: 'invalid uri scheme' },
]);

const at = (field: string) => `template.actions[0].${field}`;
const date = { ...picker, mode: 'date', initial: '2017-12-25', max: '2018-01-24', min: '2017-12-25' };
const time = { ...picker, mode: 'time', initial: '10:00', max: '23:00', min: '00:00' };
ruleTable('datetimepicker action', [
  { rule: 'data is required', base: inTemplate(picker), path: at('data'), ok: 'x', bad: ABSENT, message: 'must be specified' },
  { rule: 'data max 300', base: inTemplate(picker), path: at('data'), ok: chars(300), bad: chars(301), message: 'Length must be between 0 and 300' },
  { rule: 'mode is required', base: inTemplate(picker), path: at('mode'), ok: 'datetime', bad: ABSENT, message: 'must be specified' },
  { rule: 'mode date, time or datetime', base: inTemplate(date), path: at('mode'), ok: 'date', bad: 'month', message: 'Must be one of the following values: [date, time, datetime]' },
  { rule: 'date: full-date', base: inTemplate(date), path: at('initial'), ok: '2000-02-29', bad: '2017/12/25', message: 'Must be a date in the format YYYY-MM-DD from 1900-01-01 to 2100-12-31' },
  { rule: 'date: a calendar day', base: inTemplate(date), path: at('initial'), ok: '2017-12-31', bad: '2018-02-29', message: 'Must be a date in the format YYYY-MM-DD from 1900-01-01 to 2100-12-31' },
  { rule: 'date: from 1900-01-01', base: inTemplate(date), path: at('min'), ok: '1900-01-01', bad: '1899-12-31', message: 'Must be a date in the format YYYY-MM-DD from 1900-01-01 to 2100-12-31' },
  { rule: 'date: to 2100-12-31', base: inTemplate(date), path: at('max'), ok: '2100-12-31', bad: '2101-01-01', message: 'Must be a date in the format YYYY-MM-DD from 1900-01-01 to 2100-12-31' },
  { rule: 'time: hour:minute', base: inTemplate(time), path: at('initial'), ok: '23:59', bad: '24:00', message: 'Must be a time in the format HH:mm from 00:00 to 23:59' },
  { rule: 'time: no seconds', base: inTemplate(time), path: at('min'), ok: '00:00', bad: '00:00:00', message: 'Must be a time in the format HH:mm from 00:00 to 23:59' },
  {
    rule: 'datetime: date T time',
    base: inTemplate(picker),
    path: at('initial'),
    ok: '2018-01-01T12:00',
    bad: '2018-01-01 12:00',
    message: 'Must be a date and time in the format YYYY-MM-DDTHH:mm from 1900-01-01T00:00 to 2100-12-31T23:59',
  },
  {
    rule: 'datetime: to 2100-12-31T23:59',
    base: inTemplate({ ...picker, max: undefined }),
    path: at('max'),
    ok: '2100-12-31T23:59',
    bad: '2100-12-31T24:00',
    message: 'Must be a date and time in the format YYYY-MM-DDTHH:mm from 1900-01-01T00:00 to 2100-12-31T23:59',
  },
  { rule: 'max greater than min (date)', base: inTemplate(date), path: at('max'), ok: '2017-12-26', bad: '2017-12-25', message: 'Must be greater than min' },
  { rule: 'max greater than min (time)', base: inTemplate(time), path: at('min'), ok: '22:59', bad: '23:00', property: at('max'), message: 'Must be greater than min' },
  { rule: 'max greater than min (datetime, t or T)', base: inTemplate(picker), path: at('min'), ok: '2018-01-24T23:58', bad: '2018-01-24T23:59', property: at('max'), message: 'Must be greater than min' },
]);

const qrTypes = 'Must be one of the following values: [postback, message, uri, datetimepicker, camera, cameraRoll, location]';
ruleTable('camera, cameraRoll and location: quick reply only', [
  { rule: 'camera in quick reply', base: inTemplate(message), path: '', ok: inQuickReply({ type: 'camera', label: 'Camera' }), bad: inTemplate({ type: 'camera', label: 'Camera' }), property: 'template.actions[0].type', message: actionTypes },
  { rule: 'cameraRoll in quick reply', base: inTemplate(message), path: '', ok: inQuickReply({ type: 'cameraRoll', label: 'Photos' }), bad: inFlexButton({ type: 'cameraRoll', label: 'Photos' }), property: 'contents.footer.contents[0].action.type', message: actionTypes },
  { rule: 'location in quick reply', base: inTemplate(message), path: '', ok: inQuickReply({ type: 'location', label: 'Where' }), bad: inImageCarousel({ type: 'location', label: 'Where' }), property: 'template.columns[0].action.type', message: actionTypes },
  { rule: 'cameraRoll label max 20', base: inQuickReply({ type: 'cameraRoll', label: 'Photos' }), path: 'quickReply.items[0].action.label', ok: chars(20), bad: chars(21), message: 'Length must be between 0 and 20' },
  { rule: 'quick reply action types', base: inQuickReply(message), path: 'quickReply.items[0].action.type', ok: 'message', bad: 'richmenuswitch', message: qrTypes },
  { rule: 'location action has only a label', base: inQuickReply({ type: 'location', label: 'Where' }), path: 'quickReply.items[0].action.uri', ok: ABSENT, bad: 'https://example.com', message: 'unknown property' },
]);
