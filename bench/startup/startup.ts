/**
 * Start-up: the `embedkit` command (package.json's `bin`, what `npx embedkit` runs, everything
 * already built) to its ready line with the default flags of a quick start (`--port 0 --in-memory`,
 * the demo bots included), beside a bare Express app's start on the same Node.js
 * (`express-floor.mjs`); `startEmbedkit()` in a new process (`testing-start.mjs`); and the host's
 * first contentful paint in Chromium.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { anchored, type Figure } from '../lib/report.js';
import { launchChromium } from '../browser/browser.js';
import { summarize } from '../lib/stats.js';

const RUNS = 5;

/** The command as it ships: package.json's `bin`, run by this Node.js (`npx embedkit` runs the same file). */
const BIN = (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: { embedkit: string } }).bin.embedkit;

/** ms from spawning the command to its "embedkit ready: <url>" line; the url. */
function timeToReady(command: string, args: string[]): Promise<{ ms: number; url: string; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /embedkit ready: (\S+)/.exec(out);
      if (m?.[1])
        resolve({
          ms: performance.now() - started,
          url: m[1],
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              // The whole process group: a command may run the server as a grandchild.
              process.kill(-child.pid!, 'SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out}`)));
  });
}

/** Median-of-{@link RUNS} times to the ready line of `args` run by this Node.js, after one untimed run (Node's compile cache filled, as after a first `npx embedkit`). */
async function starts(args: string[]): Promise<number[]> {
  await (await timeToReady(process.execPath, args)).stop();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await timeToReady(process.execPath, args);
    ms.push(run.ms);
    await run.stop();
  }
  return ms;
}

export async function startupFigures(): Promise<Figure[]> {
  const bin = summarize(await starts([BIN, '--port', '0', '--in-memory']));
  const floor = summarize(await starts(['bench/startup/express-floor.mjs']));
  const testing = summarize(await starts(['bench/startup/testing-start.mjs']));
  const server = await timeToReady(process.execPath, [BIN, '--port', '0', '--in-memory']);
  const browser = await launchChromium();
  const paints: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      await page.goto(`${server.url}?user=U0a11ce0000000000000000000000a11c`);
      await page.waitForSelector('body[data-ready="true"]');
      paints.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN));
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const paint = summarize(paints);
  return [
    anchored(
      {
        figure: `start-up, the embedkit command (${BIN} --port 0 --in-memory) to the ready line`,
        unit: 'ms',
        embedkit: bin,
        anchor: { name: 'a bare Express app to its ready line (bench/startup/express-floor.mjs)', value: floor },
      },
      '<= 700 ms',
      bin.median <= 700,
    ),
    {
      figure: 'startEmbedkit() in a new process to its ready line (bench/startup/testing-start.mjs)',
      unit: 'ms',
      embedkit: testing,
      target: 'informational',
      pass: true,
    },
    { figure: 'host first contentful paint', unit: 'ms', embedkit: paint, target: '<= 500 ms', pass: paint.median <= 500 },
  ];
}
