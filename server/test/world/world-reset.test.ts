/**
 * `resetWorld` (docs/guide/scenarios.md, "Resetting and importing at run time"): the world emptied and a
 * scenario loaded while the server runs, through the simulator API's client as the CLI and the MCP
 * tools call it; a scenario that cannot be loaded leaves the old world whole.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { HttpError, SimulatorClient } from '#contract/client.js';
import type { LiveEvent } from '../../src/live/hub.js';
import { ALICE, BOB, channelToken, GROUP, onTestDatabase } from '../helpers.js';

type Scenario = { channels: Record<string, unknown>[]; users: { userId: string }[]; chats: { chatId: string; members: string[] }[] };

describe('resetWorld', { timeout: 60_000 }, () => {
  let server: RunningServer;
  let client: SimulatorClient;
  const events: LiveEvent[] = [];
  const texts = async (chatId: string) =>
    (await client.call('chatMessages', { params: { chatId } })).messages.map((m) => (m.message as { text?: string }).text);
  const refusal = async (body: Record<string, unknown>) => {
    const e = await client.call('resetWorld', { body }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).status).toBe(400);
    return (e as HttpError).body as { message: string; details: { message: string; property: string }[] };
  };

  beforeAll(async () => {
    server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
    client = new SimulatorClient({ baseUrl: server.baseUrl });
    server.embedkit.services.bots.live.subscribe((e) => events.push(e));
  });
  afterAll(() => server?.close());

  it('loads an exported world again: what was said is gone, a person removed since is back, the clock does not go back', async () => {
    const exported = (await client.call('scenario')) as unknown as Scenario;
    await client.call('sendMessage', {
      params: { chatId: GROUP },
      body: { userId: ALICE, message: { type: 'text', text: 'before the reset' } },
    });
    expect(await texts(GROUP)).toContain('before the reset');
    const token = await channelToken(server.embedkit);
    const clock = await client.call('advanceClock', { body: { advance: '1d' } });

    // A smaller world first: Bob is not in it.
    const smaller = structuredClone(exported);
    smaller.users = smaller.users.filter((u) => u.userId !== BOB);
    smaller.chats = smaller.chats.filter((c) => !c.members.includes(BOB));
    const answer = await client.call('resetWorld', { body: { scenario: smaller, name: 'smaller.json' } });
    expect(answer).toEqual({
      scenario: 'smaller.json',
      channels: exported.channels.length,
      users: exported.users.length - 1,
      chats: smaller.chats.length,
      apps: expect.any(Number),
    });
    expect(events).toContainEqual({ type: 'world', scenario: 'smaller.json' });
    const world = await client.call('world');
    expect(world.users.map((u) => u.userId)).not.toContain(BOB);
    expect(world.chats.map((c) => c.chatId)).not.toContain(GROUP);

    await client.call('resetWorld', { body: { scenario: exported } });
    expect((await client.call('world')).users.map((u) => u.userId)).toContain(BOB);
    expect(await texts(GROUP)).toEqual([]);
    expect((await client.call('clock')).now).toBeGreaterThanOrEqual(clock.now);
    // The channel access token issued before is gone with the old world.
    const profile = await fetch(`${server.baseUrl}/v2/bot/info`, { headers: { Authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(401);
  });

  it('without a scenario loads the one the server started with', async () => {
    await client.call('sendMessage', { params: { chatId: GROUP }, body: { userId: ALICE, message: { type: 'text', text: 'again' } } });
    const answer = await client.call('resetWorld', { body: {} });
    expect(answer.scenario).toMatch(/default\.json$/);
    expect(await texts(GROUP)).toEqual([]);
  });

  it('refuses a broken scenario naming its problems, and changes nothing', async () => {
    await client.call('sendMessage', { params: { chatId: GROUP }, body: { userId: ALICE, message: { type: 'text', text: 'kept' } } });
    const broken = (await client.call('scenario')) as unknown as Scenario;
    broken.chats[0]!.members = ['Unobody'];
    const body = await refusal({ scenario: broken });
    expect(body.details).toContainEqual({ property: 'scenario.chats[0].members[0]', message: 'unknown user Unobody' });
    expect(body.message).toContain('unknown user Unobody');
    expect(await texts(GROUP)).toContain('kept');

    const twice = structuredClone(broken);
    twice.chats[0]!.members = [ALICE];
    twice.users.push(twice.users[0]!);
    expect((await refusal({ scenario: twice })).details).toEqual([
      { property: `scenario.users[${twice.users.length - 1}].userId`, message: `${twice.users[0]!.userId} is declared twice` },
    ]);
    expect((await refusal({ scenario: { channels: [] } })).details[0]!.property).toMatch(/^scenario/);
    expect((await refusal({ scenario: 'no' })).message).toMatch(/request body/);
  });

  it('rolls back a scenario that fails half-way through loading: the old world stays whole', async () => {
    const scenario = (await client.call('scenario')) as unknown as Scenario;
    scenario.users = scenario.users.filter((u) => u.userId !== BOB);
    scenario.chats = scenario.chats.filter((c) => !c.members.includes(BOB));
    // Passes the schema; fails once channels, users and chats are written, when the key is read.
    scenario.channels[scenario.channels.length - 1]!.assertionKeys = [{ kty: 'RSA', n: 'AQAB', e: 'AQAB' }];
    const body = await refusal({ scenario });
    expect(body.details[0]!.property).toMatch(/^scenario\.channels\[\d+\]\.assertionKeys\[0\]$/);
    expect((await client.call('world')).users.map((u) => u.userId)).toContain(BOB);
    expect(await texts(GROUP)).toContain('kept');
  });
});
