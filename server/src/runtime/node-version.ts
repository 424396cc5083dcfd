/**
 * Which Node.js versions embedkit runs on: the range of package.json's `engines.node`, the one
 * statement of it (npm warns from the same field at install).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { PACKAGE_ROOT } from './package-root.js';

/** package.json's `engines.node` (read from the package root). */
export function supportedNodeRange(): string {
  const pkg = JSON.parse(readFileSync(new URL('package.json', PACKAGE_ROOT), 'utf8')) as { engines: { node: string } };
  return pkg.engines.node;
}

/**
 * Why this Node.js cannot run embedkit, as a message for the terminal, or undefined when it can.
 * Node.js 20 reached its end of life on 2026-04-30; 24 is the active LTS embedkit is developed on,
 * 22 the maintenance LTS it is also tested on.
 * @param version a Node.js version (`process.versions.node`, without the `v`)
 * @param range a semver range (default: {@link supportedNodeRange})
 */
export function unsupportedNode(version: string = process.versions.node, range: string = supportedNodeRange()): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  return (
    `embedkit needs Node.js 24 (or 22.12 and later) — it runs on ${range} — and this is Node.js ${version}.\n` +
    `Install Node.js 24 (https://nodejs.org/en/download, or \`nvm install 24\`), then run it again` +
    ` (and \`npm rebuild better-sqlite3\` in a project installed with the older Node.js).`
  );
}
