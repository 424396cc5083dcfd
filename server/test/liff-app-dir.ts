import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A fresh app folder for the dev-server integrations' tests: `node_modules/@line/liff` links to
 * this checkout's `@line/liff`, as a linked package would. The caller removes it.
 * @param prefix the temporary folder's name prefix, e.g. `embedkit-next-`
 */
export function liffAppDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'node_modules/@line'), { recursive: true });
  symlinkSync(resolve('node_modules/@line/liff'), join(dir, 'node_modules/@line/liff'));
  return dir;
}
