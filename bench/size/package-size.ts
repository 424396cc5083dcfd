/**
 * The installed package: `npm pack` of the repository (packed and unpacked size, files)
 * and what `npm install -D ./embedkit-<version>.tgz` adds to a new project's node_modules (the
 * package and its dependencies). Informational: the figure a user pays once per project.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const run = promisify(execFile);
const MB = 1024 * 1024;

/** Bytes of a directory tree on disk (`du`), following no links. */
async function diskBytes(dir: string): Promise<number> {
  const { stdout } = await run('du', ['-sb', dir]);
  return Number(stdout.split('\t')[0]);
}

export async function packageSizeFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-bench-pack-'));
  try {
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--json'], { maxBuffer: 64 * MB });
    const [pack] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'p', private: true }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', join(dir, pack!.filename)], {
      cwd: project,
      maxBuffer: 64 * MB,
      timeout: 600_000,
    });
    const installed = await diskBytes(join(project, 'node_modules'));
    const own = await diskBytes(join(project, 'node_modules', 'embedkit'));
    const mb = (n: number) => Math.round((n / MB) * 10) / 10;
    return [
      {
        figure: `package: npm pack (${pack!.entryCount} files; unpacked ${mb(pack!.unpackedSize)} MB)`,
        unit: 'MB',
        embedkit: summarize([mb(pack!.size)]),
        target: 'informational',
        pass: true,
      },
      {
        figure: `package: installed in a new project, with its dependencies (embedkit itself ${mb(own)} MB)`,
        unit: 'MB',
        embedkit: summarize([mb(installed)]),
        target: 'informational',
        pass: true,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
