/** The Markdown files the doc tests cover: README.md and every `docs/*.md` of the project. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Absolute paths of README.md and `docs/*.md` under `projectRoot`, sorted. */
export function docFiles(projectRoot: string): string[] {
  const docs = readdirSync(join(projectRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join(projectRoot, 'docs', f));
  return [join(projectRoot, 'README.md'), ...docs];
}
