/**
 * The simulator API is the list of its units' slices (`contract/src/simulator-api/`, one file per
 * unit): every slice file is spread into `SIMULATOR_API`, and no route name is in two of them, where
 * the later spread would silently win over the earlier.
 */
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_API } from '#contract/simulator-api.js';

const SLICES = fileURLToPath(new URL('../../../contract/src/simulator-api/', import.meta.url));

/** Every `*_ROUTES` export of the slice files, by `<file>#<export>`. */
async function slices(): Promise<Map<string, Record<string, { unit: string }>>> {
  const found = new Map<string, Record<string, { unit: string }>>();
  for (const entry of readdirSync(SLICES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = relative(SLICES, `${entry.parentPath}/${entry.name}`);
    const module = (await import(`#contract/simulator-api/${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('_ROUTES')) found.set(`${file}#${name}`, value as Record<string, { unit: string }>);
  }
  return found;
}

describe('the simulator API’s slices', () => {
  it('are all in SIMULATOR_API, each route in one slice only, each slice naming one unit', async () => {
    const all = await slices();
    expect(all.size).toBeGreaterThanOrEqual(16);
    const owner = new Map<string, string>();
    for (const [slice, routes] of all) {
      expect(new Set(Object.values(routes).map((r) => r.unit)).size, slice).toBe(1);
      for (const name of Object.keys(routes)) {
        expect(owner.get(name), `${name} in ${slice}`).toBeUndefined();
        owner.set(name, slice);
      }
    }
    expect([...owner.keys()].sort()).toEqual(Object.keys(SIMULATOR_API).sort());
  });
});
