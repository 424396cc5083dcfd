/**
 * The docs cannot go stale: every code block of README.md and the pages under docs/ runs or type-checks as its
 * info string says (scripts/doctest, convention in docs/project/doc-tests.md), every relative link
 * resolves, the README stays short; and a stale block is caught.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docFiles } from '../doctest/files.js';
import { anchors, brokenLinks } from '../doctest/links.js';
import { runDoctests } from '../doctest/run.js';
import { InfoStringError, readBlocks } from '../doctest/blocks.js';
import { outputMatches } from '../doctest/output.js';
import { sessionSteps } from '../doctest/shell.js';

const root = resolve(import.meta.dirname, '../..');
const temp = mkdtempSync(join(tmpdir(), 'embedkit-doctest-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the docs', () => {
  it('every block of README.md and docs/**/*.md passes', { timeout: 300_000 }, async () => {
    const report = await runDoctests({ projectRoot: root, files: docFiles(root) });
    expect(report.failures).toEqual([]);
    // The runner really ran blocks of each kind (a parser that found nothing would pass too).
    expect(report.counts.typescript).toBeGreaterThan(0);
    expect(report.counts.shell).toBeGreaterThan(0);
  });

  it('every relative link of README.md and docs/**/*.md resolves, anchors included', () => {
    expect(docFiles(root).flatMap(brokenLinks)).toEqual([]);
  });

  it('covers the pages in the group folders of docs/ too, not only those at its top', () => {
    const project = join(temp, 'project');
    mkdirSync(join(project, 'docs', 'guide', 'deeper'), { recursive: true });
    const pages = ['README.md', 'docs/README.md', 'docs/guide/a.md', 'docs/guide/deeper/b.md'];
    for (const f of [...pages, 'docs/host.png']) writeFileSync(join(project, f), '# A page\n');
    expect(docFiles(project)).toEqual(pages.map((f) => join(project, f)));
  });

  it('the README fits in 200 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });
});

describe('a stale doc fails', () => {
  const APPS_ADD = 'apps add http://localhost:5173/ --view tall\n1650000001-';
  /** The doc that shows `embedkit apps add` with its output, copied to the temp folder, optionally changed. */
  const copyOfAppsAddDoc = (change: (text: string) => string) => {
    const source = docFiles(root).find((f) => readFileSync(f, 'utf8').includes(APPS_ADD));
    expect(source, 'a doc shows `npx embedkit apps add ... --view tall` with its output').toBeDefined();
    const copy = join(temp, `copy-${Math.random().toString(36).slice(2)}.md`);
    writeFileSync(copy, change(readFileSync(source!, 'utf8')));
    return copy;
  };

  // One run for all of them (one server, one compile), each file's failures told apart by name.
  it(
    'a renamed CLI option, config option or export, and a wrong shown output fail, each naming its block',
    { timeout: 300_000 },
    async () => {
      const renamed = copyOfAppsAddDoc((t) => t.replace(APPS_ADD, APPS_ADD.replace('--view', '--look')));
      const unchanged = copyOfAppsAddDoc((t) => t);
      const stale = join(temp, 'stale.md');
      writeFileSync(
        stale,
        [
          '```jsonc',
          '{ "$schema": "http://localhost:8080/schemas/v1/config.json", "prot": 8080 }',
          '```',
          '',
          '```ts',
          "import { startEmbedKit } from 'embedkit/testing';",
          '```',
          '',
          '```sh',
          '$ curl -s http://localhost:8080/embedkit/v1/health',
          '{"status":"dead",...}',
          '```',
          '',
        ].join('\n'),
      );
      const report = await runDoctests({ projectRoot: root, files: [renamed, unchanged, stale] });
      const failed = Object.fromEntries(report.failures.map((f) => [f.block.replace(/^.*\//, ''), f.messages.join('\n')]));
      const renamedBlock = Object.keys(failed).find((k) => k.startsWith(basename(renamed)));
      // The unchanged copy passes: the rename is what fails.
      expect(Object.keys(failed).sort()).toEqual([renamedBlock, 'stale.md:1 (jsonc)', 'stale.md:5 (ts)', 'stale.md:9 (sh)'].sort());
      expect(renamedBlock).toMatch(/^copy-\w+\.md:\d+ \(sh\)$/);
      expect(failed[renamedBlock!]).toContain("unknown option '--look'");
      expect(failed['stale.md:1 (jsonc)']).toContain('prot');
      expect(failed['stale.md:5 (ts)']).toContain('startEmbedKit');
      expect(failed['stale.md:9 (sh)']).toContain('"status":"live"');
    },
  );
});

describe('the marking convention', () => {
  it('a block that is not run must say why', () => {
    expect(() => readBlocks('x.md', '```sh no-run:\nnpm start\n```\n')).toThrow(InfoStringError);
    expect(() => readBlocks('x.md', '```ts skip\nx\n```\n')).toThrow(/unknown marker/);
    expect(readBlocks('x.md', '```sh no-run: runs until Ctrl-C\nnpm start\n```\n')[0]).toMatchObject({
      kind: 'shell',
      skipReason: 'runs until Ctrl-C',
      line: 1,
    });
  });

  it('"..." in a shown output matches any text, the rest must match', () => {
    expect(outputMatches('{"embedId":"1650000001-..."}', '{"embedId":"1650000001-Ab12Cd34"}')).toBe(true);
    expect(outputMatches('a\n...\nz', 'a\nb\nc\nz\n')).toBe(true);
    expect(outputMatches('{"embedId":"1650000001-..."}', '{"message":"no"}')).toBe(false);
  });

  it('a session is its prompts, each with the lines after it', () => {
    expect(sessionSteps('$ a \\\n  --b\nout 1\n$ c')).toEqual([
      { command: 'a \\\n  --b', expected: 'out 1\n' },
      { command: 'c', expected: '' },
    ]);
    expect(sessionSteps('echo hi')).toBeUndefined();
  });

  it('a link to a missing file or heading is reported with its line; GitHub anchors resolve', () => {
    expect([...anchors('# A `code` title\n## Ports: one origin\n## Ports: one origin\n```\n# not a heading\n```\n')]).toEqual([
      'a-code-title',
      'ports-one-origin',
      'ports-one-origin-1',
    ]);
    const doc = join(temp, 'links.md');
    writeFileSync(
      doc,
      '# Title\n\n[ok](#title) [gone](missing.md)\n\n[bad](#no-such-heading) `[code](nowhere.md)` [web](https://example.com/x)\n',
    );
    expect(brokenLinks(doc)).toEqual([`${doc}:3: missing.md: no such file`, `${doc}:5: #no-such-heading: no heading with this anchor`]);
  });
});
