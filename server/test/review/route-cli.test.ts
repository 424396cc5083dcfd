/**
 * A review through its surfaces: the simulator route `reviewMiniApp` (what the host, the MCP tool
 * and `kit.review()` call) answers the report of a MINI App of the world, refuses a target that
 * names none, and `embedkit review` prints it as a list or JSON with exit code 1 on a fail and a
 * progress line on stderr. Lighthouse is skipped here (lighthouse.test.ts runs it). Runs the built
 * CLI against an in-process embedkit whose world has the demo MINI App and a careless one served
 * on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorClient } from '#contract/client.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { findChromium } from '../../src/review/page/browser.js';
import { onTestDatabase } from '../helpers.js';
import { cli } from '../cli/run-cli.js';
import { reviewMiniApp } from '../../src/mcp/tools/mini-apps.js';
import { servePages } from './pages.js';

const CARELESS = '1650000399-careless';
let server: RunningServer;
let pages: Awaited<ReturnType<typeof servePages>>;
let dir: string;
beforeAll(async () => {
  pages = await servePages();
  dir = mkdtempSync(join(tmpdir(), 'embedkit-review-'));
  const scenario = JSON.parse(readFileSync(fileURLToPath(new URL('../../scenarios/default.json', import.meta.url)), 'utf8'));
  // A MINI App is a channel's own: the careless one has a channel of its own.
  scenario.channels.push({ channelId: '1650000399', name: 'Careless', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e99' });
  scenario.apps.push({
    embedId: CARELESS,
    channelId: '1650000399',
    name: 'Careless',
    view: { type: 'full', url: pages.url('/bottom-bar/') },
    miniApp: { verified: false },
  });
  writeFileSync(join(dir, 'world.json'), JSON.stringify(scenario));
  server = await startServer(
    onTestDatabase({ port: 0, inMemory: true, scenarioFile: join(dir, 'world.json'), logger: pino({ level: 'silent' }) }),
  );
});
afterAll(async () => {
  await server?.close();
  await pages?.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () => new SimulatorClient({ baseUrl: server.baseUrl });

describe.skipIf(!findChromium())('a review through the route and the CLI', { timeout: 120_000 }, () => {
  it('the route: the demo MINI App passes every page check; Lighthouse skipped and no session seen are warns', async () => {
    const report = await client().call('reviewMiniApp', { body: { target: 'https://miniapp.line.me/embedkit_demo', lighthouse: false } });
    expect(report).toMatchObject({
      liffId: '1650000001-liffapp1',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/demo\/liff-app\/$/),
      summary: { fail: 0 },
    });
    expect(report.findings.filter((f) => f.status !== 'pass').map((f) => f.check)).toEqual(['performance.score', 'session.seen']);
    // No host page has walked through the app in this world: the session checks say so.
    expect(report.findings.find((f) => f.check === 'session.seen')).toMatchObject({ area: 'session', status: 'warn' });
  });

  it('the route: --probe of a MINI App without in-app purchase says there is nothing to probe', async () => {
    const report = await client().call('reviewMiniApp', { body: { target: CARELESS, probe: true, lighthouse: false } });
    expect(report.findings.filter((f) => f.area === 'probe')).toEqual([
      expect.objectContaining({
        check: 'probe.webhook',
        status: 'warn',
        seen: `${CARELESS} does not use in-app purchase: it registered no URL embedkit may probe.`,
      }),
    ]);
  });

  it('the MCP tool review_mini_app answers the same report', async () => {
    const report = (await reviewMiniApp.run({ target: CARELESS, lighthouse: false }, { client: client(), seen: new Map() })) as {
      summary: { fail: number };
    };
    expect(report.summary.fail).toBe(2);
  });

  it('the route: 404 for a target that names no MINI App, 400 for a bad body', async () => {
    const unknown = await client().send('reviewMiniApp', { body: { target: '1650000001-demoapp1' } });
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: '1650000001-demoapp1 (Demo app) is not a LINE MINI App: a review checks MINI Apps' },
    });
    expect((await client().send('reviewMiniApp', { body: { target: '' } })).status).toBe(400);
  });

  it('the CLI: a careless MINI App’s fail exits 1, its findings listed, a progress line on stderr', async () => {
    const r = await cli(['review', CARELESS, '--no-lighthouse', '--url', server.baseUrl]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Review of ${CARELESS} (${pages.url('/bottom-bar/')})`);
    expect(r.stdout).toMatch(/FAIL {2}safe-area\.portrait +Buttons, links and inputs stay inside the safe area in portrait/);
    expect(r.stdout).toContain(
      'seen: 1 element(s) in the unsafe area: button#pay "Pay now" in the bottom 34 px at 390×844, 412×915, 375×667',
    );
    expect(r.stderr).toBe(`embedkit review: reviewing ${CARELESS} (page, sessions)…\n`);
  });

  it('the CLI: --json prints the report; no fail exits 0; an unknown target exits 1 saying why', async () => {
    const r = await cli(['review', '1650000001-liffapp1', '--json', '--no-lighthouse', '--url', server.baseUrl]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ liffId: '1650000001-liffapp1', summary: { fail: 0 } });
    const refused = await cli(['review', '1650000001-nope', '--url', server.baseUrl]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('embedkit review: the review was refused: 404 LIFF ID 1650000001-nope names no app of the world');
  });
});
