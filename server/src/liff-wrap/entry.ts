/**
 * Where an app's own `@line/liff` lives, for the dev-server integrations that write a wrapper
 * module beside it (`embedkit/next`, `embedkit/nuxt`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** A path as an import specifier relative to `fromDir` (forward slashes, starting with `.`). */
export function specifier(fromDir: string, file: string): string {
  const rel = relative(fromDir, file).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * One entry of `@line/liff` as the app's bundler finds it: the package in the nearest
 * `node_modules` up from `projectDir`, the file its `exports` map gives `subpath` under
 * `condition` (`import` for an ES module bundler, `require` for webpack 4, which reads no ES
 * module entry of a CommonJS-importing package). The path keeps the package's place in the
 * project even when it is a link (a linked or workspace package), where Node's resolver would
 * answer the link's target, outside the project the bundler serves.
 * @param subpath `.` for `@line/liff`, `./core` for `@line/liff/core`
 * @returns undefined when the app has no such package or the package has no such entry
 */
export function sdkPackageEntry(projectDir: string, subpath: '.' | './core', condition: 'import' | 'require'): string | undefined {
  for (let dir = projectDir; ; dir = dirname(dir)) {
    const pkgDir = join(dir, 'node_modules', '@line', 'liff');
    if (existsSync(join(pkgDir, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
        exports?: Record<string, Partial<Record<'import' | 'require', string>>>;
      };
      const file = pkg.exports?.[subpath]?.[condition];
      return file ? join(pkgDir, file) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}
