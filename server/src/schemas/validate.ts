/**
 * Compiles JSON Schemas (written with TypeBox) with Ajv and turns Ajv's errors into the
 * platform's error details: `{message, property}` with paths like `messages[1].template.text`
 * (spec "Errors", bot messaging interface: error body `message` and `details`).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Static, TSchema } from '@sinclair/typebox';

/** One entry of `details` in the platform's error body. */
export interface ErrorDetail {
  message: string;
  property?: string;
}

// verbose: parentSchema is needed to word minItems/maxItems errors as the platform does.
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });

/** A compiled check: `null` when the value is valid, else every error found (not only the first). */
export type Check<T> = ((value: unknown) => ErrorDetail[] | null) & { readonly type?: T };

/**
 * Compiles a schema once; the returned function is cheap to call.
 * @param schema a TypeBox (JSON Schema) schema
 */
export function compile<S extends TSchema>(schema: S): Check<Static<S>> {
  const validate: ValidateFunction = ajv.compile(schema);
  return (value: unknown) => (validate(value) ? null : toDetails(validate.errors ?? []));
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
  }
  return details;
}

function toDetail(e: ErrorObject): ErrorDetail | null {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { message: 'must be specified', property: toProperty(e.instancePath, String(p.missingProperty)) };
    case 'additionalProperties':
      return { message: 'unknown property', property: toProperty(e.instancePath, String(p.additionalProperty)) };
    case 'enum':
      return { message: `Must be one of the following values: [${(p.allowedValues as unknown[]).join(', ')}]`, property: toProperty(e.instancePath) };
    case 'const':
      return { message: `Must be one of the following values: [${String(p.allowedValue)}]`, property: toProperty(e.instancePath) };
    case 'minLength':
      if (p.limit === 1) return { message: 'May not be empty', property: toProperty(e.instancePath) };
      return { message: `Length must be at least ${String(p.limit)}`, property: toProperty(e.instancePath) };
    case 'maxLength':
      return { message: `Length must be between 0 and ${String(p.limit)}`, property: toProperty(e.instancePath) };
    case 'minItems':
    case 'maxItems':
      return { message: `Size must be between ${e.parentSchema?.minItems ?? 0} and ${e.parentSchema?.maxItems ?? 'unbounded'}`, property: toProperty(e.instancePath) };
    case 'type':
      return { message: `must be of type ${String(p.type)}`, property: toProperty(e.instancePath) };
    case 'anyOf':
    case 'oneOf':
    case 'if':
      // The branch errors already say what is wrong.
      return null;
    default:
      return { message: e.message ?? 'invalid value', property: toProperty(e.instancePath) };
  }
}
