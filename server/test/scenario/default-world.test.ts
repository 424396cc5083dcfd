import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, readScenario, scenarioProblems } from '../../src/scenario/load.js';

// A start reads the packaged world without checking it (scenario/load.ts readScenario): this is its check.
describe('the packaged default world', () => {
  it('passes every check a scenario file gets', () => {
    expect(scenarioProblems(JSON.parse(readFileSync(DEFAULT_SCENARIO, 'utf8')))).toEqual([]);
  });

  it('is read as the file says', async () => {
    expect(await readScenario(DEFAULT_SCENARIO)).toEqual(JSON.parse(readFileSync(DEFAULT_SCENARIO, 'utf8')));
  });
});
