/**
 * `npm run bench`: every benchmark in one go. Prints one table (figure, Node.js version, embedkit,
 * anchor, ratio, target, result) and writes the same as JSON to `results.json` in this folder (git-ignored).
 * Each figure is the median of repeated runs with min and max, measured side by side with its
 * anchor. The groups whose figures depend on the server's Node.js (http, memory, webhooks, sequential) run on
 * the running Node.js and again on the other supported major, 24 or 22 (bench/lib/on-node.ts), each figure with its version.
 *
 * `npm run bench -- size http` runs only the named groups (size, validator, browser, flex, http,
 * memory, startup, webhooks, scale, testing, long-chat, package, liff, install, sequential, peers, review); `--install` adds the
 * install group, which is left out unless asked for (a clean `npm install`: minutes);
 * `--nodes=22,24` measures the per-Node groups on those majors (`--nodes=` on none).
 */
import { writeFileSync } from 'node:fs';
import { browserFigures } from './browser/browser.js';
import { flexFigures } from './messages/flex.js';
import { httpFigures } from './http/http.js';
import { installFigures } from './size/install.js';
import { memoryFigures } from './http/memory.js';
import { mergeByNode, parseArgs, perNodeGroups, withNode } from './lib/nodes.js';
import { figuresOnNode } from './lib/on-node.js';
import { formatTable, type Figure } from './lib/report.js';
import { summarize } from './lib/stats.js';
import { sdkSize } from './size/size.js';
import { startupFigures } from './startup/startup.js';
import { validatorFigures } from './messages/validator.js';
import { webhookFigures } from './webhooks/webhooks.js';
import { scaleFigures } from './http/scale.js';
import { testingFigures } from './startup/testing.js';
import { longChatFigures } from './browser/long-chat.js';
import { packageSizeFigures } from './size/package-size.js';
import { liffFigures } from './browser/liff.js';
import { sequentialFigures } from './sequential/sequential.js';
import { peersFigures } from './peers/peers.js';
import { reviewFigures } from './review/review.js';

const groups: Record<string, () => Promise<Figure[]>> = {
  size: sdkSize,
  validator: validatorFigures,
  browser: browserFigures,
  flex: flexFigures,
  http: httpFigures,
  memory: memoryFigures,
  startup: startupFigures,
  webhooks: webhookFigures,
  scale: scaleFigures,
  testing: testingFigures,
  'long-chat': longChatFigures,
  package: packageSizeFigures,
  install: installFigures,
  liff: liffFigures,
  sequential: sequentialFigures,
  peers: peersFigures,
  review: reviewFigures,
};

const args = parseArgs(process.argv.slice(2), Object.keys(groups), process.versions.node.split('.')[0]!);
const here: Figure[] = [];
for (const name of args.groups) {
  process.stderr.write(`bench: ${name} (Node.js ${process.version})...\n`);
  here.push(...(await groups[name]!()));
}
const runs = [withNode(here, process.version)];
const perNode = perNodeGroups(args.groups);
for (const major of perNode.length ? args.otherNodes : []) {
  process.stderr.write(`bench: ${perNode.join(', ')} on Node.js ${major}...\n`);
  try {
    runs.push(await figuresOnNode(major, perNode));
  } catch (e) {
    // The rest of the table still stands: the failed version shows as one failing row.
    process.stderr.write(`bench: on Node.js ${major}: ${String(e)}\n`);
    runs.push([
      {
        figure: `${perNode.join(', ')} on Node.js ${major}`,
        unit: 'groups run',
        embedkit: summarize([0]),
        target: 'runs (scripts/node-copy.sh fetches Node.js and builds better-sqlite3: needs the npm registry and a C++ toolchain)',
        pass: false,
        note: String(e).slice(0, 300),
        node: `v${major}`,
      },
    ]);
  }
}
const figures = mergeByNode(runs);

if (args.jsonOut) {
  writeFileSync(args.jsonOut, JSON.stringify({ figures }));
} else {
  process.stdout.write(`${formatTable(figures)}\n`);
  const notes = figures.filter((f) => f.note).map((f) => `- ${f.figure}${f.node ? ` (Node.js ${f.node})` : ''}: ${f.note}`);
  if (notes.length) process.stdout.write(`\n${notes.join('\n')}\n`);
  const nodes = [...new Set(figures.map((f) => f.node).filter((v) => v !== undefined))];
  writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), nodes, figures }, null, 2)}\n`);
  process.stdout.write('\nwritten: bench/results.json\n');
}
