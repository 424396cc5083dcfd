/**
 * `embedkit fault add|list|clear` sets the fault rules of a running embedkit: the calls a rule
 * names fail as it says, the list shows what each hit, and clear ends them. Runs the built CLI.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { cli } from '../run-cli.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await server?.close();
});

describe('embedkit fault', { timeout: 60_000 }, () => {
  it('add makes the named call fail, list shows its hits, clear removes it', async () => {
    const added = await cli([
      'fault',
      'add',
      '--operation',
      'world',
      '--kind',
      'status',
      '--status',
      '418',
      '--times',
      '1',
      '--url',
      server.baseUrl,
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^[0-9a-f-]{36} {2}world: status 418 \(0 hits, 1 left\)\n$/);
    expect((await fetch(`${server.baseUrl}/embedkit/v1/world`)).status).toBe(418);
    expect((await fetch(`${server.baseUrl}/embedkit/v1/world`)).status).toBe(200);
    const listed = await cli(['fault', 'list', '--url', server.baseUrl]);
    expect(listed.stdout).toContain('world: status 418 (1 hit, 0 left)');
    const cleared = await cli(['fault', 'clear', '--url', server.baseUrl]);
    expect(cleared.stdout).toBe('every fault rule removed\n');
    expect((await cli(['fault', 'list', '--url', server.baseUrl])).stdout).toBe('no fault rules in force\n');
  });

  it('add --channel sets a webhook delivery fault, listed with the channel and event types it hits', async () => {
    const added = await cli([
      'fault',
      'add',
      '--channel',
      '1650000001',
      '--event-type',
      'message',
      '--event-type',
      'follow',
      '--kind',
      'delayDelivery',
      '--delay',
      '3000',
      '--url',
      server.baseUrl,
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^[0-9a-f-]{36} {2}webhooks of 1650000001 \(message, follow\): delayDelivery 3000 ms \(0 hits\)\n$/);
    const redeliver = await cli([
      'fault',
      'add',
      '--channel',
      '1650000001',
      '--kind',
      'redeliver',
      '--times',
      '1',
      '--url',
      server.baseUrl,
    ]);
    expect(redeliver.stdout).toContain('webhooks of 1650000001: redeliver (0 hits, 1 left)');
    const mixed = await cli(['fault', 'add', '--channel', '1650000001', '--kind', 'serverError', '--url', server.baseUrl]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/channelId: is for the webhook delivery kinds only/);
    await cli(['fault', 'clear', '--url', server.baseUrl]);
  });

  it('refusals say why: an unknown operation (1), a kind the command does not know (2)', async () => {
    const unknown = await cli(['fault', 'add', '--operation', 'pushMessages', '--kind', 'drop', '--url', server.baseUrl]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /the fault rule was refused: 400 .*\n {2}operation: must be a published operationId or a simulator route name/,
    );
    const kind = await cli(['fault', 'add', '--kind', 'explode', '--url', server.baseUrl]);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain("option '--kind <kind>' argument 'explode' is invalid");
  });
});
