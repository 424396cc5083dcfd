/**
 * The TypeBox builders the contract's schemas share: a string enum, a nullable schema and a JSON
 * object described elsewhere. Pure functions and schemas only.
 */
import { Type, type TSchema } from '@sinclair/typebox';

/** A string enum as a JSON Schema `enum` with its literal union type. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** `T | null`. */
/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A JSON object the contract does not describe further (a message object, a scenario): its own schema lives elsewhere. */
export const JsonObject = Type.Record(Type.String(), Type.Unknown());
