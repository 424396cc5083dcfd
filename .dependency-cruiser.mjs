/**
 * The dependency rules of the code base, checked by `npm run lint` (dependency-cruiser):
 * - no import circles, type-only imports included;
 * - an interface of the spec (`server/src/interfaces/<name>/`) is entered through its `index.ts`
 *   (and, from the composition root, its `unit.ts`, the unit as the kit builds it): no other
 *   folder, and no other interface, imports its internals;
 * - a feature of a unit (a folder inside it: `interfaces/bot/<feature>/`, `interfaces/mini-apps/iap/`)
 *   is entered from outside it through its role files only (`index.ts`, `routes.ts`, `rules.ts`,
 *   `service.ts`, `store.ts` or a `…-store.ts`, `scenario.ts`, `tables.ts`); its other modules are its own;
 * - no import runs from a lower layer back up: the shared mechanisms (db, http, clock, live, tokens,
 *   world, messages, webhooks, faults, app-proxy, lan, liff-wrap) build on no interface, and on
 *   nothing of the wiring, the process or the tools (kit, serve, cli, mcp); interfaces depend on the
 *   shared folders and build on none of kit, serve, cli, mcp; inside the host, the lower folders (the
 *   bridge, the link to the server) never import a screen;
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

/** The server's shared mechanisms: below every interface, the wiring (kit), the process (serve) and the tools (cli, mcp). */
const SHARED = '(db|http|clock|live|tokens|world|messages|webhooks|faults|app-proxy|lan|liff-wrap|simulator-api|phones|static)';

/** The server's top: the composition root, the process, the CLI and the MCP tools, which nothing below imports. */
const TOP = '^server/src/(kit|serve|cli|mcp)/';

/** The files by which a unit's feature folder is entered from outside it (its role files); the rest of the folder is its own. */
const FEATURE_DOORS = '/(index|routes|rules|service|store|scenario|tables|[a-z-]+-store)\\.ts$';

/**
 * The host's folders below its screens, which import no screen: the bridge to the app's page
 * (`app/bridge/`), the link to the server (`simulator-api/`) and the helpers of no one feature
 * (`shared/`); each a regex on the path after `host/src/`.
 */
const HOST_LOWER = ['app/bridge/', 'simulator-api/', 'shared/'];

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
      "An interface's internals from outside the interfaces: import its index.ts (or its unit.ts, the unit as the composition root builds it).",
      { path: '^server/src/', pathNot: '^server/src/interfaces/' },
      { path: '^server/src/interfaces/[^/]+/', pathNot: '^server/src/interfaces/[^/]+/(index|unit)\\.ts$' },
    ),
    forbid(
      'feature-internals',
      'A module inside another feature of the unit: import one of its role files (index, routes, rules, service, store), or move the shared part there.',
      { path: '^(server/src/interfaces/[^/]+/[^/]+/)' },
      { path: '^server/src/interfaces/[^/]+/[^/]+/', pathNot: ['^$1', FEATURE_DOORS] },
    ),
    forbid(
      'feature-internals-from-unit',
      "A feature's own module from its unit's top files: import one of its role files (index, routes, rules, service, store).",
      { path: '^server/src/interfaces/[^/]+/[^/]+\\.ts$' },
      { path: '^server/src/interfaces/[^/]+/[^/]+/', pathNot: FEATURE_DOORS },
    ),
    forbid(
      'shared-builds-on-no-interface',
      'A shared mechanism importing an interface: interfaces depend on shared folders, not the other way round.',
      { path: `^server/src/${SHARED}/` },
      { path: '^server/src/interfaces/' },
    ),
    forbid(
      'no-import-back-up',
      'A shared mechanism or an interface importing the wiring, the process or the tools (kit, serve, cli, mcp): they hand down what it needs.',
      { path: `^server/src/(${SHARED.slice(1, -1)}|interfaces)/` },
      { path: TOP },
    ),
    forbid(
      'host-lower-builds-on-no-screen',
      "The host's bridge or server link importing a screen: screens build on them, never the other way round.",
      { path: HOST_LOWER.map((p) => `^host/src/${p}`) },
      { path: '^host/src/', pathNot: HOST_LOWER.map((p) => `^host/src/${p}`) },
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
