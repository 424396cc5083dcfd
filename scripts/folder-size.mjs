// No folder of code holds more than 15 files flat (`npm run lint`): a reader finds a module by its
// folder's name, and a folder past 15 files is several things that want their own folders.
// Counts the code files git tracks, per folder, and exits 1 with the folders over the limit.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** At most this many code files directly in one folder. */
export const MAX_FILES = 15;

/** What counts as a file of code: the languages the project writes (scripts, modules, components). */
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|vue|svelte)$/;

/** Folders the limit does not apply to (a regex on the folder's path, `/`-separated): the migrations, one file per shipped change in key order. */
const EXEMPT = [/^server\/src\/db\/migrations$/];

/** Folders allowed over the limit, each with the count it may not exceed: none today. */
export const KNOWN_OVER = {};

/** The code files git tracks below `root` (a git work tree), relative to it, `/`-separated. */
function codeFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((p) => CODE.test(p));
}

/**
 * The folders below `root` holding more code files flat than the limit allows (more than
 * {@link MAX_FILES}, or than their {@link KNOWN_OVER} count): `{ folder, files, limit }`, largest first.
 */
export function foldersOver(root, known = KNOWN_OVER) {
  const counts = new Map();
  for (const path of codeFiles(root)) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .filter(([folder]) => !EXEMPT.some((re) => re.test(folder)))
    .map(([folder, files]) => ({ folder, files, limit: Math.max(MAX_FILES, known[folder] ?? 0) }))
    .filter((f) => f.files > f.limit)
    .sort((a, b) => b.files - a.files);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const over = foldersOver(process.cwd());
  if (over.length) {
    console.error(`Folders of code over ${MAX_FILES} files flat (group their files into sub-folders by what they do):`);
    for (const f of over) console.error(`  ${f.folder}: ${f.files} files (limit ${f.limit})`);
    process.exit(1);
  }
}
