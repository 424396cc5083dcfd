/**
 * The package's root folder, where package.json, `host/`, `sdk/` and `demo/` are. Every path into
 * the package is computed here and only here: `server/src/runtime/` (tsx in development),
 * `server/dist/runtime/` (the built modules, `embedkit/testing`) and `server/dist/bin/` (the
 * command's bundle, whose chunks all sit in that one folder) are each three folders down, so one
 * rule holds for all three. A module that computed its own `../../../` would break in the bundle,
 * which moves it to another depth.
 */
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = new URL('../../../', import.meta.url);

/**
 * The absolute file path of `path` inside the package.
 * @param path `/`-separated, relative to the package root (`sdk/dist/liff.mjs`)
 */
export function packagePath(path: string): string {
  return fileURLToPath(new URL(path, PACKAGE_ROOT));
}
