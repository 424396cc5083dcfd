/**
 * Building blocks of the message object schemas (spec part B "Message objects"): closed objects,
 * enums, lengths, URLs, colors, pixel numbers.
 */
import { Type, type ObjectOptions, type SchemaOptions, type TProperties } from '@sinclair/typebox';

/**
 * The platform's own app URL scheme, `<app_scheme>` in the spec's uri action ("allowed schemes
 * `http`, `https`, `tel` and the platform's own app URL scheme"). In embedkit it is `embedkit`, so
 * `embedkit://...` URIs are accepted where the platform accepts its app scheme.
 */
export const APP_SCHEME = 'embedkit';

/** Schemes of a uri action and of an imagemap uri action (spec "Action objects", `uri`). */
export const ACTION_URI_SCHEMES = ['http', 'https', 'tel', APP_SCHEME] as const;

/** Longest URL the platform takes anywhere in a message object: 1000 characters. */
export const MAX_URL_LENGTH = 1000;

/**
 * A closed object: a property the platform does not define is rejected with `unknown property` at
 * that property (the platform refuses it too, with a single top-level message; embedkit lists it
 * among the details, see docs/platform/message-validation.md).
 */
export function Obj<P extends TProperties>(properties: P, options: ObjectOptions = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** One of a fixed set of values: `Must be one of the following values: [a, b]` otherwise. */
export function Enum<const T extends readonly (string | number)[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ enum: [...values], ...options });
}

/** A required, non-empty string of at most `max` UTF-16 code units (`May not be empty`, `Length must be between 0 and max`). */
export function Str(max?: number, options: SchemaOptions = {}) {
  return Type.String({ minLength: 1, ...(max === undefined ? {} : { maxLength: max }), ...options });
}

/** A string of at most `max` characters that may be empty (optional labels, titles). */
export function ShortStr(max: number, options: SchemaOptions = {}) {
  return Type.String({ maxLength: max, ...options });
}

/** An HTTPS URL of at most 1000 characters (images, icons, thumbnails, media; spec "HTTPS; max 1000 chars"). */
export function HttpsUrl(description?: string) {
  return Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH, uriSchemes: ['https'], ...(description ? { description } : {}) });
}

/** The URI of a uri action: max 1000 characters, scheme `http`, `https`, `tel` or {@link APP_SCHEME}. */
export function ActionUri(description?: string) {
  return Type.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    uriSchemes: [...ACTION_URI_SCHEMES],
    ...(description ? { description } : {}),
  });
}

/** `#RRGGBB` (spec: "RGB hex", "hex color codes"). */
export function HexColor(description?: string) {
  return Type.String({
    pattern: '^#[0-9A-Fa-f]{6}$',
    platformErrors: { pattern: 'Must be a hex color code (#RRGGBB)' },
    ...(description ? { description } : {}),
  });
}

/** An integer of at least `min` (pixels, flex ratios, line counts). */
export function Int(min: number, description?: string) {
  return Type.Integer({ minimum: min, ...(description ? { description } : {}) });
}
