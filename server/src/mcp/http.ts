/**
 * `/mcp` on `{base_url}`: the MCP server of `./server.ts` over streamable HTTP, one MCP session
 * per client (`Mcp-Session-Id`), each with its own server. Mounted behind the same guards as the
 * simulator API (docs/guide/security.md): the listener's Host check (DNS rebinding), the cross-site
 * guard and, beyond loopback, the admin token (`http/guards/cross-site.ts`, `http/guards/admin-token.ts`).
 */
import { randomUUID } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { SimulatorClient } from '#contract/client.js';

/** Where the MCP server is served on `{base_url}`. */
export const MCP_PATH = '/mcp';

/** The most MCP sessions kept at once; the oldest is closed for a new one (a client that never says goodbye leaks nothing). */
const MAX_SESSIONS = 64;

/** The JSON-RPC error body of a refused `/mcp` request (the transport's own format). */
function rpcError(message: string) {
  return { jsonrpc: '2.0', error: { code: -32000, message }, id: null };
}

/**
 * The `/mcp` router: POST (JSON-RPC requests; an `initialize` without a session opens one), GET
 * (the session's stream of notifications) and DELETE (ends the session).
 * @param client the simulator client the tools call: the kit's own `{base_url}` (with its admin token)
 */
export function mcpRoutes(client: () => SimulatorClient): RequestHandler {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const router = Router();
  router.use(express.json({ limit: '1mb' }));
  router.all('/', (req, res, next) => {
    const id = req.header('mcp-session-id');
    const transport = id !== undefined ? sessions.get(id) : undefined;
    if (id !== undefined && !transport) {
      res.status(404).json(rpcError('Unknown or ended MCP session: initialize a new one'));
      return;
    }
    if (!transport) {
      if (req.method !== 'POST') {
        res.status(400).json(rpcError('No MCP session: POST an initialize request first'));
        return;
      }
      // The MCP SDK loads at the first session: a server no agent talks to never loads it.
      Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./server.js')])
        .then(async ([{ StreamableHTTPServerTransport }, { createMcpServer }]) => {
          const opened = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (sid) => {
              sessions.set(sid, opened);
              if (sessions.size > MAX_SESSIONS) void sessions.values().next().value?.close();
            },
          });
          opened.onclose = () => {
            if (opened.sessionId) sessions.delete(opened.sessionId);
          };
          await createMcpServer(client()).connect(opened);
          await opened.handleRequest(req, res, req.body);
        })
        .catch(next);
      return;
    }
    transport.handleRequest(req, res, req.body).catch(next);
  });
  return router;
}
