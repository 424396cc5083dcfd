/**
 * `npx tsx scripts/doctest/main.ts [file.md ...]`: runs the doc tests of the given files (default:
 * README.md and every page under docs/) and the link check, prints each failure, exits 1 when any. Build first
 * (`node scripts/build.mjs`). `npm test` runs the same through `scripts/test/doctest.test.ts`.
 */
import { resolve } from 'node:path';
import { docFiles } from './files.js';
import { brokenLinks } from './links.js';
import { runDoctests } from './run.js';

const projectRoot = resolve(import.meta.dirname, '../..');
const files = process.argv.length > 2 ? process.argv.slice(2).map((f) => resolve(f)) : docFiles(projectRoot);
const report = await runDoctests({ projectRoot, files });
for (const f of report.failures) console.log(`FAIL ${f.block}\n${f.messages.map((m) => `  ${m.replace(/\n/g, '\n  ')}`).join('\n')}\n`);
const links = files.flatMap(brokenLinks);
for (const l of links) console.log(`BROKEN LINK ${l}`);
console.log(`checked: ${JSON.stringify(report.counts)}; ${report.failures.length} block(s) failed, ${links.length} broken link(s)`);
process.exitCode = report.failures.length || links.length ? 1 : 0;
