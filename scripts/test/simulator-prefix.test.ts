/**
 * The simulator API's path is written in its contract, not in each client: outside tests, the
 * prefix appears in the contract and in the demo bot (a program of its own that knows embedkit
 * only over HTTP, compiled apart from the server), in code and comments alike.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SKIP = /(^|\/)(node_modules|dist|test|fixtures)(\/|$)|\.(test|spec)\.ts$/;

function sourcesOf(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (SKIP.test(path)) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sourcesOf(path);
    return /\.(ts|mjs|js|html)$/.test(name) ? [path] : [];
  });
}

it('names the simulator API prefix in at most three source files', () => {
  const prefix = ['', 'embedkit', 'v1'].join('/');
  const files = ['contract/src', 'server/src', 'host', 'sdk/src', 'demo', 'bench', 'scripts']
    .flatMap(sourcesOf)
    .filter((f) => readFileSync(join(ROOT, f), 'utf8').includes(prefix));
  expect(files.sort()).toEqual(['contract/src/simulator-api.ts', 'demo/bot/src/bots.ts']);
});
