/**
 * A project of its own made from `e2e/fixtures/next-liff-app/` (the platform scaffolder's Next.js
 * TypeScript template, unchanged, with `withEmbedkit` in its next.config and its LIFF ID in
 * `.env.local`), as a developer has it: a package.json and a node_modules holding `next`, React,
 * TypeScript, `@line/liff` and `embedkit` (this checkout, linked as `npm link` would).
 *
 * The folder is made under this checkout's `.cache/`: Turbopack serves the files of the workspace
 * it finds (the nearest lockfile up the tree), and the linked packages' real files are in this
 * checkout, as a workspace package's are in its monorepo.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The fixture's LIFF ID (its `.env.local`): made in the platform's console, unknown to the default world. */
export const NEXT_FIXTURE_LIFF_ID = '2001234567-NextApp1';

/** This checkout. */
const ROOT = resolve(import.meta.dirname, '../..');
/** The packages the app imports, and those `next dev` requires of a TypeScript project. */
const LINKED = ['next', 'react', 'react-dom', 'typescript', '@types/react', '@types/node', '@line/liff'];

/** A new project folder (remove it with {@link removeNextLiffApp}). */
export function makeNextLiffApp(): string {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.cache', 'next-liff-app-'));
  cpSync(join(ROOT, 'e2e/fixtures/next-liff-app'), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'next-liff-app', private: true }));
  for (const name of LINKED) {
    mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  symlinkSync(ROOT, join(dir, 'node_modules/embedkit'));
  return dir;
}

/** Removes a project made by {@link makeNextLiffApp} (the links only, never what they point at). */
export function removeNextLiffApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
