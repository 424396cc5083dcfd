/**
 * Small checks shared by the Post Event rules (spec parts E and F): the v1 error of a wrong field,
 * URLs, objects. Pure.
 */
import { v1Error, type ApiError } from '../../http/errors.js';

/** A JSON object (not an array, not null). */
export type Json = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The v1 error of an invalid body, naming the field: HTTP 400 `{statusCode: "400", statusMessage:
 * "<path>: <problem>"}` (spec "Errors", enterprise and trial: string codes).
 */
export function invalidField(path: string, problem: string): ApiError {
  return v1Error(400, '400', `${path}: ${problem}`);
}

/**
 * An absolute http(s) URL of at most 1000 characters.
 * @throws ApiError 400 naming `path` otherwise
 */
export function url(v: unknown, path: string): string {
  if (typeof v !== 'string' || v.length > 1000)
    throw invalidField(path, 'must be an absolute http or https URL of at most 1000 characters');
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw invalidField(path, 'must be an absolute http or https URL');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw invalidField(path, 'must be an absolute http or https URL');
  return v;
}
