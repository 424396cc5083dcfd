/**
 * Builders of JSON Schemas written from the platform's published OpenAPI components, for Ajv
 * checks of embedkit's answers. An object refuses properties the published schema does not list
 * (`additionalProperties: false`), so an answer carries nothing a typed client cannot see.
 */
import type { AnySchema } from 'ajv';

/** An object with these `required` fields and no properties beyond `properties`. */
export const obj = (required: string[], properties: Record<string, AnySchema>): AnySchema => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});
/** A string. */
export const str = { type: 'string' };
/** An integer. */
export const int = { type: 'integer' };
