/**
 * docs/guide/liff.md names every member of `@line/liff`'s `Liff` where a reader looks for it: a
 * served or kept member in the table "What each method does in the host", a refused one in "What
 * is refused". With the compiler's check of `LIFF_COVERAGE` (liff-coverage.test.ts), a new
 * `@line/liff` that adds a member fails until the plugin and the page both say what it does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIFF_COVERAGE } from '../../src/liff/index.js';

const PAGE = readFileSync(new URL('../../../docs/guide/liff.md', import.meta.url), 'utf8');

/** The text of a `##` section of the page, up to the next one. */
function section(title: string): string {
  const start = PAGE.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/guide/liff.md has no section "${title}"`);
  const end = PAGE.indexOf('\n## ', start + 1);
  return PAGE.slice(start, end < 0 ? undefined : end);
}

/** The members a text names as code: `name`, `name()`, `name.x()` and `name.*` count for `name`. */
function named(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/`([A-Za-z_$][\w$]*)/g)) found.add(m[1]!);
  return found;
}

describe('docs/guide/liff.md', () => {
  it('lists every served or kept member in the table of what each method does, and every refused one under what is refused', () => {
    const served = named(
      section('What each method does in the host')
        .split('\n')
        .filter((l) => l.startsWith('|'))
        .join('\n'),
    );
    const refused = named(section('What is refused'));
    const missing = Object.entries(LIFF_COVERAGE)
      .filter(([member, coverage]) => !(coverage === 'refused' ? refused : served).has(member))
      .map(([member, coverage]) => `${member} (${coverage})`);
    expect(missing, 'members the page does not name where it should').toEqual([]);
  });

  it('names, for every member, the test that shows it, and each file it names exists', () => {
    const rows = section('Which test shows each member')
      .split('\n')
      .filter((l) => l.startsWith('| `'));
    const covered = new Set(rows.flatMap((row) => [...named(row.split(' | ')[0]!)]));
    const missing = Object.keys(LIFF_COVERAGE).filter((member) => !covered.has(member));
    expect(missing, 'members without the test that shows them').toEqual([]);
    const files = rows.flatMap((row) => [...row.matchAll(/`((?:e2e|sdk|host|server)\/[\w./-]+\.ts)`/g)].map((m) => m[1]!));
    expect(files.length).toBeGreaterThanOrEqual(rows.length);
    const absent = files.filter((file) => !existsSync(new URL(`../../../${file}`, import.meta.url)));
    expect(absent, 'test files the page names that do not exist').toEqual([]);
  });
});
