// The project's dependency rules (.dependency-cruiser.mjs) fail on planted violations and pass a
// clean tree: each planted file breaks exactly one rule, in a throwaway copy of the layout.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

/** A tree of files (path → source) below a fresh folder inside the repository (so `kysely` resolves). */
async function plant(files: Record<string, string>): Promise<string> {
  await mkdir(join(ROOT, '.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.cache/lint-rules-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** The rule names dependency-cruiser reports for the tree, with the edge each one names. */
async function violations(dir: string): Promise<string[]> {
  const args = ['--config', join(ROOT, '.dependency-cruiser.mjs'), '--output-type', 'json', 'server/src'];
  const out = await run(DEPCRUISE, args, { cwd: dir }).catch((e: { stdout: string }) => e);
  const report = JSON.parse(out.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

/** A layout that keeps every rule: two interfaces, a shared folder, a store, the composition root. */
const CLEAN: Record<string, string> = {
  'server/src/interfaces/a/index.ts': "export { A } from './service.js';\n",
  'server/src/interfaces/a/service.ts': "import { shared } from '../../world/shared.js';\nexport const A = shared + 1;\n",
  'server/src/interfaces/b/index.ts': "import { A } from '../a/index.js';\nexport const B = A + 1;\n",
  'server/src/interfaces/b/store.ts': "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
  'server/src/world/shared.ts': 'export const shared = 1;\n',
  'server/src/app.ts': "import { B } from './interfaces/b/index.js';\nexport const app = B;\n",
};

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the dependency rules', () => {
  it('pass a tree that keeps them', async () => {
    dir = await plant(CLEAN);
    expect(await violations(dir)).toEqual([]);
  });

  it("refuse an interface importing another interface's internals", async () => {
    dir = await plant({ ...CLEAN, 'server/src/interfaces/b/index.ts': "import { A } from '../a/service.js';\nexport const B = A + 1;\n" });
    expect(await violations(dir)).toEqual(['interface-internals: server/src/interfaces/b/index.ts -> server/src/interfaces/a/service.ts']);
  });

  it("refuse the composition root importing an interface's internals", async () => {
    dir = await plant({ ...CLEAN, 'server/src/app.ts': "import { A } from './interfaces/a/service.js';\nexport const app = A;\n" });
    expect(await violations(dir)).toEqual(['interface-internals-from-outside: server/src/app.ts -> server/src/interfaces/a/service.ts']);
  });

  it('refuse a shared folder importing an interface', async () => {
    dir = await plant({ ...CLEAN, 'server/src/world/uses-a.ts': "import { A } from '../interfaces/a/index.js';\nexport const x = A;\n" });
    expect(await violations(dir)).toEqual([
      'shared-builds-on-no-interface: server/src/world/uses-a.ts -> server/src/interfaces/a/index.ts',
    ]);
  });

  it('refuse the SQL builder outside a store, and allow it as a type', async () => {
    dir = await plant({
      ...CLEAN,
      'server/src/interfaces/b/routes.ts': "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
      'server/src/interfaces/b/typed.ts': "import type { Kysely } from 'kysely';\nexport type Db = Kysely<unknown>;\n",
    });
    const found = await violations(dir);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^sql-only-in-stores: server\/src\/interfaces\/b\/routes\.ts -> .*node_modules\/kysely\//);
  });

  it('refuse a circle, type-only imports included', async () => {
    dir = await plant({
      ...CLEAN,
      'server/src/world/one.ts': "import type { Two } from './two.js';\nexport interface One { two?: Two }\n",
      'server/src/world/two.ts': "import type { One } from './one.js';\nexport interface Two { one?: One }\n",
    });
    const found = await violations(dir);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-circular: server\/src\/world\/(one|two)\.ts -> server\/src\/world\/(two|one)\.ts$/);
  });
});
