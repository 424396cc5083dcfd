/**
 * Start-up: `npm start` (everything already built) to the ready line, and the host's first
 * contentful paint in Chromium.
 */
import { spawn } from 'node:child_process';
import { anchored, type Figure } from '../lib/report.js';
import { launchChromium } from '../browser/browser.js';
import { summarize } from '../lib/stats.js';

const RUNS = 5;

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
              // npm start runs the server as a grandchild: stop the whole process group.
              process.kill(-child.pid!, 'SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out}`)));
  });
}

export async function startupFigures(): Promise<Figure[]> {
  const npmStart: number[] = [];
  const nodeOnly: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const a = await timeToReady('npm', ['start', '--silent', '--', '--port', '0', '--in-memory']);
    npmStart.push(a.ms);
    await a.stop();
    const b = await timeToReady(process.execPath, ['server/dist/cli.js', '--port', '0', '--in-memory']);
    nodeOnly.push(b.ms);
    await b.stop();
  }
  const server = await timeToReady(process.execPath, ['server/dist/cli.js', '--port', '0', '--in-memory']);
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
  const start = summarize(npmStart);
  const paint = summarize(paints);
  return [
    anchored(
      {
        figure: 'start-up, npm start to the ready line (built)',
        unit: 'ms',
        embedkit: start,
        anchor: { name: 'node server/dist/cli.js alone', value: summarize(nodeOnly) },
      },
      '<= 1500 ms',
      start.median <= 1500,
    ),
    { figure: 'host first contentful paint', unit: 'ms', embedkit: paint, target: '<= 500 ms', pass: paint.median <= 500 },
  ];
}
