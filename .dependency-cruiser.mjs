/**
 * The dependency rules of the code base, checked by `npm run lint` (dependency-cruiser):
 * - no import circles, type-only imports included;
 * - an interface of the spec (`server/src/interfaces/<name>/`) is entered through its `index.ts`:
 *   no other folder, and no other interface, imports its internals;
 * - the shared mechanisms (db, http, clock, live, tokens, world, messages, webhooks, the simulator
 *   API's framework, phones, static, faults) build on no interface: interfaces depend on them, never the
 *   other way round;
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

/**
 * A dependency rule that fails `npm run lint`: no module matching `from` may import one matching
 * `to` (dependency-cruiser conditions: `path`/`pathNot` regexes on paths from the repository
 * root, `circular`, `dependencyTypesNot`). `name` is what a violation reports, `comment` how to fix it.
 */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

export default {
  forbidden: [
    forbid('no-circular', 'A circle of imports: move what both sides share into a leaf module.', {}, { circular: true }),
    forbid(
      'interface-internals',
      "Another interface's internals: import its index.ts (what the unit offers), or move the shared part to a shared folder.",
      { path: '^server/src/interfaces/([^/]+)/' },
      { path: '^server/src/interfaces/[^/]+/', pathNot: ['^server/src/interfaces/$1/', '^server/src/interfaces/[^/]+/index\\.ts$'] },
    ),
    forbid(
      'interface-internals-from-outside',
      "An interface's internals from outside the interfaces: import its index.ts.",
      { path: '^server/src/', pathNot: '^server/src/interfaces/' },
      { path: '^server/src/interfaces/[^/]+/', pathNot: '^server/src/interfaces/[^/]+/index\\.ts$' },
    ),
    forbid(
      'shared-builds-on-no-interface',
      'A shared mechanism importing an interface: interfaces depend on shared folders, not the other way round.',
      { path: '^server/src/(db|http|clock|live|tokens|world|messages|webhooks|simulator-api|phones|static|faults)/' },
      { path: '^server/src/interfaces/' },
    ),
    forbid(
      'contract-stands-alone',
      'The contract is shared by the server, host, SDK, CLI and MCP: it builds on no side of it.',
      { path: '^contract/src/' },
      { path: '^(server|host|sdk|demo|bench|e2e|scripts)/' },
    ),
    forbid(
      'browser-not-server',
      "The host and the SDK run in a browser: what they share with the server is the contract (#contract/*), never the server's source.",
      { path: '^(host|sdk)/' },
      { path: '^server/' },
    ),
    forbid(
      'wiring-builds-on-no-process',
      'The composition root importing the process that listens: serve/ hands kit/ what it needs, kit/ never reaches back.',
      { path: '^server/src/kit/' },
      { path: '^server/src/serve/' },
    ),
    forbid(
      'sql-only-in-stores',
      'The SQL builder as a value outside a store: write the query as a store method.',
      { path: '^server/src/', pathNot: STORES },
      { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    ),
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
