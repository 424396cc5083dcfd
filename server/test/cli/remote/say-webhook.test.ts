/**
 * `embedkit webhook set <channelId> <url>` points a channel's bot at a URL; `embedkit say --as
 * <userId> --in <chatId> <text>` writes as a user: the chat shows it and the bot gets the event.
 * Runs the built CLI against an in-process embedkit.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, chatMessages, startReceiver, TRIAL, type Receiver } from '../../bot/helpers.js';
import { onTestDatabase } from '../../helpers.js';
import { cli } from '../run-cli.js';

let server: RunningServer;
let bot: Receiver;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  bot = await startReceiver();
});
afterAll(async () => {
  await bot?.close();
  await server?.close();
});

const webhookOf = async () =>
  ((await (await fetch(`${server.baseUrl}/embedkit/v1/channels/${TRIAL.id}/webhook`)).json()) as { url: string | null }).url;

describe('embedkit webhook set and say', { timeout: 60_000 }, () => {
  it('webhook set points the channel at the bot; say writes as the user: the chat shows it, the bot gets the event', async () => {
    const set = await cli(['webhook', 'set', TRIAL.id, bot.url, '--url', server.baseUrl]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`channel ${TRIAL.id} → ${bot.url}`);
    expect(await webhookOf()).toBe(bot.url);
    const before = bot.received.length;
    const said = await cli(['say', '--as', ALICE, '--in', ALICE_BOT, 'hello from the CLI', '--url', server.baseUrl]);
    expect(said.code, said.stderr).toBe(0);
    const last = (await chatMessages(server.embedkit, ALICE_BOT)).at(-1)!;
    expect(last).toMatchObject({ sender: { type: 'user', id: ALICE }, message: { type: 'text', text: 'hello from the CLI' } });
    expect(said.stdout).toContain(`message ${last.id} from ${ALICE} in ${ALICE_BOT}`);
    const event = (await bot.waitFor(before + 1))[before]!.body.events.at(-1)!;
    expect(event).toMatchObject({ type: 'message', message: { type: 'text', text: 'hello from the CLI' }, source: { userId: ALICE } });
    const removed = await cli(['webhook', 'set', TRIAL.id, 'none', '--url', server.baseUrl]);
    expect(removed.stdout).toContain(`channel ${TRIAL.id}: no webhook`);
    expect(await webhookOf()).toBeNull();
  });

  it('refusals say why: a URL that is not one, a user outside the chat, a missing option (usage: 2)', async () => {
    const bad = await cli(['webhook', 'set', TRIAL.id, 'ftp://x', '--url', server.baseUrl]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/the webhook was refused: 400 .*\n {2}url: Must be an absolute http or https URL/);
    const stranger = await cli(['say', '--as', 'U00000000000000000000000000000009', '--in', ALICE_BOT, 'hi', '--url', server.baseUrl]);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('the message was refused: 400');
    const missing = await cli(['say', 'hi', '--url', server.baseUrl]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--as <userId>' not specified");
  });
});
