// No folder of code holds more than 15 files flat, and the host's root holds its entry alone
// (`npm run lint`): a reader finds a module by its folder's name, and a folder past 15 files, or a
// file loose beside an entry, is a feature that wants its own folder. Counts the code files git
// tracks, per folder, and exits 1 with the folders over the limit and the loose files.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** At most this many code files directly in one folder. */
export const MAX_FILES = 15;

/** What counts as a file of code: the languages the project writes (scripts, modules, components). */
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|vue|svelte)$/;

/** Folders the limit does not apply to (a regex on the folder's path, `/`-separated): the migrations, one file per shipped change in key order. */
const EXEMPT = [/^server\/src\/db\/migrations$/];

/**
 * Folders whose own level holds only the files named here, every other file in a sub-folder by
 * feature: the host's root keeps its entry alone (docs/project/architecture.md, "Host").
 */
export const ROOT_ONLY = { 'host/src': ['main.ts'] };

/** The code files git tracks below `root` (a git work tree), relative to it, `/`-separated. */
function codeFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((p) => CODE.test(p));
}

/** A code file's folder (`.` at the root) and name. */
const split = (path) => (path.includes('/') ? [path.slice(0, path.lastIndexOf('/')), path.slice(path.lastIndexOf('/') + 1)] : ['.', path]);

/**
 * The folders below `root` holding more than {@link MAX_FILES} code files flat:
 * `{ folder, files, limit }`, largest first.
 */
export function foldersOver(root) {
  const counts = new Map();
  for (const path of codeFiles(root)) {
    const [folder] = split(path);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .filter(([folder]) => !EXEMPT.some((re) => re.test(folder)))
    .map(([folder, files]) => ({ folder, files, limit: MAX_FILES }))
    .filter((f) => f.files > f.limit)
    .sort((a, b) => b.files - a.files);
}

/** The code files below `root` loose at the level of a {@link ROOT_ONLY} folder that it does not name, sorted. */
export function looseFiles(root, only = ROOT_ONLY) {
  return codeFiles(root)
    .filter((path) => {
      const [folder, name] = split(path);
      return folder in only && !only[folder].includes(name);
    })
    .sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const over = foldersOver(process.cwd());
  if (over.length) {
    console.error(`Folders of code over ${MAX_FILES} files flat (group their files into sub-folders by what they do):`);
    for (const f of over) console.error(`  ${f.folder}: ${f.files} files (limit ${f.limit})`);
  }
  const loose = looseFiles(process.cwd());
  if (loose.length) {
    console.error('Files loose at a level that keeps only its entry (move each into the folder of its feature):');
    for (const path of loose) console.error(`  ${path}`);
  }
  if (over.length || loose.length) process.exit(1);
}
