/**
 * The tools of `embedkit mcp` beyond the agent's first loop, through the official MCP SDK's client
 * at `/mcp` of a kit with the demo bots: any event type on demand (`trigger_event`), a photo from a
 * file or a URL (`say` with `image`), an app's deep link (`open_app`), and their hostile arguments;
 * the world replaced (`import_scenario`, `reset_world`) and an open app's log (`read_app_log`).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { demoBotMounts, loadDemoBots, pointDemoBotWebhooks } from '../../src/cli/start/demo-bots.js';
import { WorldStore } from '../../src/world/world-store.js';
import { EVENT_TYPE_NAMES } from '#contract/event-types.js';
import { MAX_IMAGE_BYTES } from '../../src/mcp/image.js';
import { parseDeepLink } from '../../../host/src/state/deeplink.js';
import { SimulatorClient } from '#contract/client.js';
import { ALICE, BOB, CAROL, onTestDatabase } from '../helpers.js';

const ALICE_DEMO_CHAT = 'UBa11ce0000000000000000000000a11c';
const GROUP = 'C0000000000000000000000000000000a';
const DEMO_CHANNEL = '1650000001';
/** The smallest PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
type Json = any;

describe('embedkit mcp tools: trigger_event, say with an image, open_app', { timeout: 60_000 }, () => {
  let server: RunningServer;
  let client: Client;
  let files: HttpServer;
  let filesUrl: string;
  let dir: string;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const ok = async (name: string, args: Record<string, unknown>): Promise<Json> => {
    const r = await call(name, args);
    if (r.isError) throw new Error(`${name}: ${r.content[0]?.text}`);
    return r.structuredContent;
  };
  const refused = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const r = await call(name, args);
    expect(r.isError, `${name} ${JSON.stringify(args).slice(0, 200)}`).toBe(true);
    return r.content[0]!.text;
  };

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    const mod = await loadDemoBots();
    server = await startServer({ port: 0, inMemory: true, logger, mounts: demoBotMounts(mod, undefined, logger) });
    await pointDemoBotWebhooks(mod, server, undefined, await new WorldStore(server.embedkit.db).channels(), null, undefined);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
    dir = mkdtempSync(join(tmpdir(), 'embedkit-mcp-'));
    writeFileSync(join(dir, 'pixel.png'), PNG);
    writeFileSync(join(dir, 'secret.txt'), 'not an image');
    files = createServer((req, res) => {
      if (req.url === '/pixel.png') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG);
      else if (req.url === '/huge.png') {
        // Streams past the cap without announcing a length.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        const block = Buffer.alloc(1024 * 1024);
        for (let i = 0; i <= MAX_IMAGE_BYTES / block.length; i++) res.write(block);
        res.end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesUrl = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    files?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every event type of the registry in trigger_event, and refuses an unknown one naming them', async () => {
    const { tools } = await client.listTools();
    const trigger = tools.find((t) => t.name === 'trigger_event')!;
    for (const type of EVENT_TYPE_NAMES) expect(trigger.description).toContain(type);
    const text = await refused('trigger_event', { channelId: DEMO_CHANNEL, type: 'teleport', userId: ALICE });
    expect(text).toContain('Unknown event type teleport');
    for (const type of EVENT_TYPE_NAMES) expect(text).toContain(type);
  });

  it('sends a triggered message event the bot answers with its reply token, kept as a signed delivery', async () => {
    expect(await ok('trigger_event', { channelId: DEMO_CHANNEL, type: 'message', userId: ALICE, text: 'triggered hello' })).toEqual({
      delivered: 1,
    });
    const reply = await ok('wait_for_reply', { chatId: ALICE_DEMO_CHAT, timeoutMs: 10_000 });
    expect(reply.messages.map((m: Json) => m.text)).toContain('triggered hello');
    const { deliveries } = await ok('list_deliveries', { channelId: DEMO_CHANNEL, limit: 5 });
    const sent = deliveries.find((d: Json) => JSON.parse(d.body).events[0]?.message?.text === 'triggered hello');
    expect(sent.eventTypes).toEqual(['message']);
    expect(JSON.parse(sent.body).events[0].replyToken).toMatch(/\S/);
  });

  it('sends group events in a group the bot is in, and refuses them elsewhere', async () => {
    expect(await ok('trigger_event', { channelId: DEMO_CHANNEL, type: 'memberJoined', userId: ALICE, chatId: GROUP })).toEqual({
      delivered: 1,
    });
    const { deliveries } = await ok('list_deliveries', { channelId: DEMO_CHANNEL, limit: 1 });
    const event = JSON.parse(deliveries[0].body).events[0];
    expect(event.type).toBe('memberJoined');
    expect(event.source).toMatchObject({ type: 'group', groupId: GROUP });
    expect(await refused('trigger_event', { channelId: DEMO_CHANNEL, type: 'join', userId: ALICE })).toMatch(/group or a room/);
    expect(await refused('trigger_event', { channelId: DEMO_CHANNEL, type: 'follow', userId: ALICE, chatId: GROUP })).toMatch(
      /leave chatId out/,
    );
    expect(await refused('trigger_event', { channelId: DEMO_CHANNEL, type: 'beacon', userId: ALICE, beaconType: 'teleport' })).toMatch(
      /beaconType: one of enter, leave, banner/,
    );
    expect(await refused('trigger_event', { channelId: '999', type: 'follow', userId: ALICE })).toMatch(/999/);
    expect(await refused('trigger_event', { channelId: DEMO_CHANNEL, type: 'follow', userId: 'Unobody' })).toMatch(/Unobody/);
    expect(await refused('trigger_event', { channelId: DEMO_CHANNEL, type: 'x'.repeat(10_000), userId: ALICE })).toMatch(/type/);
  });

  it('sends a photo from a file and from a URL, as an image the bot gets', async () => {
    const fromFile = await ok('say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, image: join(dir, 'pixel.png') });
    expect(fromFile.message.type).toBe('image');
    expect(fromFile.text).toBe('(image)');
    const fromUrl = await ok('say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, image: `${filesUrl}/pixel.png` });
    expect(fromUrl.message.type).toBe('image');
    const content = await fetch(`${server.baseUrl}/embedkit/v1/contents/${fromUrl.id}`);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await content.arrayBuffer()).equals(PNG)).toBe(true);
    const { deliveries } = await ok('list_deliveries', { channelId: DEMO_CHANNEL, limit: 1 });
    expect(JSON.parse(deliveries[0].body).events[0].message).toMatchObject({ type: 'image', id: fromUrl.id });
  });

  it('refuses images that are not one, too large, unreadable or not http(s)', async () => {
    const say = (image: string) => refused('say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, image });
    expect(await say(join(dir, 'secret.txt'))).toMatch(/not a PNG, JPEG, GIF or WebP image/);
    expect(await say(join(dir, 'missing.png'))).toMatch(/Cannot read .*ENOENT/);
    expect(await say(dir)).toMatch(/is not a file/);
    expect(await say('file:///etc/passwd')).toMatch(/Only http and https URLs/);
    expect(await say(`${filesUrl}/huge.png`)).toMatch(new RegExp(`larger than ${MAX_IMAGE_BYTES} bytes`));
    expect(await say(`${filesUrl}/gone.png`)).toMatch(/answered 404/);
    expect(await refused('say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, text: 'x', image: join(dir, 'pixel.png') })).toMatch(
      /exactly one of text, image and message/,
    );
  });

  it('answers an app’s deep link that the host reads back as that person, app, context and chat', async () => {
    const opened = await ok('open_app', { embedId: '1650000001-demoapp1', userId: ALICE, context: 'group', chatId: GROUP });
    const url = new URL(opened.url);
    expect(url.origin + url.pathname).toBe(`${server.baseUrl}/`);
    expect(parseDeepLink(url.search)).toEqual({ app: '1650000001-demoapp1', view: 'tall', context: 'group', user: ALICE, chat: GROUP });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const none = await ok('open_app', { embedId: '1650000001-sample01', userId: ALICE, context: 'none', view: 'compact' });
    expect(parseDeepLink(new URL(none.url).search)).toEqual({ app: '1650000001-sample01', view: 'compact', context: 'none', user: ALICE });

    expect(await refused('open_app', { embedId: 'nope', userId: ALICE, context: 'none' })).toMatch(/No app nope/);
    expect(await refused('open_app', { embedId: '1650000001-demoapp1', userId: ALICE, context: 'group' })).toMatch(/Give the chatId/);
    expect(await refused('open_app', { embedId: '1650000001-demoapp1', userId: ALICE, context: 'room', chatId: GROUP })).toMatch(
      /is a group chat, not a room/,
    );
    expect(
      await refused('open_app', {
        embedId: '1650000001-demoapp1',
        userId: ALICE,
        context: 'utou',
        chatId: 'UB00000000000000000000000000000b0',
      }),
    ).toMatch(/not a member/);
    expect(await refused('open_app', { embedId: '1650000001-demoapp1', userId: ALICE, context: 'everywhere' })).toMatch(/context/);
  });
});

describe('embedkit mcp tools: import_scenario, reset_world, read_app_log', { timeout: 60_000 }, () => {
  let server: RunningServer;
  let client: Client;
  let sim: SimulatorClient;
  let dir: string;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const ok = async (name: string, args: Record<string, unknown> = {}): Promise<Json> => {
    const r = await call(name, args);
    if (r.isError) throw new Error(`${name}: ${r.content[0]?.text}`);
    return r.structuredContent;
  };
  const refused = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const r = await call(name, args);
    expect(r.isError, `${name} ${JSON.stringify(args).slice(0, 200)}`).toBe(true);
    return r.content[0]!.text;
  };
  const groupTexts = async (): Promise<string[]> => (await ok('read_transcript', { chatId: GROUP })).messages.map((m: Json) => m.text);

  beforeAll(async () => {
    server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
    sim = new SimulatorClient({ baseUrl: server.baseUrl });
    client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
    dir = mkdtempSync(join(tmpdir(), 'embedkit-mcp-world-'));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports an export: what was said is gone, a person removed since is back; reset_world loads the started-with scenario', async () => {
    const exported = await ok('export_scenario');
    const file = join(dir, 'world.json');
    writeFileSync(file, JSON.stringify(exported));
    await ok('say', { chatId: GROUP, userId: ALICE, text: 'before the import' });
    await ok('leave_chat', { chatId: GROUP, userId: BOB });
    expect((await ok('get_world')).chats.find((c: Json) => c.chatId === GROUP).memberIds).not.toContain(BOB);

    expect(await ok('import_scenario', { path: file })).toEqual({
      scenario: file,
      channels: exported.channels.length,
      users: exported.users.length,
      chats: exported.chats.length,
      apps: exported.apps.length,
    });
    expect(await groupTexts()).toEqual([]);
    expect((await ok('get_world')).chats.find((c: Json) => c.chatId === GROUP).memberIds).toContain(BOB);

    // The object itself, with one person fewer.
    const smaller = structuredClone(exported);
    smaller.users = smaller.users.filter((u: Json) => u.userId !== CAROL);
    smaller.chats = smaller.chats.filter((c: Json) => !c.members.includes(CAROL));
    expect((await ok('import_scenario', { scenario: smaller })).scenario).toBe('imported');
    expect((await ok('get_world')).users.map((u: Json) => u.userId)).not.toContain(CAROL);

    const reset = await ok('reset_world');
    expect(reset.scenario).toMatch(/default\.json$/);
    expect((await ok('get_world')).users.map((u: Json) => u.userId)).toContain(CAROL);
  });

  it('tells a subscribed chat resource that it changed when the world is reset', async () => {
    const uri = `embedkit://chats/${GROUP}`;
    let heard!: () => void;
    const updated = new Promise<void>((r) => (heard = r));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void (n.params.uri === uri && heard()));
    await client.subscribeResource({ uri });
    // The feed opens after the subscription's answer: give it a moment to be connected.
    await new Promise((r) => setTimeout(r, 300));
    await ok('reset_world');
    await updated;
    await client.unsubscribeResource({ uri });
  });

  it('refuses a broken scenario naming the problem, and leaves the world untouched', async () => {
    await ok('say', { chatId: GROUP, userId: ALICE, text: 'still here' });
    const broken = await ok('export_scenario');
    broken.chats[0].members = ['Unobody'];
    expect(await refused('import_scenario', { scenario: broken })).toContain('chats[0].members[0]: unknown user Unobody');
    writeFileSync(join(dir, 'not-json.json'), '{ channels');
    expect(await refused('import_scenario', { path: join(dir, 'not-json.json') })).toMatch(/^Could not read the scenario file/);
    expect(await refused('import_scenario', { path: join(dir, 'none.json') })).toMatch(/ENOENT/);
    expect(await refused('import_scenario', {})).toBe('Give exactly one of path and scenario');
    expect(await refused('import_scenario', { path: join(dir, 'none.json'), scenario: broken })).toBe(
      'Give exactly one of path and scenario',
    );
    expect(await groupTexts()).toContain('still here');
  });

  it('read_app_log: the host page with an app open, its lines as text, and only the new ones after `next`', async () => {
    expect(await refused('read_app_log', {})).toMatch(/No host page is connected/);
    const state = { device: 'iOS 14.2.0 · iPhone', userId: ALICE, screen: 'app' };
    // Two host pages report as the host does; the one with an app open reported first.
    await sim.call('reportPhone', {
      params: { phoneId: 'phone-app-0001' },
      body: {
        ...state,
        app: 'Demo app',
        lines: [
          { kind: 'call', at: 1, method: 'getProfile', args: '', ok: true, outcome: '{"displayName":"Alice"}', durationMs: 3 },
          { kind: 'app', at: 2, appKind: 'console', level: 'error', text: 'cart is empty' },
        ],
      },
    });
    await sim.call('reportPhone', { params: { phoneId: 'phone-chat-002' }, body: { ...state, app: null, screen: 'chat', lines: [] } });

    const first = await ok('read_app_log');
    expect(first.phones.map((p: Json) => p.phoneId)).toEqual(['phone-chat-002', 'phone-app-0001']);
    expect(first.phone).toMatchObject({ phoneId: 'phone-app-0001', app: 'Demo app' });
    expect(first.log).toBe('#1 call getProfile() → ok {"displayName":"Alice"} (3 ms)\n#2 app console.error: cart is empty');
    expect(first.next).toBe(2);

    await sim.call('reportPhone', {
      params: { phoneId: 'phone-app-0001' },
      body: {
        ...state,
        app: 'Demo app',
        lines: [{ kind: 'call', at: 3, method: 'sendMessages', args: '[…]', ok: false, outcome: 'FORBIDDEN' }],
      },
    });
    const more = await ok('read_app_log', { after: first.next });
    expect(more.log).toBe('#3 call sendMessages([…]) → error FORBIDDEN');
    expect((await ok('read_app_log', { phoneId: 'phone-chat-002' })).lines).toEqual([]);
    expect(await refused('read_app_log', { phoneId: 'phone-gone-999' })).toMatch(/No host page phone-gone-999 is connected/);
  });
});
