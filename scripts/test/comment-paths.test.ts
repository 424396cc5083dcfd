/**
 * A comment that names a file of the project names one that exists: a reader who follows it finds
 * it. A path in a comment (`http/errors.ts`, `docs/platform/webhooks.md`, `contract/src/`) resolves
 * from the repository's root, from the commenting file's folder or one above it, or from a source
 * root (`contract/src`, `server/src`, `host/src`, `sdk/src`); paths with placeholders (`<name>`), URLs and build
 * output (`dist/`) are not files of the tree.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCES = [
  'contract/src',
  'server/src',
  'server/test',
  'host/src',
  'host/test',
  'sdk/src',
  'sdk/test',
  'demo',
  'bench',
  'scripts',
  'e2e',
];
const SOURCE_ROOTS = ['contract/src', 'server/src', 'host/src', 'sdk/src', 'server', 'host', 'sdk', 'demo'];
const SKIP = /(^|\/)(node_modules|dist|fixtures)(\/|$)/;

function filesOf(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (SKIP.test(path)) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return filesOf(path);
    return /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

/** The comment text of a file: `//` lines and `/* ... *\/` blocks. */
function commentsOf(text: string): string[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)].map((m) => m[0]);
}

/** Paths a comment names: words with a slash or a known extension that end in a file of ours or a folder. */
function pathsIn(comment: string): string[] {
  const out: string[] = [];
  for (const m of comment.matchAll(
    /(?<![\w@:./<-])((?:\.\.?\/)?(?:[\w.-]+\/)+[\w.-]*\.(?:ts|mjs|md|json|css|html|sh)|(?:[\w-]+\/)+)(?![\w<>*{}])/g,
  )) {
    const p = m[1]!;
    // Build output is made by the build, not kept in the tree.
    if (/(^|\/)dist\//.test(p)) continue;
    // A lone word before a slash is prose ("fromOrigin/toOrigin", "alias/..."), not a folder.
    if (p.endsWith('/') && p.split('/').length < 3) continue;
    if (
      /^(v\d|api|embed|oauth2|friendship|message|schemas|sdk|demo|host|dialog|liff|line)\//.test(p) &&
      !/\.(ts|mjs|md|json|css|html|sh)$/.test(p)
    )
      continue;
    out.push(p);
  }
  return out;
}

function resolves(file: string, path: string): boolean {
  const here = dirname(file);
  const bases = [ROOT, join(ROOT, here), join(ROOT, here, '..'), join(ROOT, here, '..', '..'), ...SOURCE_ROOTS.map((r) => join(ROOT, r))];
  const bare = path.replace(/\/$/, '');
  return bases.some((b) => existsSync(join(b, bare)) || existsSync(join(b, bare.replace(/\.js$/, '.ts'))));
}

it('names only files and folders that exist in comments of the source', () => {
  const stale: string[] = [];
  for (const file of SOURCES.flatMap(filesOf)) {
    for (const comment of commentsOf(readFileSync(join(ROOT, file), 'utf8')))
      for (const path of pathsIn(comment)) if (!resolves(file, path)) stale.push(`${relative(ROOT, join(ROOT, file))}: ${path}`);
  }
  expect(stale).toEqual([]);
});

it('finds a stale path (the check can fail)', () => {
  const stale = ['server/src', 'schemas/message/'].join('/');
  expect(pathsIn(`see \`${stale}\` and http/body.ts`)).toEqual([stale, 'http/body.ts']);
  expect(resolves('server/src/http/errors.ts', 'schemas/messages.ts')).toBe(false);
  expect(resolves('server/src/http/errors.ts', 'http/validate.ts')).toBe(true);
});
