/**
 * A project of its own made from `e2e/fixtures/vite-liff-app/` (an app on `@line/liff` with
 * `embedkit()` in its vite.config and its LIFF ID in `.env`), as a developer has it: a folder with
 * a package.json and a node_modules that holds `@line/liff`, `vite` and `embedkit` (this checkout,
 * linked as `npm link` would).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The fixture's LIFF ID (its `.env`): made in the platform's console, unknown to the default world. */
export const FIXTURE_LIFF_ID = '2001234567-AbCdEfGh';
/** The LIFF ID of `e2e/fixtures/liff-core-app/` (its main.js and .env over the vite app's files): the same app on `@line/liff/core` and three modules. */
export const CORE_FIXTURE_LIFF_ID = '2001234567-CoreMods';

/** This checkout. */
const ROOT = resolve(import.meta.dirname, '..');

/**
 * A new project folder (remove it with {@link removeViteLiffApp}).
 * @param fixture the folder of `e2e/fixtures/` it is made from
 */
export function makeViteLiffApp(fixture: 'vite-liff-app' | 'liff-core-app' = 'vite-liff-app'): string {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-vite-app-'));
  // The core app is the same project (page, vite.config) with its own main.js and .env.
  cpSync(join(ROOT, 'e2e/fixtures/vite-liff-app'), dir, { recursive: true });
  if (fixture !== 'vite-liff-app') cpSync(join(ROOT, 'e2e/fixtures', fixture), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'vite-liff-app', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules/@line'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/@line/liff'), join(dir, 'node_modules/@line/liff'));
  symlinkSync(join(ROOT, 'node_modules/vite'), join(dir, 'node_modules/vite'));
  symlinkSync(ROOT, join(dir, 'node_modules/embedkit'));
  return dir;
}

/** Removes a project made by {@link makeViteLiffApp} (the links only, never what they point at). */
export function removeViteLiffApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
