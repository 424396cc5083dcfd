/**
 * The shapes that cross the simulator API (docs/project/simulator-api.md), a list of the files that
 * declare them as TypeBox schemas: the schema builders, the shapes several units share, the live
 * feed's events, and each unit's own, with its routes, in `./simulator-api/<unit>.ts` (the list of
 * `./requests.ts`). The server's answers are checked against their types at compile time, the host,
 * the CLI and `embedkit/testing` read them through the same types. Import from the file that
 * declares a shape; this list keeps the older name working.
 */
export * from './schema-builders.js';
export * from './simulator-api/shared-shapes.js';
export * from './simulator-api/live-events.js';
export * from './requests.js';
