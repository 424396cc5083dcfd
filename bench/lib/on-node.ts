/**
 * The per-Node groups on another Node.js major: a copy of this checkout made by
 * scripts/node-copy.sh (the Node.js binary that scripts/test-node.sh uses, fetched once from the npm
 * registry into .cache/node/<major>, and better-sqlite3 built for it), where the same benchmark code
 * runs under that Node.js and hands its figures back as JSON.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Figure } from './report.js';

const run = promisify(execFile);

/**
 * Runs `groups` of bench/run.ts on Node.js `major` and returns their figures, each tagged with
 * that Node.js's version. Progress and errors of the run go to this process's stderr.
 * @throws Error when the copy cannot be made or the run fails
 */
export async function figuresOnNode(major: string, groups: string[]): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), `embedkit-bench-node${major}-`));
  try {
    const copy = join(dir, 'checkout');
    const { stdout } = await run('bash', ['scripts/node-copy.sh', major, copy], { maxBuffer: 16 * 1024 * 1024, timeout: 900_000 });
    const bin = stdout.trim().split('\n').pop()!;
    const out = join(dir, 'figures.json');
    const child = spawn(
      join(bin, 'node'),
      ['node_modules/tsx/dist/cli.mjs', 'bench/run.ts', '--this-node-only', `--json-out=${out}`, ...groups],
      {
        cwd: copy,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
      },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`the benchmark on Node.js ${major} exited with ${code}`);
    return (JSON.parse(readFileSync(out, 'utf8')) as { figures: Figure[] }).figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
