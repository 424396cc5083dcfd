/**
 * `npm run bench`: every benchmark in one go. Prints one table (figure, embedkit, anchor, ratio,
 * target, result) and writes the same as JSON to bench/results.json (git-ignored). Each figure is
 * the median of repeated runs with min and max, measured side by side with its anchor.
 *
 * `npm run bench -- size http` runs only the named groups (size, validator, browser, flex, http, startup, webhooks, scale, testing, long-chat, package, liff).
 */
import { writeFileSync } from 'node:fs';
import { browserFigures } from './browser.js';
import { flexFigures } from './flex.js';
import { httpFigures } from './http.js';
import { formatTable, type Figure } from './report.js';
import { sdkSize } from './size.js';
import { startupFigures } from './startup.js';
import { validatorFigures } from './validator.js';
import { webhookFigures } from './webhooks.js';
import { scaleFigures } from './scale.js';
import { testingFigures } from './testing.js';
import { longChatFigures } from './long-chat.js';
import { packageSizeFigures } from './package-size.js';
import { liffFigures } from './liff.js';

const groups: Record<string, () => Promise<Figure[]>> = {
  size: sdkSize,
  validator: validatorFigures,
  browser: browserFigures,
  flex: flexFigures,
  http: httpFigures,
  startup: startupFigures,
  webhooks: webhookFigures,
  scale: scaleFigures,
  testing: testingFigures,
  'long-chat': longChatFigures,
  package: packageSizeFigures,
  liff: liffFigures,
};

const asked = process.argv.slice(2).filter((a) => a in groups);
const figures: Figure[] = [];
for (const [name, run] of Object.entries(groups)) {
  if (asked.length && !asked.includes(name)) continue;
  process.stderr.write(`bench: ${name}...\n`);
  figures.push(...(await run()));
}

process.stdout.write(`${formatTable(figures)}\n`);
const notes = figures.filter((f) => f.note).map((f) => `- ${f.figure}: ${f.note}`);
if (notes.length) process.stdout.write(`\n${notes.join('\n')}\n`);
writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), figures }, null, 2)}\n`);
process.stdout.write('\nwritten: bench/results.json\n');
