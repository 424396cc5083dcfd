/**
 * Cross-field rules of message objects that a JSON Schema cannot say (or not clearly): pure
 * functions over a parsed body that append error details. They run on every body, valid or not,
 * and only judge the parts that are well typed (the schema reports the rest). A property whose
 * value is `null` counts as absent.
 *
 * - flex containers: a bubble at most 10KB, a carousel at most 50KB (spec "Limits"), measured as
 *   the UTF-8 bytes of the container's compact JSON (as `JSON.stringify` writes it, `null`
 *   properties left out), 1KB = 1024 bytes;
 * - datetimepicker: `initial`, `max`, `min` are real calendar dates (no 2019-02-30; the schema checks
 *   the format and range per mode), and `max` is greater than `min`;
 * - rich menu: every area lies within the menu's size.
 *
 * The walk is one pass over the body that also reports what the validator needs to know before
 * Ajv runs: whether a `null` property occurs, and whether the nesting exceeds a limit (the walk
 * stops there).
 */
import type { ErrorDetail } from '../errors.js';
import { DATETIME_FORMATS, DATETIME_MODES } from './actions.js';
import { MAX_BUBBLE_BYTES, MAX_CAROUSEL_BYTES } from './flex.js';
import { SUBSTITUTION_KEY } from './basic.js';

type Path = (string | number)[];
type Json = Record<string, unknown>;

/** What the rules pass saw besides the rules. */
export interface BodyFacts {
  /** Some object property has the value `null`. */
  hasNull: boolean;
  /** Path of the first array or object at the nesting limit, or null; the walk stopped there. */
  tooDeepAt: Path | null;
}

/** `['messages', 0, 'text']` as the platform writes it: `messages[0].text`. */
export function pathToProperty(path: Path): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function push(out: ErrorDetail[], message: string, path: Path): void {
  const property = pathToProperty(path);
  out.push(property ? { message, property } : { message });
}

interface Walk {
  out: ErrorDetail[];
  path: Path;
  maxDepth: number;
  facts: BodyFacts;
}

/**
 * The rules of message objects anywhere in a body (`{messages}`, `{message}`, reply, push and
 * multicast bodies, a single message): flex container sizes and datetimepicker values.
 * @param out details are appended here
 * @param maxDepth arrays and objects at this depth (the body is depth 0) stop the walk
 */
export function messageRules(body: unknown, out: ErrorDetail[], maxDepth = Infinity): BodyFacts {
  const walk: Walk = { out, path: [], maxDepth, facts: { hasNull: false, tooDeepAt: null } };
  visit(body, walk, 0);
  return walk.facts;
}

/** Visits a value, applies the rules of the objects in it, and answers its JSON size in bytes. */
function visit(node: unknown, w: Walk, depth: number): number {
  if (typeof node !== 'object' || node === null) return scalarBytes(node);
  if (depth >= w.maxDepth) {
    w.facts.tooDeepAt = [...w.path];
    return 0;
  }
  if (Array.isArray(node)) {
    let n = 2 + Math.max(node.length - 1, 0);
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      if (typeof item === 'object' && item !== null) {
        w.path.push(i);
        n += visit(item, w, depth + 1);
        w.path.pop();
        if (w.facts.tooDeepAt) return n;
      } else n += scalarBytes(item);
    }
    return n;
  }
  const o = node as Json;
  let n = 2;
  let first = true;
  for (const key in o) {
    const item = o[key];
    if (item === null) {
      w.facts.hasNull = true;
      continue;
    }
    let size: number;
    if (typeof item === 'object') {
      w.path.push(key);
      size = visit(item, w, depth + 1);
      w.path.pop();
      if (w.facts.tooDeepAt) return n;
    } else size = scalarBytes(item);
    n += (first ? 0 : 1) + keyPart(key) + size;
    first = false;
  }
  switch (o.type) {
    case 'bubble':
      if (n > MAX_BUBBLE_BYTES)
        push(w.out, `Size must be at most 10KB (${MAX_BUBBLE_BYTES} bytes of UTF-8 JSON); this bubble is ${n} bytes`, w.path);
      break;
    case 'carousel':
      // A flex carousel (a template carousel has `columns`).
      if (Array.isArray(o.contents) && n > MAX_CAROUSEL_BYTES)
        push(w.out, `Size must be at most 50KB (${MAX_CAROUSEL_BYTES} bytes of UTF-8 JSON); this carousel is ${n} bytes`, w.path);
      break;
    case 'datetimepicker':
      datetimepicker(o, w.path, w.out);
      break;
    case 'textV2':
      textV2(o, w.path, w.out);
      break;
  }
  return n;
}

function scalarBytes(v: unknown): number {
  switch (typeof v) {
    case 'string':
      return stringBytes(v);
    case 'number':
      return Number.isInteger(v) && v >= 0 && v < 1e9 ? digits(v) : Number.isFinite(v) ? String(v).length : 4;
    case 'boolean':
      return v ? 4 : 5;
    default:
      return 4; // null
  }
}

function digits(v: number): number {
  let n = 1;
  while (v >= 10) {
    v = Math.floor(v / 10);
    n++;
  }
  return n;
}

const keyBytes = new Map<string, number>();

/** Bytes of `"key":` (keys repeat: `type`, `contents`, ...). */
function keyPart(key: string): number {
  let n = keyBytes.get(key);
  if (n === undefined) {
    n = stringBytes(key) + 1;
    if (keyBytes.size < 1000) keyBytes.set(key, n);
  }
  return n;
}

/** UTF-8 bytes of `JSON.stringify(s)` (quotes and escapes included), without building it. */
function stringBytes(s: string): number {
  let n = s.length + 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) {
      if (c === 0x22 || c === 0x5c) n += 1;
    } else if (c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) n += 1;
    else if (c < 0x20) n += 5;
    else if (c < 0x80) continue;
    else if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // 4 bytes for two UTF-16 units
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff)
      n += 5; // a lone surrogate is written as \uXXXX
    else n += 2;
  }
  return n;
}

const FORMAT_RE = Object.fromEntries(DATETIME_MODES.map((m) => [m, new RegExp(DATETIME_FORMATS[m].pattern)])) as Record<
  (typeof DATETIME_MODES)[number],
  RegExp
>;

function isMode(mode: unknown): mode is (typeof DATETIME_MODES)[number] {
  return mode === 'date' || mode === 'time' || mode === 'datetime';
}

/** True when the `YYYY-MM-DD` at the start of `value` is a day of the calendar. */
function realDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** Calendar validity of initial/max/min, and max > min (spec "Date and time formats"). */
function datetimepicker(action: Json, path: Path, out: ErrorDetail[]): void {
  const mode = action.mode;
  if (!isMode(mode)) return;
  const valid: Record<string, string | undefined> = {};
  for (const field of ['initial', 'max', 'min'] as const) {
    const value = action[field];
    if (typeof value !== 'string' || !FORMAT_RE[mode].test(value)) continue;
    if (mode !== 'time' && !realDate(value)) {
      push(out, DATETIME_FORMATS[mode].message, [...path, field]);
      continue;
    }
    valid[field] = value.toUpperCase();
  }
  // Fixed-width formats: string order is time order.
  if (valid.max !== undefined && valid.min !== undefined && !(valid.max > valid.min))
    push(out, 'Must be greater than min', [...path, 'max']);
}

/**
 * The rules of a rich menu object: every area within `size` (x + width <= size.width, y + height <=
 * size.height), plus the action rules of {@link messageRules}.
 */
export function richMenuRules(menu: unknown, out: ErrorDetail[], maxDepth = Infinity): BodyFacts {
  const facts = messageRules(menu, out, maxDepth);
  if (facts.tooDeepAt || !isObject(menu) || !isObject(menu.size) || !Array.isArray(menu.areas)) return facts;
  const { width, height } = menu.size;
  // Against a size the schema refuses, bounds would only repeat that error.
  if (width !== 2500 || (height !== 1686 && height !== 843)) return facts;
  menu.areas.forEach((area: unknown, i) => {
    if (!isObject(area) || !isObject(area.bounds)) return;
    const b = area.bounds;
    if (typeof b.x !== 'number' || typeof b.y !== 'number' || typeof b.width !== 'number' || typeof b.height !== 'number') return;
    if (b.x + b.width > width || b.y + b.height > height)
      push(out, `The area must lie within the rich menu (${width}x${height}): x + width <= ${width} and y + height <= ${height}`, [
        'areas',
        i,
        'bounds',
      ]);
  });
  return facts;
}

/**
 * A `{key}` placeholder of a textV2 text (braces around letters, digits and `_`), or an escaped
 * brace: published `TextMessageV2` writes a literal `{` or `}` as `{{` or `}}`, so `{{key}}` is text.
 */
const PLACEHOLDER = /\{\{|\}\}|\{([a-zA-Z0-9_]+)\}/g;

/** The keys of the `{key}` placeholders of a textV2 text, in order, each once (escaped braces are text). */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].flatMap((m) => (m[1] === undefined ? [] : [m[1]])))];
}

/**
 * textV2 (published `TextMessageV2`): every substitution key is 1 to 20 of `a-zA-Z0-9_`, every
 * `{key}` of the text has a substitution, and every substitution is used by the text.
 */
function textV2(message: Json, path: Path, out: ErrorDetail[]): void {
  if (typeof message.text !== 'string') return;
  const substitution = isObject(message.substitution) ? message.substitution : {};
  const keys = Object.keys(substitution);
  const used = placeholders(message.text);
  for (const key of keys) {
    if (!SUBSTITUTION_KEY.test(key)) push(out, 'Key must be 1 to 20 of a-z, A-Z, 0-9 and _', [...path, 'substitution', key]);
    else if (!used.includes(key)) push(out, `Substitution is not used: the text has no {${key}}`, [...path, 'substitution', key]);
  }
  for (const key of used) if (!Object.hasOwn(substitution, key)) push(out, `No substitution for {${key}} of the text`, [...path, 'text']);
}
