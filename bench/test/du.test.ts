import { describe, expect, it } from 'vitest';
import { formatEntries, heaviestPackages } from '../size/du.js';

const DU = [
  '1048576\t/p/node_modules/.bin',
  '52428800\t/p/node_modules/@line',
  '41943040\t/p/node_modules/@line/bot-sdk',
  '10485760\t/p/node_modules/@line/liff',
  '20971520\t/p/node_modules/better-sqlite3',
  '4096\t/p/node_modules/.package-lock.json',
  '31457280\t/p/node_modules/typescript',
  'du: cannot access something',
  '',
].join('\n');

describe('heaviestPackages', () => {
  it('names the heaviest packages, scoped ones with their scope, without scope folders or npm’s own entries', () => {
    expect(heaviestPackages(DU, 3)).toEqual([
      { name: '@line/bot-sdk', bytes: 41943040 },
      { name: 'typescript', bytes: 31457280 },
      { name: 'better-sqlite3', bytes: 20971520 },
    ]);
  });

  it('formats sizes in MB', () => {
    expect(formatEntries(heaviestPackages(DU, 2))).toBe('@line/bot-sdk 40.0 MB, typescript 30.0 MB');
  });
});
