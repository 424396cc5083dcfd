/**
 * `embedkit consent ...` drives the MINI App authorization flow of a running embedkit: a person's
 * grants listed, granted and revoked, a MINI App's simplification switched, the flow picked, the
 * plan of opening an app, the pending consent screens listed and answered; a refusal says why.
 * Runs the built CLI against an in-process embedkit.
 */
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { ALICE, BOB, onTestDatabase } from '../../helpers.js';
import { cli } from '../run-cli.js';

const SCENARIO = fileURLToPath(new URL('../../fixtures/consents.json', import.meta.url));
const CAFE = { channelId: '1650000301', embedId: '1650000301-cafeapp1' };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: SCENARIO, logger: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await server?.close();
});

const run = async (...args: string[]) => {
  const r = await cli(['consent', ...args, '--url', server.baseUrl]);
  return { ...r, out: r.stdout };
};

describe('embedkit consent', { timeout: 120_000 }, () => {
  it('lists, grants and revokes a person’s scopes', async () => {
    expect((await run('grants', BOB)).out).toBe(`${CAFE.channelId}  openid profile\nsimplification agreed\n`);
    expect((await run('grant', ALICE, CAFE.channelId, 'profile', 'chat_message.write')).out).toBe(
      `${CAFE.channelId}  profile chat_message.write\n`,
    );
    expect((await run('revoke', ALICE, CAFE.channelId, 'profile')).out).toBe(`${CAFE.channelId}  chat_message.write; 0 token(s) revoked\n`);
    const refused = await run('grant', ALICE, '1650000999', 'profile');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('embedkit consent: the grant was refused: 404 Unknown channel 1650000999');
  });

  // Alice granted chat_message.write in the test before.
  it('switches a MINI App’s simplification, picks the flow and tells the plan', async () => {
    const off = await run('mini-app', CAFE.embedId, '--simplification', 'off');
    expect(off.out).toMatch(/^1650000301-cafeapp1: switch off, JP, created 2025-12-01; simplification off: /);
    expect((await run('plan', BOB, CAFE.embedId)).out).toMatch(/^screen channel-consent; starts with openid profile chat_message.write;/);
    await run('mini-app', CAFE.embedId, '--simplification', 'on');
    expect((await run('flow', 'before-2026-08-26')).out).toBe('before-2026-08-26\n');
    expect((await run('flow')).out).toBe('before-2026-08-26\n');
    expect((await run('plan', ALICE, CAFE.embedId)).out).toMatch(/^screen simplification-consent; starts with openid chat_message.write;/);
    await run('flow', 'current');
    expect((await run('mini-app', CAFE.embedId)).stderr).toContain('give --simplification, --region or --created');
  });

  it('lists the pending screens and answers them', async () => {
    const open = await fetch(`${server.baseUrl}/embedkit/v1/consent-screens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'permission-request', userId: BOB, embedId: CAFE.embedId, scopes: ['chat_message.write'] }),
    });
    const { screenId } = (await open.json()) as { screenId: string };
    expect((await run('screens', '--user', BOB)).out).toBe(
      `${screenId}  pending  permission-request  ${BOB}  Cafe (${CAFE.embedId}): chat_message.write\n`,
    );
    expect((await run('deny', screenId)).out).toContain(`${screenId}  denied`);
    expect((await run('screens')).out).toBe('no consent screen\n');
    const again = await run('allow', screenId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the answer was refused: 409');
  });
});
