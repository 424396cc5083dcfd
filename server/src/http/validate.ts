/**
 * Compiles JSON Schemas (written with TypeBox) with Ajv and turns Ajv's errors into the
 * platform's error details: `{message, property}` with paths like `messages[1].template.text`
 * (spec "Errors", bot messaging interface: error body `message` and `details`).
 *
 * Wording of the details (the platform's where it is known, see docs/platform/message-validation.md):
 *
 * | failure | `message` |
 * |---|---|
 * | required property missing (or `null`) | `must be specified` |
 * | empty string where one is required | `May not be empty` |
 * | string too long | `Length must be between 0 and N` |
 * | list too short or too long | `Size must be between MIN and MAX` |
 * | value not in a set | `Must be one of the following values: [a, b]` |
 * | URL with a scheme that is not allowed here | `invalid uri scheme` |
 * | URL that is not a URL | `invalid uri` |
 * | property the object does not have | `unknown property` |
 * | wrong JSON type | `Must be a string` (`a number`, `an integer`, `a boolean`, `an object`, `an array`) |
 * | number out of range | `Must be greater than or equal to N` / `Must be less than or equal to N` |
 *
 * A schema can override the wording of one of its keywords with the annotation
 * `platformErrors: {<keyword>: message | {message, at: 'parent'}}`; for `required`, the value is a map
 * from property name to message, reported at the object's path (the platform words a missing action
 * label as "`label` must be specified" at the action).
 *
 * Lengths count Unicode code points (Ajv's default): an emoji is one character.
 */
import { createHash } from 'node:crypto';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';

export type { ErrorDetail } from '#contract/errors.js';

/** At most this many details are returned for one value (a 1MB body could otherwise produce ~10^5). */
export const MAX_DETAILS = 100;

// verbose: parentSchema is needed to word minItems/maxItems errors as the platform does.
// discriminator: unions of objects tagged by `type` validate only the branch the tag selects, so a
// wrong message reports the errors of its own kind, not of all nine.
// inlineRefs: false keeps every `$ref`'d kind in its own function (see hoist()).
const OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, verbose: true, discriminator: true, inlineRefs: false } as const;
const ajv = new Ajv(OPTIONS);
// A query arrives as text: its checks read `limit=5` as the number a schema declares (and write the
// number back into the object checked), as Fastify's querystring validation does.
const queryAjv = new Ajv({ ...OPTIONS, coerceTypes: true });

for (const a of [ajv, queryAjv]) {
  /** Annotation keyword: the platform's wording for a keyword of this schema (see the module comment). */
  a.addKeyword({ keyword: 'platformErrors', schemaType: 'object' });

  /**
   * `uriSchemes: [...]`: the string is an absolute URI with one of these schemes (lower case). Empty
   * strings pass (minLength reports them). Errors: `invalid uri scheme` (no scheme, or one not listed,
   * such as `javascript:`), `invalid uri` (whitespace or control characters, or an http(s) URI without a host).
   */
  a.addKeyword({
    keyword: 'uriSchemes',
    type: 'string',
    schemaType: 'array',
    errors: true,
    validate: function uriSchemes(schemes: readonly string[], data: string): boolean {
      const problem = uriProblem(data, schemes);
      if (problem === null) return true;
      (uriSchemes as { errors?: Partial<ErrorObject>[] }).errors = [{ keyword: 'uriSchemes', message: problem, params: { problem } }];
      return false;
    },
  });
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const acceptors = new WeakMap<readonly string[], RegExp>();

/** One regular expression that accepts the good URIs of `schemes` (the common case, checked first). */
function acceptor(schemes: readonly string[]): RegExp {
  let re = acceptors.get(schemes);
  if (!re) {
    const rest = '[^\\s\\u0000-\\u001f\\u007f]';
    const alternatives = schemes.map((s) =>
      s === 'http' || s === 'https' ? `${s}://[^\\s/?#\\u0000-\\u001f\\u007f]+${rest}*` : `${s}:${rest}+`,
    );
    re = new RegExp(`^(?:${alternatives.join('|')})$`, 'i');
    acceptors.set(schemes, re);
  }
  return re;
}
// eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
const BAD_URI_CHARS = /[\s\u0000-\u001f\u007f]/;
const HTTP_AUTHORITY = /^[A-Za-z]+:\/\/[^/?#]+/;

/**
 * Why `value` is not an acceptable URI with one of `schemes`, or null when it is.
 * @param schemes lower-case scheme names, for example `['https']`
 */
export function uriProblem(value: string, schemes: readonly string[]): 'invalid uri scheme' | 'invalid uri' | null {
  if (value === '' || acceptor(schemes).test(value)) return null;
  const m = SCHEME.exec(value);
  const scheme = m?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(scheme)) return 'invalid uri scheme';
  if (BAD_URI_CHARS.test(value)) return 'invalid uri';
  if ((scheme === 'http' || scheme === 'https') && !HTTP_AUTHORITY.test(value)) return 'invalid uri';
  if (value.length === scheme.length + 1) return 'invalid uri';
  return null;
}

/** A compiled check: `null` when the value is valid, else every error found (not only the first). */
export type Check<T> = ((value: unknown) => ErrorDetail[] | null) & { readonly type?: T };

/**
 * Compiles a schema once; the returned function is cheap to call. Unions of objects that all carry
 * a constant tag property (`type`) are compiled as tagged unions (see {@link discriminate}).
 * @param schema a TypeBox (JSON Schema) schema
 * @throws Error when Ajv rejects the schema (strict mode)
 */
export function compile<S extends TSchema>(schema: S): Check<Static<S>> {
  return compileWith(ajv, schema);
}

/**
 * As {@link compile}, for a request's query: a value the schema declares as a number, an integer
 * or a boolean is read from its text (`"5"` → 5) and written back into the object checked, so the
 * handler gets the schema's type. Check a copy the handler then reads.
 */
export function compileQuery<S extends TSchema>(schema: S): Check<Static<S>> {
  const check = compileWith(queryAjv, schema);
  return (value: unknown) => check(value) ?? infiniteFindings(value);
}

/**
 * Ajv reads `Infinity` and `1e309` as numbers and lets them through an integer's bounds: a
 * parameter read as a number must be finite, or it reaches the database as one it refuses.
 */
function infiniteFindings(value: unknown): ErrorDetail[] | null {
  if (value === null || typeof value !== 'object') return null;
  const found = Object.entries(value)
    .filter(([, v]) => typeof v === 'number' && !Number.isFinite(v))
    .map(([property]) => ({ message: 'Must be a finite number', property }));
  return found.length ? found : null;
}

function compileWith<S extends TSchema>(on: Ajv, schema: S): Check<Static<S>> {
  // Compiled at the first call, never ahead: compiling all 240-odd schemas at start leaves V8's old
  // space sized for its garbage, which the heap's growth factor then multiplies under load (the
  // memory benchmark's peak, 169 → 143 MB on Node.js 24). The first call of a route pays it once,
  // 164 ms for the message schemas and a few ms for most.
  let validate: ValidateFunction | undefined;
  const ready = (): ValidateFunction => {
    if (validate) return validate;
    const plain = discriminate(schema);
    // Only a schema that refers to others needs the registered ones (the message objects) in Ajv.
    if (on === ajv && JSON.stringify(plain).includes('"$ref"')) addPending();
    return (validate = on.compile(plain));
  };
  return (value: unknown) => {
    const v = ready();
    return v(value) ? null : toDetails(v.errors ?? []);
  };
}

/** Whether `value` passes `check`, as a type guard: the value typed by what the check passes. */
export function passes<T>(check: Check<T>, value: unknown): value is T {
  return check(value) === null;
}

/** Schemas registered by {@link addSchema} and not yet handed to Ajv, by `$id`. */
const pending = new Map<string, TSchema>();
/** The `$id`s registered so far. */
const registered = new Set<string>();

/**
 * Registers a schema that has an `$id` so that other schemas can `$ref` it; it is compiled once,
 * with {@link discriminate} applied. Ajv gets it before the first check of {@link compile} runs,
 * not now: a module registers its schemas when it loads, at start, and Ajv checking a schema
 * against its meta-schema costs ~100 ms for the message objects, which no start needs.
 * @throws Error when the schema has no `$id`; Ajv's error for a rejected schema comes at the first check
 */
export function addSchema(schema: TSchema): void {
  if (typeof schema.$id !== 'string') throw new Error('addSchema: the schema needs an $id');
  if (registered.has(schema.$id)) return;
  registered.add(schema.$id);
  pending.set(schema.$id, schema);
}

/** Hands the registered schemas to Ajv, in the order they came. */
function addPending(): void {
  for (const [id, schema] of pending) {
    pending.delete(id);
    ajv.addSchema(discriminate(schema));
  }
}

/**
 * Rewrites every `anyOf` whose branches are all objects with a required constant `type`
 * (`properties.type.const`; branches may be `$ref`s to `$id`s inside the schema), and every lone
 * object schema with such a `type`, into Ajv's tagged form: `{type: 'object', required: ['type'],
 * properties: {type: {enum}}, discriminator, oneOf}`. Validation then runs only the branch the tag
 * selects, and an unknown or missing tag gives one error at the tag (`Must be one of the following
 * values: [...]` / `must be specified`). Returns a plain JSON copy; the input is not changed.
 */
export function discriminate<S extends TSchema>(schema: S): S {
  const plain = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  const ids = new Map<string, Record<string, unknown>>();
  collectIds(plain, ids);
  const hoisted = new Map<string, Record<string, unknown>>();
  const out = rewrite(plain, { ids, hoisted }) as Record<string, unknown>;
  if (hoisted.size) out.$defs = { ...(out.$defs as object | undefined), ...Object.fromEntries(hoisted) };
  return out as S;
}

function collectIds(node: unknown, ids: Map<string, Record<string, unknown>>): void {
  if (Array.isArray(node)) return node.forEach((n) => collectIds(n, ids));
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (typeof o.$id === 'string') ids.set(o.$id, o);
  for (const v of Object.values(o)) collectIds(v, ids);
}

interface Rewrite {
  /** Schemas with an `$id` in the document, to resolve `$ref` branches. */
  ids: Map<string, Record<string, unknown>>;
  /** Branches moved to `$defs`, by their content-derived `$id`. */
  hoisted: Map<string, Record<string, unknown>>;
}

function rewrite(node: unknown, cx: Rewrite, branch = false): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, cx));
  if (!node || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = k === 'anyOf' && Array.isArray(v) ? v.map((b) => rewrite(b, cx, true)) : rewrite(v, cx);
  const branches = o.anyOf;
  if (Array.isArray(branches) && branches.length >= 2) {
    const resolved = branches.map((b) => {
      const br = b as Record<string, unknown>;
      return typeof br.$ref === 'string' && Object.keys(br).length === 1 ? cx.ids.get(br.$ref) : br;
    });
    const values = resolved.map((b) => tagValue(b, TAG));
    if (values.some((v) => v === undefined) || new Set(values).size !== values.length) return out;
    const { anyOf, ...rest } = out;
    return {
      ...rest,
      ...tagged(
        values as string[],
        (anyOf as Record<string, unknown>[]).map((b) => hoist(b, cx)),
      ),
    };
  }
  // A lone object with a constant tag (a bubble's `hero` must be an image): a wrong tag is one error
  // at the tag, not the tag plus every property the object does not have.
  const value = tagValue(o, TAG);
  if (!branch && value !== undefined && Object.keys(o.properties as object).length > 1) {
    const { $id, ...inner } = out;
    return { ...($id === undefined ? {} : { $id }), ...tagged([value], [hoist(inner, cx)]) };
  }
  return out;
}

/**
 * Moves a kind's schema to `$defs` under an `$id` derived from its content, and answers a `$ref`
 * to it. With `inlineRefs: false` each kind compiles to its own small function: one function
 * holding a whole flex box (every component, every action) is too large for V8 to optimise, runs
 * interpreted and takes kilobytes of stack per nested box. Equal kinds share one `$id`.
 */
function hoist(schema: Record<string, unknown>, cx: Rewrite): Record<string, unknown> {
  if (schema.$ref !== undefined || schema.$id !== undefined) return schema;
  const id = `kind-${createHash('sha1').update(JSON.stringify(schema)).digest('hex').slice(0, 16)}`;
  cx.hoisted.set(id, { $id: id, ...schema });
  return { $ref: id };
}

const TAG = 'type';

function tagged(values: string[], branches: unknown[]): Record<string, unknown> {
  return {
    type: 'object',
    required: [TAG],
    properties: { [TAG]: { enum: values } },
    discriminator: { propertyName: TAG },
    oneOf: branches,
  };
}

function tagValue(schema: Record<string, unknown> | undefined, tag: string): string | undefined {
  const props = schema?.properties as Record<string, { const?: unknown }> | undefined;
  const required = schema?.required;
  const value = props?.[tag]?.const;
  return typeof value === 'string' && Array.isArray(required) && required.includes(tag) ? value : undefined;
}

/** Ajv's `/messages/0/text` as the platform writes it: `messages[0].text`. */
export function toProperty(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

/** A detail at `property`; the property is left out when it is the body itself. */
export function detail(message: string, property: string): ErrorDetail {
  return property ? { message, property } : { message };
}

function toDetails(errors: ErrorObject[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const d = toDetail(e);
    if (!d) continue;
    const key = `${d.property}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(d);
    if (details.length >= MAX_DETAILS) break;
  }
  return details;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'Must be a string',
  number: 'Must be a number',
  integer: 'Must be an integer',
  boolean: 'Must be a boolean',
  object: 'Must be an object',
  array: 'Must be an array',
  null: 'Must be null',
};

type Override = string | { message: string; at: 'parent' };

/** The platform's words for one Ajv error, or null for errors that only repeat a branch's errors. */
function toDetail(e: ErrorObject): ErrorDetail | null {
  const p = e.params as Record<string, unknown>;
  const parent = e.parentSchema as Record<string, unknown> | undefined;
  const overrides = parent?.platformErrors as Record<string, unknown> | undefined;
  if (e.keyword === 'required') {
    const missing = String(p.missingProperty);
    const custom = (overrides?.required as Record<string, string> | undefined)?.[missing];
    if (custom) return detail(custom, toProperty(e.instancePath));
    return detail('must be specified', toProperty(e.instancePath, missing));
  }
  const custom = overrides?.[e.keyword] as Override | undefined;
  if (custom !== undefined) {
    if (typeof custom === 'string') return detail(custom, toProperty(e.instancePath));
    return detail(custom.message, toProperty(e.instancePath.slice(0, e.instancePath.lastIndexOf('/'))));
  }
  const at = toProperty(e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties':
      return detail('unknown property', toProperty(e.instancePath, String(p.additionalProperty)));
    case 'enum':
      return detail(`Must be one of the following values: [${(p.allowedValues as unknown[]).join(', ')}]`, at);
    case 'const':
      return detail(`Must be one of the following values: [${String(p.allowedValue)}]`, at);
    case 'minLength':
    case 'maxLength': {
      const min = typeof parent?.minLength === 'number' && parent.minLength > 1 ? parent.minLength : 0;
      if (e.keyword === 'minLength' && p.limit === 1) return detail('May not be empty', at);
      if (typeof parent?.maxLength !== 'number') return detail(`Length must be at least ${String(p.limit)}`, at);
      return detail(`Length must be between ${min} and ${parent.maxLength}`, at);
    }
    case 'minItems':
    case 'maxItems':
      return detail(`Size must be between ${String(parent?.minItems ?? 0)} and ${String(parent?.maxItems ?? 'unbounded')}`, at);
    case 'type': {
      const type = String(p.type).split(',')[0]!;
      return detail(TYPE_WORDS[type] ?? `Must be of type ${type}`, at);
    }
    case 'minimum':
      return detail(`Must be greater than or equal to ${String(p.limit)}`, at);
    case 'maximum':
      return detail(`Must be less than or equal to ${String(p.limit)}`, at);
    case 'exclusiveMinimum':
      return detail(`Must be greater than ${String(p.limit)}`, at);
    case 'exclusiveMaximum':
      return detail(`Must be less than ${String(p.limit)}`, at);
    case 'uriSchemes':
      return detail(String(p.problem), at);
    case 'anyOf':
    case 'oneOf':
    case 'if':
    case 'discriminator':
      // The branch (or the tag's own enum/required) errors already say what is wrong.
      return null;
    default:
      return detail(e.message ?? 'invalid value', at);
  }
}
