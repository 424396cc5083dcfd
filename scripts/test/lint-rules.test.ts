// The project's structural rules fail on planted violations and pass clean code: the dependency
// rules (.dependency-cruiser.mjs) on a throwaway copy of the layout, each planted file breaking
// exactly one; the linter's rules (eslint.config.js: SQL only in stores, the depth of relative
// imports) on code placed at real paths; the folder size check (scripts/folder-size.mjs) on a
// throwaway git work tree.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
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
  const args = ['--config', join(ROOT, '.dependency-cruiser.mjs'), '--output-type', 'json', 'contract/src', 'server/src', 'host/src'];
  const out = await run(DEPCRUISE, args, { cwd: dir }).catch((e: { stdout: string }) => e);
  const report = JSON.parse(out.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

/** A layout that keeps every rule: the contract, two interfaces, a shared folder, a store, the composition root and the process on it, the host. */
const CLEAN: Record<string, string> = {
  'contract/src/wire.ts': 'export interface Wire { id: string }\n',
  'host/src/main.ts': "import type { Wire } from '../../contract/src/wire.js';\nexport const w: Wire = { id: '1' };\n",
  'host/src/app/bridge/connect.ts': "import { call } from '../../simulator-api/client.js';\nexport const connect = call;\n",
  'host/src/simulator-api/client.ts': 'export const call = 1;\n',
  'host/src/phone/chat/screen.ts': "import { connect } from '../../app/bridge/connect.js';\nexport const screen = connect;\n",
  'server/src/interfaces/a/index.ts': "export { A } from './service.js';\n",
  'server/src/interfaces/a/service.ts': "import { shared } from '../../world/shared.js';\nexport const A = shared + 1;\n",
  'server/src/interfaces/b/index.ts': "import { A } from '../a/index.js';\nexport const B = A + 1;\n",
  'server/src/interfaces/b/store.ts': "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
  'server/src/interfaces/b/f/service.ts': "import { helper } from './helper.js';\nexport const F = helper;\n",
  'server/src/interfaces/b/f/helper.ts': 'export const helper = 1;\n',
  'server/src/interfaces/b/g/service.ts': "import { F } from '../f/service.js';\nexport const G = F;\n",
  'server/src/interfaces/b/routes.ts': "import { G } from './g/service.js';\nexport const routes = G;\n",
  'server/src/world/shared.ts': 'export const shared = 1;\n',
  'server/src/kit/embedkit.ts': "import { B } from '../interfaces/b/index.js';\nexport const kit = B;\n",
  'server/src/serve/start.ts': "import { kit } from '../kit/embedkit.js';\nexport const start = kit;\n",
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

  /** Each case: the files planted over the clean tree, and the one violation expected (a pattern). */
  const PLANTED: [string, Record<string, string>, RegExp][] = [
    [
      "an interface importing another interface's internals",
      { 'server/src/interfaces/b/index.ts': "import { A } from '../a/service.js';\nexport const B = A + 1;\n" },
      /^interface-internals: server\/src\/interfaces\/b\/index\.ts -> server\/src\/interfaces\/a\/service\.ts$/,
    ],
    [
      "the composition root importing an interface's internals",
      { 'server/src/kit/embedkit.ts': "import { A } from '../interfaces/a/service.js';\nexport const kit = A;\n" },
      /^interface-internals-from-outside: server\/src\/kit\/embedkit\.ts -> server\/src\/interfaces\/a\/service\.ts$/,
    ],
    [
      "a feature importing another feature's own module (not one of its role files)",
      { 'server/src/interfaces/b/g/service.ts': "import { helper } from '../f/helper.js';\nexport const G = helper;\n" },
      /^feature-internals: server\/src\/interfaces\/b\/g\/service\.ts -> server\/src\/interfaces\/b\/f\/helper\.ts$/,
    ],
    [
      "a unit's top file importing a feature's own module",
      { 'server/src/interfaces/b/routes.ts': "import { helper } from './f/helper.js';\nexport const routes = helper;\n" },
      /^feature-internals-from-unit: server\/src\/interfaces\/b\/routes\.ts -> server\/src\/interfaces\/b\/f\/helper\.ts$/,
    ],
    [
      'an interface importing the composition root',
      { 'server/src/interfaces/a/uses-kit.ts': "import { kit } from '../../kit/embedkit.js';\nexport const A = kit;\n" },
      /^no-import-back-up: server\/src\/interfaces\/a\/uses-kit\.ts -> server\/src\/kit\/embedkit\.ts$/,
    ],
    [
      'a shared folder importing the process',
      { 'server/src/world/uses-serve.ts': "import { start } from '../serve/start.js';\nexport const x = start;\n" },
      /^no-import-back-up: server\/src\/world\/uses-serve\.ts -> server\/src\/serve\/start\.ts$/,
    ],
    [
      "the host's bridge importing a screen",
      { 'host/src/app/bridge/uses-screen.ts': "import { screen } from '../../phone/chat/screen.js';\nexport const x = screen;\n" },
      /^host-lower-builds-on-no-screen: host\/src\/app\/bridge\/uses-screen\.ts -> host\/src\/phone\/chat\/screen\.ts$/,
    ],
    [
      'the composition root importing the process that listens',
      { 'server/src/kit/port.ts': "import { start } from '../serve/start.js';\nexport const port = start;\n" },
      /^wiring-builds-on-no-process: server\/src\/kit\/port\.ts -> server\/src\/serve\/start\.ts$/,
    ],
    [
      'a shared folder importing an interface',
      { 'server/src/world/uses-a.ts': "import { A } from '../interfaces/a/index.js';\nexport const x = A;\n" },
      /^shared-builds-on-no-interface: server\/src\/world\/uses-a\.ts -> server\/src\/interfaces\/a\/index\.ts$/,
    ],
    [
      'the SQL builder as a value outside a store (as a type it is allowed)',
      {
        'server/src/interfaces/b/routes.ts': "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
        'server/src/interfaces/b/typed.ts': "import type { Kysely } from 'kysely';\nexport type Db = Kysely<unknown>;\n",
      },
      /^sql-only-in-stores: server\/src\/interfaces\/b\/routes\.ts -> .*node_modules\/kysely\//,
    ],
    [
      "the host importing the server's source (even a type)",
      { 'host/src/main.ts': "import type { A } from '../../server/src/interfaces/a/index.js';\nexport type W = typeof A;\n" },
      /^browser-not-server: host\/src\/main\.ts -> server\/src\/interfaces\/a\/index\.ts$/,
    ],
    [
      'the contract importing a side of it',
      { 'contract/src/wire.ts': "import { shared } from '../../server/src/world/shared.js';\nexport const w = shared;\n" },
      /^contract-stands-alone: contract\/src\/wire\.ts -> server\/src\/world\/shared\.ts$/,
    ],
    [
      'a circle, type-only imports included',
      {
        'server/src/world/one.ts': "import type { Two } from './two.js';\nexport interface One { two?: Two }\n",
        'server/src/world/two.ts': "import type { One } from './one.js';\nexport interface Two { one?: One }\n",
      },
      /^no-circular: server\/src\/world\/(one|two)\.ts -> server\/src\/world\/(two|one)\.ts$/,
    ],
  ];

  it.each(PLANTED)('refuse %s', async (_name, files, expected) => {
    dir = await plant({ ...CLEAN, ...files });
    const found = await violations(dir);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(expected);
  });
});

describe('the linter', () => {
  const eslint = new ESLint({ cwd: ROOT });
  /** The rules the linter reports for `code` as if it were the file at `path` (relative to the repository). */
  const rules = async (path: string, code: string) =>
    (await eslint.lintText(code, { filePath: join(ROOT, path) }))[0]!.messages.map((m) => m.ruleId);

  const QUERY =
    "import type { Kysely } from 'kysely';\nexport const q = (db: Kysely<{ t: { a: number } }>) => db.selectFrom('t').selectAll().execute();\n";
  const TAGGED = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";

  it('refuses a query built outside a store', async () => {
    expect(await rules('server/src/cli/planted.ts', QUERY)).toEqual(['no-restricted-syntax']);
    expect(await rules('server/src/interfaces/bot/planted-routes.ts', TAGGED)).toEqual(['no-restricted-syntax']);
  });

  it('accepts the same query in a store', async () => {
    expect(await rules('server/src/interfaces/bot/planted-store.ts', QUERY)).toEqual([]);
    expect(await rules('server/src/db/planted.ts', TAGGED)).toEqual([]);
  });

  it('refuses a relative import climbing more than three folders, anywhere', async () => {
    // Written with repeat() so that no text of this file is itself an import four folders up.
    const up = (n: number) => '../'.repeat(n);
    const deep = `import { x } from '${up(4)}sdk/src/x.js';\nexport const y = x;\n`;
    expect(await rules('host/src/chat/kinds/audio/planted.ts', deep)).toEqual(['no-restricted-imports']);
    expect(await rules('e2e/bots/planted.spec.ts', `export { x } from '${up(4)}x.js';\n`)).toEqual(['no-restricted-imports']);
    expect(await rules('server/src/interfaces/bot/coupons/planted.ts', `import { x } from '${up(5)}x.js';\nexport const y = x;\n`)).toEqual(
      ['no-restricted-imports'],
    );
  });

  it('accepts a relative import climbing three folders', async () => {
    expect(
      await rules('server/src/interfaces/bot/coupons/planted.ts', "import { x } from '../../../db/x.js';\nexport const y = x;\n"),
    ).toEqual([]);
  });

  it("accepts a domain's own `transaction(hash)`", async () => {
    const code = 'export const q = (tokens: { transaction(h: string): Promise<unknown> }) => tokens.transaction("0xabc");\n';
    expect(await rules('server/src/interfaces/blockchain/planted.ts', code)).toEqual([]);
  });
});

describe('the folder size check', () => {
  /** A git work tree holding, per folder, that many code files (all added), and the `extra` files. */
  async function tree(files: Record<string, number>, extra: string[] = []): Promise<string> {
    const planted: Record<string, string> = {};
    for (const [folder, count] of Object.entries(files))
      for (let i = 0; i < count; i++) planted[`${folder}/m${i}.ts`] = `export const m${i} = ${i};\n`;
    for (const path of extra) planted[path] = '\n';
    const root = await plant(planted);
    await run('git', ['init', '-q'], { cwd: root });
    await run('git', ['add', '-A'], { cwd: root });
    return root;
  }

  /** The check's exit code and report, run in `root`. */
  const check = (root: string) =>
    run(process.execPath, [join(ROOT, 'scripts/folder-size.mjs')], { cwd: root }).then(
      () => ({ code: 0, report: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, report: e.stderr }),
    );

  it('passes folders of 15 code files, the migrations and files that are not code', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => `server/src/world/page${i}.md`);
    dir = await tree({ 'server/src/world': 15, 'server/src/db/migrations': 40 }, pages);
    expect(await check(dir)).toEqual({ code: 0, report: '' });
  });

  it("refuses a code file loose at the host's root beside its entry", async () => {
    dir = await tree({ 'host/src/phone': 3 }, ['host/src/main.ts', 'host/src/helpers.ts', 'host/src/styles.css']);
    const { code, report } = await check(dir);
    expect(code).toBe(1);
    expect(report.split('\n').filter((l) => l.startsWith('  '))).toEqual(['  host/src/helpers.ts']);
  });

  it('refuses every folder of 16 code files or more, largest first', async () => {
    dir = await tree({ e2e: 16, 'host/test': 18, 'server/src/http': 15 });
    const { code, report } = await check(dir);
    expect(code).toBe(1);
    expect(report.split('\n').filter((l) => l.startsWith('  '))).toEqual([
      '  host/test: 18 files (limit 15)',
      '  e2e: 16 files (limit 15)',
    ]);
  });
});
