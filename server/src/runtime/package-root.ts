/**
 * The package's root folder, where package.json, `host/`, `sdk/` and `demo/` are: `server/src/runtime/`
 * (tsx in development) and `server/dist/runtime/` (the built package) are both three folders down.
 */
export const PACKAGE_ROOT = new URL('../../../', import.meta.url);
