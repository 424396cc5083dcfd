/**
 * The MCP server of `embedkit mcp` (stdio) and of `/mcp` (streamable HTTP): the tools of
 * `./tools.ts` over one simulator client. A tool's arguments are checked against its input
 * schema first (the platform's error details: `chatId: must be specified`); a refused call is a
 * tool result marked as an error carrying the simulator API's message, so no call crashes the
 * server or leaves a request without an answer. Resources (chats, deliveries, with update
 * notifications) are `./resources.ts`'s.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HttpError, type SimulatorClient } from '#contract/client.js';
import { compile, type Check } from '../http/validate.js';
import { serveResources } from './resources.js';
import { ToolInputError } from './errors.js';
import { TOOLS } from './tools.js';
import type { McpTool, ToolContext } from './tools/tool.js';

/** The server's name and version as an MCP client sees them. */
export const MCP_SERVER_INFO = { name: 'embedkit', version: '0.1.0' } as const;

/** The instructions an MCP client may show its model. */
const INSTRUCTIONS =
  'embedkit simulates a messenger platform. Start with get_world (people, chats, bots). Act as a person with say and tap_action, ' +
  'then wait_for_reply for the bot’s answer; read_transcript shows a chat as a person reads it, list_deliveries what the bot was sent and answered. ' +
  'Subscribe to embedkit://chats/{chatId} or embedkit://deliveries to hear when a chat or the deliveries change.';

const checks = new Map<string, Check<unknown>>(TOOLS.map((t) => [t.name, compile(t.input)]));

/** A tool result marked as an error, with one text. */
function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Runs one tool call to a result: every refusal and failure becomes an error result. */
async function callTool(tool: McpTool | undefined, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  if (!tool) return failure(`Unknown tool: use one of ${TOOLS.map((t) => t.name).join(', ')}`);
  const problems = checks.get(tool.name)!(args ?? {});
  if (problems)
    return failure(
      `The arguments have ${problems.length} error(s): ${problems.map((d) => (d.property ? `${d.property}: ${d.message}` : d.message)).join('; ')}`,
    );
  try {
    const result = (await tool.run((args ?? {}) as never, ctx)) ?? {};
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result as Record<string, unknown> };
  } catch (e) {
    if (e instanceof HttpError || e instanceof ToolInputError) return failure(e.message);
    return failure(`The call failed: ${(e as Error).message ?? String(e)}`);
  }
}

/**
 * An MCP server whose tools act on the embedkit `client` reaches. One per MCP session: what the
 * session has said and waited for (`wait_for_reply`'s starting point) is its own.
 */
export function createMcpServer(client: SimulatorClient): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {}, resources: { subscribe: true } }, instructions: INSTRUCTIONS });
  serveResources(server, client);
  const ctx: ToolContext = { client, seen: new Map() };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.input as unknown as { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (req) =>
    callTool(
      TOOLS.find((t) => t.name === req.params.name),
      req.params.arguments,
      ctx,
    ),
  );
  return server;
}
