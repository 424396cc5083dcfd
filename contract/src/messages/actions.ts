/**
 * Action objects (spec part B "Action objects"), one schema per place an action can be in, because
 * the spec's label rules and the allowed action types depend on the place:
 *
 * | place | label | action types |
 * |---|---|---|
 * | template (buttons, confirm, carousel; also `defaultAction`) | required, max 20 | postback, message, uri, datetimepicker |
 * | image carousel template | optional, max 12 | same |
 * | rich menu area | optional, max 20 | same |
 * | quick reply button | required, max 20 | same plus camera, cameraRoll, location; postback needs `displayText`, has no `text` |
 * | flex button component | required, max 20 | postback, message, uri, datetimepicker |
 * | flex box, image, text component | optional (shown nowhere), max 20 | same |
 *
 * A missing or empty label where one is required is worded as the platform does,
 * "`label` must be specified", at the action's path.
 */
import { Type, type ObjectOptions, type Static, type TSchema } from '@sinclair/typebox';
import { ActionUri, Enum, Obj, ShortStr, Str } from './common.js';

/** The three modes of a datetimepicker action. */
export const DATETIME_MODES = ['date', 'time', 'datetime'] as const;

const DATE = '(19[0-9]{2}|20[0-9]{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]';

/**
 * Format and range of `initial`, `max` and `min` per mode (spec "Date and time formats", RFC 3339
 * pieces): the pattern and the error text. Calendar validity (no 2019-02-30) is checked in rules.ts.
 */
export const DATETIME_FORMATS: Record<(typeof DATETIME_MODES)[number], { pattern: string; message: string }> = {
  date: { pattern: `^${DATE}$`, message: 'Must be a date in the format YYYY-MM-DD from 1900-01-01 to 2100-12-31' },
  time: { pattern: `^${TIME}$`, message: 'Must be a time in the format HH:mm from 00:00 to 23:59' },
  datetime: {
    pattern: `^${DATE}[Tt]${TIME}$`,
    message: 'Must be a date and time in the format YYYY-MM-DDTHH:mm from 1900-01-01T00:00 to 2100-12-31T23:59',
  },
};

const LABEL_MISSING = '`label` must be specified';

/** A label that must be given, max 20 characters (templates, quick reply buttons, flex buttons). */
const RequiredLabel = Type.String({
  minLength: 1,
  maxLength: 20,
  description: 'Required here, max 20 characters (spec "Action objects", label rules).',
  platformErrors: { minLength: { message: LABEL_MISSING, at: 'parent' } },
});
const REQUIRED_LABEL: ObjectOptions = { platformErrors: { required: { label: LABEL_MISSING } } };

function optionalLabel(max: number) {
  return Type.Optional(ShortStr(max, { description: `Optional here, max ${max} characters (spec "Action objects", label rules).` }));
}

const datetimeFormats = DATETIME_MODES.map((mode) => {
  const value = { type: 'string', pattern: DATETIME_FORMATS[mode].pattern, platformErrors: { pattern: DATETIME_FORMATS[mode].message } };
  return {
    if: { properties: { mode: { const: mode } }, required: ['mode'] },
    then: { properties: { initial: value, max: value, min: value } },
  };
});

/** Postback: `displayText` and `text` cannot both be set (reported at the action). */
const NOT_BOTH_TEXTS = {
  if: { properties: { displayText: true }, required: ['displayText'] },
  then: {
    properties: { text: { not: {}, platformErrors: { not: { message: '`displayText` and `text` cannot both be set', at: 'parent' } } } },
  },
};

/** The four actions usable everywhere, with the label schema of one place. */
function commonActions<L extends TSchema>(label: L, options: ObjectOptions) {
  return {
    postback: Obj(
      {
        type: Type.Literal('postback'),
        label,
        data: Str(300, { description: 'Returned in postback.data of the postback event; max 300 characters.' }),
        displayText: Type.Optional(Str(300, { description: "Shown as the user's message; max 300. Not with `text`." })),
        text: Type.Optional(Str(300, { description: "Deprecated: sent as the user's message; max 300. Not with `displayText`." })),
      },
      { ...options, ...NOT_BOTH_TEXTS },
    ),
    message: Obj(
      { type: Type.Literal('message'), label, text: Str(300, { description: "Sent as the user's message; max 300 characters." }) },
      options,
    ),
    uri: Obj(
      { type: Type.Literal('uri'), label, uri: ActionUri('Max 1000 characters; schemes http, https, tel and embedkit (the app scheme).') },
      options,
    ),
    datetimepicker: Obj(
      {
        type: Type.Literal('datetimepicker'),
        label,
        data: Str(300, { description: 'Returned in postback.data; max 300 characters.' }),
        mode: Enum(DATETIME_MODES, { description: 'date: YYYY-MM-DD, time: HH:mm, datetime: YYYY-MM-DDTHH:mm.' }),
        initial: Type.Optional(Type.String({ description: 'Initial value, in the format of the mode.' })),
        max: Type.Optional(Type.String({ description: 'Largest selectable value, in the format of the mode; greater than min.' })),
        min: Type.Optional(Type.String({ description: 'Smallest selectable value, in the format of the mode; less than max.' })),
      },
      { ...options, allOf: datetimeFormats },
    ),
  };
}

const required = commonActions(RequiredLabel, REQUIRED_LABEL);
const optional12 = commonActions(optionalLabel(12), {});
const optional20 = commonActions(optionalLabel(20), {});

/** Postback action (spec "Action objects", `postback`), as in a template: label required, max 20. */
export const PostbackActionSchema = required.postback;
/** Message action (`message`), as in a template. */
export const MessageActionSchema = required.message;
/** URI action (`uri`), as in a template. */
export const UriActionSchema = required.uri;
/** Datetime picker action (`datetimepicker`), as in a template. */
export const DatetimePickerActionSchema = required.datetimepicker;

/** Camera action: quick reply only; label required, max 20. */
export const CameraActionSchema = Obj({ type: Type.Literal('camera'), label: RequiredLabel }, REQUIRED_LABEL);
/** Camera roll action: quick reply only; label required, max 20. */
export const CameraRollActionSchema = Obj({ type: Type.Literal('cameraRoll'), label: RequiredLabel }, REQUIRED_LABEL);
/** Location action: quick reply only; label required, max 20. */
export const LocationActionSchema = Obj({ type: Type.Literal('location'), label: RequiredLabel }, REQUIRED_LABEL);

/** Postback action of a quick reply button: `displayText` is required and `text` is not allowed. */
export const QuickReplyPostbackActionSchema = Obj(
  {
    type: Type.Literal('postback'),
    label: RequiredLabel,
    data: Str(300, { description: 'Returned in postback.data of the postback event; max 300 characters.' }),
    displayText: Str(300, { description: "Required in quick reply: shown as the user's message; max 300." }),
  },
  { platformErrors: { required: { label: LABEL_MISSING, displayText: '`displayText` must be specified' } } },
);

/** Action of a template other than the image carousel (and of its `defaultAction`), and of a flex button: label required, max 20. */
export const TemplateActionSchema = Type.Union([required.postback, required.message, required.uri, required.datetimepicker]);
/** Action of an image carousel column: label optional, max 12. */
export const ImageCarouselActionSchema = Type.Union([optional12.postback, optional12.message, optional12.uri, optional12.datetimepicker]);
/** Action of a rich menu area, and of a flex box, image or text component: label optional, max 20. */
export const RichMenuActionSchema = Type.Union([optional20.postback, optional20.message, optional20.uri, optional20.datetimepicker]);
/**
 * Rich menu switch action (the platform's published `richmenuswitch`): only in rich menu
 * areas. `richMenuAliasId` is the alias to switch to (max 32), `data` comes back in the postback
 * (max 300), `label` optional, max 20.
 */
export const RichMenuSwitchActionSchema = Obj({
  type: Type.Literal('richmenuswitch'),
  label: optionalLabel(20),
  richMenuAliasId: Str(32, { description: 'The alias of the rich menu to switch to; max 32 characters.' }),
  data: Str(300, { description: 'Returned in postback.data; max 300 characters.' }),
});
/** Action of a rich menu area: those of {@link RichMenuActionSchema} and `richmenuswitch`. */
export const RichMenuAreaActionSchema = Type.Union([
  optional20.postback,
  optional20.message,
  optional20.uri,
  optional20.datetimepicker,
  RichMenuSwitchActionSchema,
]);
/** Action of a flex button component: label required, max 20. */
export const FlexButtonActionSchema = TemplateActionSchema;
/** Action of a flex box, image or text component: label optional (shown nowhere), max 20. */
export const FlexComponentActionSchema = RichMenuActionSchema;
/** Action of a quick reply button: every action type, label required, max 20. */
export const QuickReplyActionSchema = Type.Union([
  QuickReplyPostbackActionSchema,
  required.message,
  required.uri,
  required.datetimepicker,
  CameraActionSchema,
  CameraRollActionSchema,
  LocationActionSchema,
]);

/** Any action object, with the label optional (see the place-specific types for the label rules). */
export const ActionSchema = Type.Union([
  optional20.postback,
  optional20.message,
  optional20.uri,
  optional20.datetimepicker,
  CameraActionSchema,
  CameraRollActionSchema,
  LocationActionSchema,
]);

/** Action in a buttons, confirm or carousel template (and its `defaultAction`), or a flex button: postback, message, uri or datetimepicker; `label` required, max 20 (spec "Action objects", label rules). */
export type TemplateAction = Static<typeof TemplateActionSchema>;
/** Action of an image carousel column: `label` optional, max 12 (spec "Action objects", label rules). */
export type ImageCarouselAction = Static<typeof ImageCarouselActionSchema>;
/** Action of a rich menu area or of a flex box, image or text component: `label` optional, max 20 (spec "Action objects", label rules). */
export type RichMenuAction = Static<typeof RichMenuActionSchema>;
/** Action of a quick reply button: any type, camera/cameraRoll/location included (quick reply only); `label` required, max 20; a postback needs `displayText` and has no `text` (spec "Action objects"). */
export type QuickReplyAction = Static<typeof QuickReplyActionSchema>;
