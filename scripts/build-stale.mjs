// Whether a build step must run: by the content of its inputs, not their modification times, so
// that whatever touches files without changing them (a checkout, `npm pack`, a copy) costs no
// rebuild. After a step runs, a stamp with the hash of its inputs is kept beside its outputs'
// caches (`node_modules/.cache/embedkit-build/<step>.json`); a step is stale when an output is
// missing or its inputs' hash differs from the stamp. Without a stamp (a tree built before stamps
// existed), outputs newer than every input count as built, and the stamp is written then.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files under the given paths (files or folders), sorted. */
function filesOf(paths) {
  const files = [];
  const walk = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(join(p, e));
    else files.push(p);
  };
  paths.forEach(walk);
  return files;
}

/** SHA-256 (hex) of the inputs' paths and contents. */
export function inputsHash(paths) {
  const h = createHash('sha256');
  for (const f of filesOf(paths)) h.update(`${f}\0`).update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/** Newest modification time (ms) of the files under the given paths; 0 when none exist. */
function newest(paths) {
  return Math.max(0, ...filesOf(paths).map((f) => statSync(f).mtimeMs));
}

/** Oldest modification time (ms) of the outputs; 0 when any is missing. */
function oldest(files) {
  if (!files.every((f) => existsSync(f))) return 0;
  return Math.min(...files.map((f) => statSync(f).mtimeMs));
}

const stampFile = (dir, step) => join(dir, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.json`);

/**
 * True when the step must run: an output is missing, or its inputs changed since the stamp (with no
 * stamp: an input is newer than an output).
 * @param step `{name, inputs: string[], outputs: string[]}`, paths relative to the current directory
 * @param stampDir the folder of the stamps
 */
export function isStale(step, stampDir) {
  if (!step.outputs.every((f) => existsSync(f))) return true;
  const file = stampFile(stampDir, step);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).inputs !== inputsHash(step.inputs);
  if (oldest(step.outputs) < newest(step.inputs)) return true;
  markBuilt(step, stampDir);
  return false;
}

/** Records that the step's outputs are built from its inputs as they are now. */
export function markBuilt(step, stampDir) {
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stampFile(stampDir, step), JSON.stringify({ inputs: inputsHash(step.inputs) }));
}
