/**
 * The recipe of a new unit, checked (docs/project/architecture.md, "Where a change goes"): in a copy
 * of the contract, the server and the coverage page's generator, a throw-away unit `pets` is one
 * folder under the copy's interfaces (its plugin with its scenario slice, its `create`, one
 * platform route, the handler of its simulator route), its contract slice
 * (a `pets` file in the copy's contract) and one line in each list: `SIMULATOR_API`, `UNITS`,
 * `builtUnits` (with its build in `createUnits`), `PUBLISHED_OPERATIONS`. Then the compiler accepts
 * it (and refuses it without its handler), the kit mounts its simulator route and its platform
 * route, the scenario loader checks and seeds its property, and the coverage page lists its route.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(REPO, 'node_modules/.bin');

/** The unit's contract slice: one simulator route, named for the unit. */
const CONTRACT_SLICE = `import { Type } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';

export const PETS_ROUTES = defineContract({
  pets: { method: 'GET', path: '/pets', summary: 'the pets of the world', answer: Type.Array(Type.String()), unit: 'pets' },
} satisfies Contract<'pets'>);
`;

/** The unit's folder: its plugin (a scenario slice of one property), one platform route, its simulator handler. */
const unitIndex = (handlers: string) => `import { Router } from 'express';
import { Type } from '@sinclair/typebox';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import type { WorldStore } from '../../world/world-store.js';

const petsScenario = scenarioSlice({
  name: 'pets',
  parts: { file: { pets: Type.Optional(Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), owner: Type.String() }))) } },
  problems: (s, { users }) => (s.pets ?? []).flatMap((p, i) => (users.has(p.owner) ? [] : [\`pets[\${i}].owner: unknown user \${p.owner}\`])),
  seed: async (s, at) => at.world.setMeta('pets', (s.pets ?? []).map((p) => p.name).join(',')),
});

export const petsUnit = { name: 'pets', scenario: [petsScenario] } as const satisfies UnitPlugin;

export interface Pets extends BuiltUnit<'pets'> {
  simulator: UnitHandlers<'pets'>;
}

export function createPets(world: WorldStore): Pets {
  const names = async () => ((await world.getMeta('pets')) ?? '').split(',').filter(Boolean);
  const routes = Router().get('/pets/v1/names', async (_req, res) => void res.json({ names: await names() }));
  return { origins: { base: [routes] }, simulator: { ${handlers} } };
}
`;

/** Edits one file of the copy: each \`[after, line]\` puts \`line\` after the first \`after\`. */
function addLines(root: string, file: string, edits: [after: string, line: string][]): void {
  const path = join(root, file);
  let text = readFileSync(path, 'utf8');
  for (const [after, line] of edits) {
    const at = text.indexOf(after);
    if (at < 0) throw new Error(`${file}: no ${after}`);
    text = text.slice(0, at + after.length) + line + text.slice(at + after.length);
  }
  writeFileSync(path, text);
}

/** What the kit of the copy answers, run in a process of its own on the copy's sources. */
const CHECK = `import { pino } from 'pino';
import { createEmbedkit } from './server/src/kit/embedkit.js';
import { scenarioProblems } from './server/src/scenario/load.js';
import { renderCoveragePage } from './scripts/coverage-page.js';

const kit = await createEmbedkit({ inMemory: true, scenarioFile: process.argv[2], logger: pino({ level: 'silent' }) });
const server = kit.app.listen(0, '127.0.0.1');
await new Promise((ok) => server.once('listening', ok));
const { port } = server.address();
const get = async (path) => (await fetch(\`http://127.0.0.1:\${port}\${path}\`)).json();
const scenario = JSON.parse((await import('node:fs')).readFileSync(process.argv[2], 'utf8'));
console.log(JSON.stringify({
  simulator: await get('/embedkit/v1/pets'),
  platform: await get('/pets/v1/names'),
  problems: scenarioProblems({ ...scenario, pets: [{ name: 'Rex', owner: 'U0' }] }),
  coverage: renderCoveragePage().split('\\n').filter((l) => l.includes('/pets/v1/names')),
}));
server.close();
await kit.close();
`;

describe('a throw-away unit added by the recipe', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'embedkit-unit-'));
    for (const part of ['contract/src', 'server/src', 'server/scenarios', 'scripts/coverage-page.ts', 'package.json', 'tsconfig.json']) {
      cpSync(join(REPO, part), join(root, part), { recursive: true });
    }
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    // The unit's own files.
    writeFileSync(join(root, 'contract/src/simulator-api/pets.ts'), CONTRACT_SLICE);
    mkdirSync(join(root, 'server/src/interfaces/pets'));
    writeFileSync(join(root, 'server/src/interfaces/pets/index.ts'), unitIndex(`pets: async () => names()`));
    // One line in each list (and the import it needs).
    addLines(root, 'contract/src/simulator-api.ts', [
      ["import { LAN_ROUTES } from './simulator-api/lan.js';", "\nimport { PETS_ROUTES } from './simulator-api/pets.js';"],
      ['  ...LAN_ROUTES,', '\n  ...PETS_ROUTES,'],
    ]);
    addLines(root, 'server/src/interfaces/index.ts', [
      ["import { v1BotsUnit } from './v1-bots/index.js';", "\nimport { petsUnit } from './pets/index.js';"],
      ['miniAppsUnit, blockchainUnit', ', petsUnit'],
    ]);
    addLines(root, 'server/src/kit/units.ts', [
      [
        "import type { WorldStore } from '../world/world-store.js';",
        "\nimport { createPets, type Pets } from '../interfaces/pets/index.js';",
      ],
      ['  miniApps: MiniApps;', '\n  pets: Pets;'],
      ['  return { channelTokens,', ' pets: createPets(world),'],
      ['u.channelTokenRoutes', ', u.pets'],
    ]);
    addLines(root, 'contract/src/published-platform.ts', [
      [
        'export const PUBLISHED_OPERATIONS: readonly PublishedOperation[] = [',
        "\n  { document: 'messaging-api', method: 'GET', path: '/pets/v1/names', operationId: 'getPetNames', state: SERVED },",
      ],
    ]);
    // The scenario: the default world with one pet.
    const world = JSON.parse(readFileSync(join(root, 'server/scenarios/default.json'), 'utf8')) as { users: { userId: string }[] };
    writeFileSync(join(root, 'pets.json'), JSON.stringify({ ...world, pets: [{ name: 'Rex', owner: world.users[0]!.userId }] }));
    // What the compiler reads: the composition root, whose mount takes a whole set of handlers, and
    // the tables' types (each folder's tables.ts adds its own to the Database by declaration merging).
    writeFileSync(
      join(root, 'tsconfig.unit.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { incremental: true, tsBuildInfoFile: 'unit.tsbuildinfo' },
        include: ['server/src/**/tables.ts'],
        files: ['server/src/kit/embedkit.ts'],
      }),
    );
    writeFileSync(join(root, 'check.mts'), CHECK);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** `tsc` over the composition root of the copy: its errors, none when it compiles. */
  const compile = async () => {
    try {
      await run(join(BIN, 'tsc'), ['-p', 'tsconfig.unit.json'], { cwd: root });
      return '';
    } catch (e) {
      return String((e as { stdout?: string }).stdout);
    }
  };

  it('compiles with its handler, and not without it', async () => {
    expect(await compile()).toBe('');
    writeFileSync(join(root, 'server/src/interfaces/pets/index.ts'), unitIndex(''));
    try {
      expect(await compile()).toMatch(/interfaces\/pets\/index\.ts.*Property 'pets' is missing/);
    } finally {
      writeFileSync(join(root, 'server/src/interfaces/pets/index.ts'), unitIndex(`pets: async () => names()`));
    }
  }, 120_000);

  it('is mounted, loaded from the scenario file and listed on the coverage page', async () => {
    const { stdout } = await run(join(BIN, 'tsx'), ['--conditions=embedkit-source', 'check.mts', join(root, 'pets.json')], { cwd: root });
    const seen = JSON.parse(stdout) as { simulator: unknown; platform: unknown; problems: string[]; coverage: string[] };
    expect(seen.simulator).toEqual(['Rex']);
    expect(seen.platform).toEqual({ names: ['Rex'] });
    expect(seen.problems).toEqual(['pets[0].owner: unknown user U0']);
    expect(seen.coverage).toEqual(['| GET | `/pets/v1/names` | `getPetNames` | served |']);
  }, 60_000);
});
