/** The Markdown files the doc tests cover: README.md and every page under `docs/`, its group folders included. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Absolute paths of README.md and `docs/**\/*.md` under `projectRoot`, sorted. */
export function docFiles(projectRoot: string): string[] {
  const docs = readdirSync(join(projectRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(projectRoot, 'docs', f))
    .sort();
  return [join(projectRoot, 'README.md'), ...docs];
}
