// The build decides what to rebuild by the content of a step's inputs: files touched without a
// change (as `npm pack`, a checkout or a copy do) cost no rebuild; a changed or missing file does.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the build, without types
import { isStale, markBuilt } from '../build-stale.mjs';

let dir: string;
let step: { name: string; inputs: string[]; outputs: string[] };
let stamps: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-build-stale-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'dist', 'a.js'), 'export const a = 1;\n');
  step = { name: 'server', inputs: [join(dir, 'src')], outputs: [join(dir, 'dist', 'a.js')] };
  stamps = join(dir, 'stamps');
  // Built after its source, as a build leaves it.
  utimesSync(join(dir, 'src', 'a.ts'), 1_000, 1_000);
  utimesSync(join(dir, 'dist', 'a.js'), 2_000, 2_000);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('build staleness', () => {
  it('a source touched without a change (npm pack, a checkout) needs no rebuild', () => {
    expect(isStale(step, stamps)).toBe(false);
    utimesSync(join(dir, 'src', 'a.ts'), 3_000, 3_000);
    expect(isStale(step, stamps)).toBe(false);
  });

  it('a changed, added or missing file does; once built, it is fresh again', () => {
    expect(isStale(step, stamps)).toBe(false);
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(isStale(step, stamps)).toBe(true);
    markBuilt(step, stamps);
    expect(isStale(step, stamps)).toBe(false);
    writeFileSync(join(dir, 'src', 'b.ts'), 'export const b = 1;\n');
    expect(isStale(step, stamps)).toBe(true);
    markBuilt(step, stamps);
    rmSync(join(dir, 'dist', 'a.js'));
    expect(isStale(step, stamps)).toBe(true);
  });

  it('without a stamp, a source newer than the outputs is stale (a tree built before stamps)', () => {
    utimesSync(join(dir, 'src', 'a.ts'), 3_000, 3_000);
    expect(isStale(step, stamps)).toBe(true);
  });
});
