/**
 * The message object schema as a self-contained JSON Schema document for editors (draft-07): the
 * schemas with an inner `$id` (the recursive flex box) move to `definitions` and their `$ref`s
 * become `#/definitions/<id>`; embedkit's internal annotation `platformErrors` is left out. The
 * custom keyword `uriSchemes` (allowed URI schemes) stays; editors ignore keywords they do not know.
 */
import type { TSchema } from '@sinclair/typebox';

/**
 * @param schema a schema with `$id` (for example `MessageSchema`)
 * @param id the `$id` of the published document, the absolute URL it is served at
 * @returns a plain JSON object
 */
export function publishSchema(schema: TSchema, id: string): Record<string, unknown> {
  const root = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  const definitions: Record<string, unknown> = {};
  const inner = new Set<string>();
  const hoist = (node: unknown, isRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => hoist(n, false));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (k === 'platformErrors') continue;
      out[k] = k === '$defs' ? v : hoist(v, false);
    }
    if (!isRoot && typeof out.$id === 'string') {
      const name = out.$id;
      delete out.$id;
      inner.add(name);
      definitions[name] = out;
      return { $ref: `#/definitions/${name}` };
    }
    return out;
  };
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  delete root.$defs;
  const body = hoist(root, true) as Record<string, unknown>;
  for (const d of Object.values(defs)) hoist(d, false);
  const rewriteRefs = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewriteRefs);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node as Record<string, unknown>))
      out[k] = k === '$ref' && typeof v === 'string' && inner.has(v) ? `#/definitions/${v}` : rewriteRefs(v);
    return out;
  };
  const { $id: _, ...rest } = body;
  return rewriteRefs({ $schema: 'http://json-schema.org/draft-07/schema#', $id: id, ...rest, definitions }) as Record<string, unknown>;
}
