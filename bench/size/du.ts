/** Reading `du` output: the heaviest entries of a node_modules folder. */

/** A folder and its size on disk. */
export interface DiskEntry {
  /** The package name as installed, e.g. "better-sqlite3" or "@line/bot-sdk". */
  name: string;
  bytes: number;
}

/**
 * The `n` heaviest packages of `du -s --block-size=1 <node_modules>/* <node_modules>/@*\/*`
 * output (lines "<bytes>\t<path>"), heaviest first. A scope folder (`@scope`) itself and npm's own
 * entries (`.bin`, `.package-lock.json`, ...) are not packages and are left out; a scoped package
 * is named with its scope.
 */
export function heaviestPackages(duOutput: string, n: number): DiskEntry[] {
  const entries: DiskEntry[] = [];
  for (const line of duOutput.split('\n')) {
    const m = /^(\d+)\t(.*)$/.exec(line);
    if (!m) continue;
    const parts = m[2]!.split('/');
    const at = parts.lastIndexOf('node_modules');
    const name = parts.slice(at + 1).join('/');
    if (name.startsWith('.') || (name.startsWith('@') && !name.includes('/'))) continue;
    entries.push({ name, bytes: Number(m[1]) });
  }
  return entries.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)).slice(0, n);
}

/** "name 12.3 MB, name 4.5 MB" (MB of 1,048,576 bytes, one decimal). */
export function formatEntries(entries: DiskEntry[]): string {
  return entries.map((e) => `${e.name} ${(e.bytes / 1024 / 1024).toFixed(1)} MB`).join(', ');
}
