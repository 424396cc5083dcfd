/**
 * The MCP tools of the LINE MINI App authorization flow through the official MCP SDK's client at
 * `/mcp`: the pending consent screens listed, the person's answer (Allow grants the scopes; a
 * second answer is refused with the server's reason), and the person's grants.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { ALICE, onTestDatabase } from '../helpers.js';

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, any> };
const LIFF_DEMO = '1650000001-liffapp1';

describe('embedkit mcp: consent screens', { timeout: 60_000 }, () => {
  let server: RunningServer;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolAnswer;

  beforeAll(async () => {
    server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
    client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('lists the pending screen, allows it, and the person’s grants show its scopes', async () => {
    const open = await fetch(`${server.baseUrl}/embedkit/v1/consent-screens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'permission-request', userId: ALICE, embedId: LIFF_DEMO, scopes: ['profile'] }),
    });
    const { screenId } = (await open.json()) as { screenId: string };
    const listed = await call('list_consent_screens', { userId: ALICE });
    expect(listed.structuredContent!.screens).toEqual([expect.objectContaining({ screenId, state: 'pending', scopes: ['profile'] })]);
    const allowed = await call('answer_consent_screen', { screenId, answer: 'allow' });
    expect(allowed.structuredContent).toMatchObject({ screenId, state: 'allowed' });
    const again = await call('answer_consent_screen', { screenId, answer: 'deny' });
    expect(again.isError).toBe(true);
    expect(again.content[0]!.text).toMatch(/already answered/);
    expect((await call('list_consent_screens', {})).structuredContent!.screens).toEqual([]);
    expect((await call('list_consent_screens', { pending: false })).structuredContent!.screens).toHaveLength(1);
    const grants = await call('list_grants', { userId: ALICE });
    expect(grants.structuredContent!.grants).toEqual([expect.objectContaining({ channelId: '1650000001', scopes: ['profile'] })]);
  });
});
