/**
 * `embedkit mcp` through the official MCP SDK's client: over streamable HTTP at `/mcp` of a kit
 * started in-process with the demo bots, and over stdio with the built CLI. The whole loop an
 * agent runs: the tools, a person's message and the bot's reply, a postback button of that reply,
 * the deliveries, the clock, the validator, the export; hostile arguments; `/mcp`'s guards.
 */
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { demoBotMounts, loadDemoBots, pointDemoBotWebhooks } from '../../src/cli/start/demo-bots.js';
import { WorldStore } from '../../src/world/world-store.js';
import { ALICE } from '../helpers.js';

/** Alice's 1:1 chat with the default channel's demo bot, and that channel's secret (server/scenarios/default.json). */
const ALICE_DEMO_CHAT = 'UBa11ce0000000000000000000000a11c';
const DEMO_SECRET = '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
type Json = any;

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}
/** A tool's structured answer. @throws when the tool answered an error */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const r = await call(client, name, args);
  if (r.isError) throw new Error(`${name}: ${r.content[0]?.text}`);
  return r.structuredContent;
}

/** The agent's loop, the same over either transport. */
async function agentLoop(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(['get_world', 'say', 'tap_action', 'wait_for_reply', 'read_transcript', 'list_deliveries', 'advance_clock']),
  );
  const ajv = new Ajv({ strict: false });
  for (const t of tools) expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();

  const world = await ok(client, 'get_world');
  expect(world.chats.some((c: Json) => c.chatId === ALICE_DEMO_CHAT)).toBe(true);

  const said = await ok(client, 'say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, text: 'hello' });
  expect(said.text).toBe('hello');
  const echo = await ok(client, 'wait_for_reply', { chatId: ALICE_DEMO_CHAT, timeoutMs: 10_000 });
  expect(echo.messages.map((m: Json) => m.text)).toContain('hello');

  await ok(client, 'say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, text: 'menu' });
  const menu = await ok(client, 'wait_for_reply', { chatId: ALICE_DEMO_CHAT, timeoutMs: 10_000 });
  // The transcript's text shows the flex menu's button as a person sees it.
  expect(menu.messages.map((m: Json) => m.text).join('\n')).toContain('[Order coffee → postback action=order&item=coffee]');
  const button = JSON.stringify(menu.messages.map((m: Json) => m.message));
  const action = JSON.parse(/\{"type":"postback","label":"Order coffee"[^}]*\}/.exec(button)![0]);
  expect(await ok(client, 'tap_action', { chatId: ALICE_DEMO_CHAT, userId: ALICE, action })).toEqual({ delivered: 1 });
  const answer = await ok(client, 'wait_for_reply', { chatId: ALICE_DEMO_CHAT, timeoutMs: 10_000 });
  expect(answer.messages[0].text).toBe('Postback received: action=order&item=coffee');

  const { deliveries } = await ok(client, 'list_deliveries', { channelId: '1650000001', limit: 10 });
  const postback = deliveries.find((d: Json) => d.eventTypes.includes('postback'));
  expect(JSON.parse(postback.body).events[0].postback.data).toBe('action=order&item=coffee');
  expect(postback.attempts.at(-1).statusCode).toBe(200);
  const signature = Object.entries(postback.headers as Record<string, string>).find(([k]) => /signature$/i.test(k))![1];
  expect(signature).toBe(createHmac('sha256', DEMO_SECRET).update(postback.body).digest('base64'));

  const transcript = await ok(client, 'read_transcript', { chatId: ALICE_DEMO_CHAT, limit: 3 });
  expect(transcript.messages).toHaveLength(3);
  expect(transcript.more).toBe(true);
  expect(transcript.transcript).toContain('Postback received: action=order&item=coffee');

  const before = (await ok(client, 'advance_clock', { advanceMs: 0 })).now as number;
  const after = (await ok(client, 'advance_clock', { advance: '1d' })).now as number;
  // The simulated clock also runs on between the two calls.
  expect(after - before).toBeGreaterThanOrEqual(86_400_000);
  expect(after - before).toBeLessThan(86_400_000 + 10_000);

  const fault = await ok(client, 'set_fault', { operation: 'world', kind: 'unavailable', times: 1 });
  expect(fault).toMatchObject({ operation: 'world', kind: 'unavailable', remaining: 1 });
  const refused = await call(client, 'get_world', {});
  expect(refused.isError).toBe(true);
  expect(JSON.stringify(refused.content)).toContain('temporarily unavailable');
  expect((await ok(client, 'list_faults')).faults).toEqual([expect.objectContaining({ id: fault.id, hits: 1, remaining: 0 })]);
  expect(await ok(client, 'clear_faults', {})).toEqual({ cleared: 'all' });
  expect((await ok(client, 'list_orders', { userId: ALICE })).orders).toEqual([]);
  const unknownOrder = await call(client, 'refund_order', { orderId: 'T0000' });
  expect(unknownOrder.isError).toBe(true);
  expect((await ok(client, 'list_line_pay_payments', { userId: ALICE })).transactions).toEqual([]);
  const unknownPayment = await call(client, 'decide_line_pay_payment', { transactionId: '2026010100000000001', decision: 'cancel' });
  expect(unknownPayment.isError).toBe(true);
  expect(Array.isArray((await ok(client, 'read_notifications', { userId: ALICE })).messages)).toBe(true);
  expect((await ok(client, 'list_faults')).faults).toEqual([]);

  const verdict = await ok(client, 'validate_messages', {
    messages: [
      { type: 'flex', altText: 'x', contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [{ type: 'text' }] } } },
    ],
  });
  expect(verdict.valid).toBe(false);
  expect(verdict.details.map((d: Json) => d.property)).toContain('messages[0].contents.body.contents[0].text');

  const scenario = await ok(client, 'export_scenario');
  expect(scenario.channels.length).toBeGreaterThan(0);
  expect(scenario.users.some((u: Json) => u.userId === ALICE)).toBe(true);
}

/**
 * Following a chat and the deliveries as resources: listed, subscribed, an update notification
 * after a person says something, the resource read as text and JSON; none after unsubscribing.
 */
async function followChat(client: Client): Promise<void> {
  const chatUri = `embedkit://chats/${ALICE_DEMO_CHAT}`;
  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('embedkit://chats/{chatId}');
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['embedkit://deliveries', chatUri]));

  const heard: string[] = [];
  let hear: (() => void) | undefined;
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    heard.push(n.params.uri);
    hear?.();
  });
  /** Resolves once `uri` was heard (after the calls so far), or rejects after 10 s. */
  const updated = (uri: string) =>
    new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no update of ${uri}; heard ${heard.join(', ')}`)), 10_000);
      hear = () => {
        if (heard.includes(uri)) {
          clearTimeout(timer);
          done();
        }
      };
    });

  await client.subscribeResource({ uri: chatUri });
  await client.subscribeResource({ uri: 'embedkit://deliveries' });
  // The feed opens after the subscription's answer: give it a moment to be connected.
  await new Promise((r) => setTimeout(r, 300));
  const chatUpdated = updated(chatUri);
  await ok(client, 'say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, text: 'followed hello' });
  await chatUpdated;
  if (!heard.includes('embedkit://deliveries')) await updated('embedkit://deliveries');

  const { contents } = await client.readResource({ uri: chatUri });
  const text = contents.find((c) => c.mimeType === 'text/plain') as { text: string };
  expect(text.text).toMatch(/^Alice \(user, \S+\): followed hello$/m);
  const json = JSON.parse((contents.find((c) => c.mimeType === 'application/json') as { text: string }).text);
  expect(json.messages.map((m: Json) => m.text)).toContain('followed hello');
  const deliveries = JSON.parse(((await client.readResource({ uri: 'embedkit://deliveries' })).contents[0] as { text: string }).text);
  expect(deliveries.deliveries.some((d: Json) => d.body.includes('followed hello'))).toBe(true);

  await client.unsubscribeResource({ uri: chatUri });
  await client.unsubscribeResource({ uri: 'embedkit://deliveries' });
  heard.length = 0;
  await ok(client, 'say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, text: 'unfollowed' });
  await ok(client, 'wait_for_reply', { chatId: ALICE_DEMO_CHAT, timeoutMs: 10_000 });
  expect(heard).toEqual([]);

  await expect(client.readResource({ uri: 'embedkit://chats/C-nope' })).rejects.toThrow(/chat/i);
  await expect(client.subscribeResource({ uri: 'embedkit://chats/C-nope' })).rejects.toThrow(/chat/i);
  await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/Unknown resource/);
  await expect(client.readResource({ uri: `embedkit://chats/${'%'.repeat(50)}` })).rejects.toThrow(/Unknown resource/);
}

describe('embedkit mcp over streamable HTTP at /mcp', { timeout: 60_000 }, () => {
  let server: RunningServer;
  let client: Client;
  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    const mod = await loadDemoBots();
    server = await startServer({ port: 0, inMemory: true, logger, mounts: demoBotMounts(mod, undefined, logger) });
    await pointDemoBotWebhooks(mod, server, undefined, await new WorldStore(server.embedkit.db).channels(), null, undefined);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('drives the loop: say, wait for the reply, tap its postback button, read the deliveries, clock, validator, export', async () => {
    await agentLoop(client);
  });

  it('follows a chat and the deliveries as resources, with update notifications while subscribed', async () => {
    await followChat(client);
  });

  it('answers hostile arguments with error results, and keeps serving', async () => {
    const hostile: [string, Record<string, unknown>, RegExp][] = [
      ['say', { chatId: 42, userId: ALICE, text: 'x' }, /chatId: Must be a string/],
      ['say', { chatId: ALICE_DEMO_CHAT, userId: ALICE, text: 'x'.repeat(100_000) }, /text: Length must be between 0 and 5000/],
      ['say', { chatId: 'C-nope', userId: ALICE, text: 'x' }, /chat/i],
      ['say', { chatId: ALICE_DEMO_CHAT, userId: ALICE }, /exactly one of text, image and message/],
      ['redeliver', { deliveryId: 999_999 }, /deliver/i],
      ['advance_clock', { advance: 'soon' }, /advance/],
      ['wait_for_reply', { chatId: ALICE_DEMO_CHAT, timeoutMs: 0 }, /No bot message in chat/],
      ['no_such_tool', {}, /Unknown tool/],
      [
        'tap_action',
        { chatId: ALICE_DEMO_CHAT, userId: ALICE, action: { type: 'datetimepicker', data: 'd', mode: 'date' } },
        /needs the date/,
      ],
    ];
    for (const [name, args, message] of hostile) {
      const r = await call(client, name, args);
      expect(r.isError, name).toBe(true);
      expect(r.content[0]!.text, name).toMatch(message);
    }
    expect((await ok(client, 'get_world')).users.length).toBeGreaterThan(0);
  });

  /** A raw POST to /mcp with the headers given (fetch cannot set `Host`). */
  function post(headers: Record<string, string>, port = server.port): Promise<number> {
    return new Promise((done, fail) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  }

  it('refuses a foreign Host (DNS rebinding) and a cross-site Origin', async () => {
    expect(await post({ host: `rebound.example:${server.port}` })).toBe(403);
    expect(await post({ origin: 'https://evil.example' })).toBe(403);
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403);
  });

  it('needs the admin token when the kit has one', async () => {
    const token = 'mcp-admin-token-0123456789';
    const guarded = await startServer({ port: 0, inMemory: true, logger: pino({ level: 'silent' }), adminToken: token });
    try {
      expect(await post({}, guarded.port)).toBe(401);
      const c = new Client({ name: 'test', version: '1' });
      await c.connect(
        new StreamableHTTPClientTransport(new URL(`${guarded.baseUrl}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      expect((await ok(c, 'get_world')).users.length).toBeGreaterThan(0);
      await c.close();
    } finally {
      await guarded.close();
    }
  });
});

describe('embedkit mcp over stdio (the built CLI, its own embedkit with the demo bots)', { timeout: 90_000 }, () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [resolve('server/dist/bin/embedkit.js'), 'mcp'], stderr: 'ignore' }),
    );
  }, 60_000);
  afterAll(() => client?.close());

  it('drives the same loop', async () => {
    await agentLoop(client);
  });

  it('follows a chat as a resource', async () => {
    await followChat(client);
  });
});
