// The host's copy of the simulator API's route map: the method, path and body kind of each route,
// without the TypeBox schemas the server checks requests with. The browser sends calls and never
// checks them, and the schemas with TypeBox made up half of the host's script. Built from the
// contract's compiled map (contract/dist, which the build writes before the browser bundles), so
// the two cannot differ.
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../../', import.meta.url);
const CONTRACT_SOURCE = fileURLToPath(new URL('contract/src/simulator-api.ts', ROOT));
const ROUTE_SOURCE = fileURLToPath(new URL('contract/src/route.ts', ROOT));
const VIRTUAL_ID = '\0simulator-route-table';

/** The module the host gets for `contract/src/simulator-api.ts`: its exports the host uses, the routes without schemas. */
async function routeTableModule() {
  const api = await import(new URL('contract/dist/simulator-api.js', ROOT).href);
  const table = Object.fromEntries(
    Object.entries(api.SIMULATOR_API).map(([name, r]) => [
      name,
      { method: r.method, path: r.path, ...(r.bodyKind ? { bodyKind: r.bodyKind } : {}) },
    ]),
  );
  return [
    `import { fillPath } from ${JSON.stringify(ROUTE_SOURCE)};`,
    `export const SIMULATOR_PREFIX = ${JSON.stringify(api.SIMULATOR_PREFIX)};`,
    `export const PROBE_PATHS = ${JSON.stringify(api.PROBE_PATHS)};`,
    `export const SIMULATOR_API = ${JSON.stringify(table)};`,
    // As contract/src/simulator-api.ts's simulatorPath.
    'export function simulatorPath(name, params, query) { return SIMULATOR_PREFIX + fillPath(SIMULATOR_API[name].path, params, query); }',
  ].join('\n');
}

/** A rollup plugin: every import of the contract's simulator-api.ts gets {@link routeTableModule} instead. */
export function simulatorRouteTable() {
  return {
    name: 'simulator-route-table',
    async resolveId(source, importer, options) {
      if (source === VIRTUAL_ID) return VIRTUAL_ID;
      if (!source.includes('simulator-api')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === CONTRACT_SOURCE ? VIRTUAL_ID : null;
    },
    load(id) {
      return id === VIRTUAL_ID ? routeTableModule() : null;
    },
  };
}
