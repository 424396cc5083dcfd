/**
 * Compares the project's copy of the published facts (`contract/src/published-platform.ts`)
 * with a local checkout of the platform's OpenAPI documents, and prints every difference: an
 * operation, event type, subtype or message kind the documents have and the list lacks, or the
 * other way round, or whose method, path or server differ. Exits 1 when there is one.
 *
 *   npx tsx scripts/coverage-vs-openapi.ts <folder of the *.yml documents>
 *
 * A dev script: the documents are not in the repository and CI cannot fetch them, so the test
 * suite checks the list against embedkit, and this script checks it against the documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  PUBLISHED_DOCUMENTS,
  PUBLISHED_EVENT_TYPES,
  PUBLISHED_MESSAGE_KINDS,
  PUBLISHED_OPERATIONS,
  type PublishedServer,
} from '#contract/published-platform.js';

type Schema = Record<string, unknown> & {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  discriminator?: { mapping?: Record<string, string> };
};
interface Document {
  servers?: { url: string }[];
  paths?: Record<string, Record<string, { operationId?: string; servers?: { url: string }[] }> & { servers?: { url: string }[] }>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'];
/** The published servers other than `api.line.me`, by host. */
const SERVERS: Record<string, PublishedServer> = { 'api-data.line.me': 'api-data', 'manager.line.biz': 'manager' };

function load(dir: string, name: string): Document {
  return parse(readFileSync(join(dir, `${name}.yml`), 'utf8')) as Document;
}

function serverOf(servers: { url: string }[] | undefined): PublishedServer | undefined {
  const url = servers?.[0]?.url;
  return url ? SERVERS[new URL(url).host] : undefined;
}

/** One line per operation: `document METHOD path operationId [server]`. */
function operationLine(o: { document: string; method: string; path: string; operationId: string; server?: string | undefined }): string {
  return `${o.document} ${o.method} ${o.path} ${o.operationId}${o.server ? ` [${o.server}]` : ''}`;
}

function operationsOf(dir: string): string[] {
  return PUBLISHED_DOCUMENTS.flatMap((document) => {
    const doc = load(dir, document);
    return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => {
        const op = item[m]!;
        const server = serverOf(op.servers ?? item.servers ?? doc.servers);
        return operationLine({ document, method: m.toUpperCase(), path, operationId: op.operationId ?? '(none)', server });
      }),
    );
  });
}

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** The event type's own discriminated properties' values (e.g. `module` → attached, detached). */
function subtypesOf(schemas: Record<string, Schema>, event: Schema): string[] {
  const own = (event.allOf ?? [event]).filter((part) => !part.$ref);
  return own.flatMap((part) =>
    Object.values(part.properties ?? {}).flatMap((p) => Object.keys((p.$ref && schemas[refName(p.$ref)]?.discriminator?.mapping) || {})),
  );
}

function eventTypesOf(dir: string): string[] {
  const schemas = load(dir, 'webhook').components?.schemas ?? {};
  const mapping = schemas.Event?.discriminator?.mapping ?? {};
  return Object.entries(mapping).map(([type, ref]) => {
    const subtypes = subtypesOf(schemas, schemas[refName(ref)] ?? {});
    return subtypes.length ? `${type} (${subtypes.join(', ')})` : type;
  });
}

function messageKindsOf(dir: string): string[] {
  return Object.keys(load(dir, 'messaging-api').components?.schemas?.Message?.discriminator?.mapping ?? {});
}

/** Lines only in `documents` (+) and only in `list` (-). */
function differences(what: string, documents: string[], list: string[]): string[] {
  const inList = new Set(list);
  const inDocuments = new Set(documents);
  return [
    ...documents.filter((l) => !inList.has(l)).map((l) => `+ ${what} in the documents, not in the list: ${l}`),
    ...list.filter((l) => !inDocuments.has(l)).map((l) => `- ${what} in the list, not in the documents: ${l}`),
  ];
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx scripts/coverage-vs-openapi.ts <folder of the OpenAPI *.yml documents>');
  process.exit(2);
}
const documentOps = operationsOf(dir);
const documentEvents = eventTypesOf(dir);
const documentKinds = messageKindsOf(dir);
const found = [
  ...differences('operation', documentOps, PUBLISHED_OPERATIONS.map(operationLine)),
  ...differences(
    'event type',
    documentEvents,
    PUBLISHED_EVENT_TYPES.map((e) => (e.subtypes?.length ? `${e.type} (${e.subtypes.join(', ')})` : e.type)),
  ),
  ...differences(
    'message kind',
    documentKinds,
    PUBLISHED_MESSAGE_KINDS.map((k) => k.type),
  ),
];
const counts = PUBLISHED_DOCUMENTS.map((d) => `${d} ${documentOps.filter((l) => l.startsWith(`${d} `)).length}`).join(', ');
console.log(
  `documents: ${documentOps.length} operations (${counts}), ${documentEvents.length} event types, ${documentKinds.length} message kinds`,
);
if (found.length) {
  for (const line of found) console.log(line);
  process.exit(1);
}
console.log('no differences');
