/**
 * The dependency rules of the code base, checked by `npm run lint` (dependency-cruiser):
 * - no import circles, type-only imports included;
 * - an interface of the spec (`server/src/interfaces/<name>/`) is entered through its `index.ts`:
 *   no other folder, and no other interface, imports its internals;
 * - the shared mechanisms (db, http, clock, live, tokens, world, messages, webhooks) build on no
 *   interface: interfaces depend on them, never the other way round;
 * - the composition root (`server/src/kit/`) builds on nothing of the process that listens
 *   (`server/src/serve/`): options flow one way, from serving into the wiring;
 * - the SQL builder is used as a value only where SQL is written (stores and `db/`);
 * - the contract (`contract/src/`: wire types, schemas, the simulator API, the event-type registry,
 *   the published-platform list) stands on its own: it imports nothing of the server, host, SDK or
 *   demo, and the browser packages (host, SDK) reach the server only through it, never
 *   `server/src`.
 * `scripts/test/lint-rules.test.ts` proves each rule fails on a planted violation.
 */
import { join } from 'node:path';

const STORES = ['(^|/)store\\.ts$', '-store\\.ts$', '^server/src/db/'];
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move what both sides share into a leaf module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'interface-internals',
      severity: 'error',
      comment: "Another interface's internals: import its index.ts (what the unit offers), or move the shared part to a shared folder.",
      from: { path: '^server/src/interfaces/([^/]+)/' },
      to: { path: '^server/src/interfaces/[^/]+/', pathNot: ['^server/src/interfaces/$1/', '^server/src/interfaces/[^/]+/index\\.ts$'] },
    },
    {
      name: 'interface-internals-from-outside',
      severity: 'error',
      comment: "An interface's internals from outside the interfaces: import its index.ts.",
      from: { path: '^server/src/', pathNot: '^server/src/interfaces/' },
      to: { path: '^server/src/interfaces/[^/]+/', pathNot: '^server/src/interfaces/[^/]+/index\\.ts$' },
    },
    {
      name: 'shared-builds-on-no-interface',
      severity: 'error',
      comment: 'A shared mechanism importing an interface: interfaces depend on shared folders, not the other way round.',
      from: { path: '^server/src/(db|http|clock|live|tokens|world|messages|webhooks)/' },
      to: { path: '^server/src/interfaces/' },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'The contract is shared by the server, host, SDK, CLI and MCP: it builds on no side of it.',
      from: { path: '^contract/src/' },
      to: { path: '^(server|host|sdk|demo|bench|e2e|scripts)/' },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      comment:
        "The host and the SDK run in a browser: what they share with the server is the contract (#contract/*), never the server's source.",
      from: { path: '^(host|sdk)/' },
      to: { path: '^server/' },
    },
    {
      name: 'wiring-builds-on-no-process',
      severity: 'error',
      comment: 'The composition root importing the process that listens: serve/ hands kit/ what it needs, kit/ never reaches back.',
      from: { path: '^server/src/kit/' },
      to: { path: '^server/src/serve/' },
    },
    {
      name: 'sql-only-in-stores',
      severity: 'error',
      comment: 'The SQL builder as a value outside a store: write the query as a store method.',
      from: { path: '^server/src/', pathNot: STORES },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Built output of our own packages; a library's dist/ (kysely's) stays visible to the rules.
    exclude: { path: '^(contract|server|sdk|host|bench|demo/app|demo/login|demo/bot)/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: join(import.meta.dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // embedkit-source: the contract's own imports (#contract/*) to its source, as the type-checker reads them.
      conditionNames: ['embedkit-source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs'],
    },
  },
};
