/**
 * The LIFF ID an app already carries, as `embedkit dev` finds it: the variable the platform's
 * scaffolder (`@line/create-liff-app`) writes for each framework, in the environment or in the
 * project's env files, read the way the dev servers read them (the environment wins over the files).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** The variables that hold an app's LIFF ID: Vite's, Next.js's, and Nuxt's (no prefix). */
export const LIFF_ID_VARIABLES = ['VITE_LIFF_ID', 'NEXT_PUBLIC_LIFF_ID', 'LIFF_ID'] as const;

/**
 * The env files of a dev server in development mode, the one that wins first (Vite's order;
 * Next.js reads the same files, `.env.local` before `.env.development`).
 */
export const ENV_FILES = ['.env.development.local', '.env.development', '.env.local', '.env'] as const;

/** A LIFF ID found, and where: the variable and the file (absent: the environment). */
export interface FoundLiffId {
  liffId: string;
  variable: (typeof LIFF_ID_VARIABLES)[number];
  file?: string;
}

/**
 * The app's LIFF ID: the first of {@link LIFF_ID_VARIABLES} set to a non-empty value in `env`, else
 * in the first of {@link ENV_FILES} in `dir` that sets one; null when none does (an empty value, as
 * the scaffolder writes when asked for no ID, counts as none).
 */
export function appLiffId(dir: string, env: NodeJS.ProcessEnv = process.env): FoundLiffId | null {
  const first = (vars: Record<string, string | undefined>) => LIFF_ID_VARIABLES.find((v) => vars[v]?.trim());
  const fromEnv = first(env);
  if (fromEnv) return { liffId: env[fromEnv]!.trim(), variable: fromEnv };
  for (const file of ENV_FILES) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const vars = parseEnv(readFileSync(path, 'utf8'));
    const found = first(vars);
    if (found) return { liffId: vars[found]!.trim(), variable: found, file };
  }
  return null;
}
