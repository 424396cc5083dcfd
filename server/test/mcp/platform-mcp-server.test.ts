/**
 * The platform's own MCP server for the bot's side (`@line/line-bot-mcp-server`, unmodified,
 * spawned over stdio with the official MCP client) against a kit: its base URL setting
 * (`LINE_MESSAGING_API_BASE_URL`), a channel access token the kit issued and Alice as
 * `DESTINATION_USER_ID`. Its push tools send a text and a flex message, and embedkit's own MCP
 * server (`/mcp`) reads them in Alice's chat as she sees them.
 */
import { createRequire } from 'node:module';
import { channelAccessToken } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, TRIAL } from '../bot/helpers.js';

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, any> };

/** The platform server's entry, as its package's `bin` names it. */
const PLATFORM_SERVER = createRequire(import.meta.url).resolve('@line/line-bot-mcp-server/dist/index.js');

describe('the platform’s MCP server (@line/line-bot-mcp-server) against embedkit', { timeout: 60_000 }, () => {
  let server: RunningServer;
  let platform: Client;
  let embedkit: Client;
  beforeAll(async () => {
    server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
    const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
    const token = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
    platform = new Client({ name: 'test', version: '1' });
    await platform.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [PLATFORM_SERVER],
        // Only what it needs: the test's environment may hold the real platform's settings.
        env: {
          PATH: process.env.PATH ?? '',
          CHANNEL_ACCESS_TOKEN: token,
          DESTINATION_USER_ID: ALICE,
          LINE_MESSAGING_API_BASE_URL: server.baseUrl,
        },
        stderr: 'ignore',
      }),
    );
    embedkit = new Client({ name: 'test', version: '1' });
    await embedkit.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    await embedkit?.close();
    await server?.close();
  });

  it('pushes a text and a flex message that embedkit’s transcript shows as Alice sees them', async () => {
    const { tools } = await platform.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['push_text_message', 'push_flex_message']));

    const text = (await platform.callTool({
      name: 'push_text_message',
      arguments: { message: { text: 'Your order is ready' } },
    })) as ToolAnswer;
    expect(text.isError, text.content[0]?.text).toBeFalsy();
    const flex = (await platform.callTool({
      name: 'push_flex_message',
      arguments: {
        message: {
          type: 'flex',
          altText: 'Receipt',
          contents: {
            type: 'bubble',
            body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Coffee 450 yen' }] },
            footer: {
              type: 'box',
              layout: 'vertical',
              contents: [{ type: 'button', action: { type: 'postback', label: 'Order again', data: 'again' } }],
            },
          },
        },
      },
    })) as ToolAnswer;
    expect(flex.isError, flex.content[0]?.text).toBeFalsy();

    const read = (await embedkit.callTool({ name: 'read_transcript', arguments: { chatId: ALICE_BOT, limit: 2 } })) as ToolAnswer;
    expect(read.isError, read.content[0]?.text).toBeFalsy();
    const lines = read.structuredContent!.messages.map((m: { sender: { type: string }; text: string }) => [m.sender.type, m.text]);
    expect(lines).toEqual([
      ['bot', 'Your order is ready'],
      ['bot', expect.stringMatching(/^Receipt\b.*Coffee 450 yen.*\[Order again → postback again\]/s)],
    ]);
  });

  it('answers a refusal of embedkit as the tool’s error (an unknown user)', async () => {
    const r = (await platform.callTool({
      name: 'push_text_message',
      arguments: { userId: 'U00000000000000000000000000000bad', message: { text: 'x' } },
    })) as ToolAnswer;
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/Failed to push/);
  });
});
