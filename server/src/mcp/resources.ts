/**
 * The resources of `embedkit mcp`: a chat (`embedkit://chats/{chatId}`, its newest page as the
 * text a person reads and as JSON) and the webhook deliveries (`embedkit://deliveries`), with
 * `resources/subscribe`: while a session holds a subscription, the server follows embedkit's live
 * feed (simulator route `liveEvents`, the server-sent events the host follows) and sends
 * `notifications/resources/updated` for a subscribed chat or the deliveries when they change. The
 * feed is closed when the last subscription goes, and when the session ends.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { HttpError, type SimulatorClient } from '#contract/client.js';
import { readTranscript } from './transcript.js';

/** The URI of the webhook deliveries resource. */
export const DELIVERIES_URI = 'embedkit://deliveries';
/** The URI template of a chat's resource (RFC 6570). */
export const CHAT_URI_TEMPLATE = 'embedkit://chats/{chatId}';
/** The URI of a chat's resource. */
export const chatUri = (chatId: string): string => `embedkit://chats/${encodeURIComponent(chatId)}`;

/** How many messages a chat resource holds (its newest page), and deliveries the deliveries resource. */
const CHAT_PAGE = 50;
const DELIVERIES_PAGE = 20;
/** The wait before the feed is opened again after it dropped, in ms (the host's browser waits as long: the stream's `retry`). */
const RETRY_MS = 2_000;
/** The JSON-RPC error code of an unknown resource (MCP specification, "Resources": error handling). */
const RESOURCE_NOT_FOUND = -32002;

/** What a resource URI names: a chat, or the deliveries. @throws McpError (invalid params) for any other URI */
function parseUri(uri: string): { chatId: string } | 'deliveries' {
  if (uri === DELIVERIES_URI) return 'deliveries';
  const m = /^embedkit:\/\/chats\/([^/?#]+)$/.exec(uri);
  if (m) {
    try {
      const chatId = decodeURIComponent(m[1]!);
      if (chatId.length > 0 && chatId.length <= 100) return { chatId };
    } catch {
      // A malformed escape: refused below like any other URI.
    }
  }
  throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri.slice(0, 200)}: use ${DELIVERIES_URI} or ${CHAT_URI_TEMPLATE}`);
}

/** Reads one resource. @throws McpError with the simulator API's message (an unknown chat: resource not found) */
async function read(client: SimulatorClient, uri: string): Promise<ReadResourceResult> {
  const what = parseUri(uri);
  try {
    if (what === 'deliveries') {
      const answer = await client.call('deliveries', { query: { limit: DELIVERIES_PAGE } });
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(answer, null, 2) }] };
    }
    const { transcript, ...page } = await readTranscript(client, what.chatId, { limit: CHAT_PAGE });
    return {
      contents: [
        { uri, mimeType: 'text/plain', text: transcript },
        { uri, mimeType: 'application/json', text: JSON.stringify(page, null, 2) },
      ],
    };
  } catch (e) {
    if (e instanceof HttpError) throw new McpError(e.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, e.message);
    throw e;
  }
}

/**
 * The subscriptions of one MCP session and the live feed it follows for them: open while at least
 * one subscription exists, opened again {@link RETRY_MS} after a drop.
 */
class LiveFollower {
  private readonly uris = new Set<string>();
  private stop: AbortController | undefined;

  constructor(
    private readonly client: SimulatorClient,
    private readonly updated: (uri: string) => void,
  ) {}

  add(uri: string): void {
    this.uris.add(uri);
    if (!this.stop) this.follow(new AbortController());
  }

  remove(uri: string): void {
    this.uris.delete(uri);
    if (this.uris.size === 0) this.close();
  }

  close(): void {
    this.uris.clear();
    this.stop?.abort();
    this.stop = undefined;
  }

  private follow(stop: AbortController): void {
    this.stop = stop;
    void (async () => {
      while (!stop.signal.aborted) {
        try {
          const res = await this.client.open('liveEvents', {}, stop.signal);
          const events = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
          for (let next = await events.read(); !next.done; next = await events.read()) this.heard(next.value.event, next.value.data);
        } catch {
          // Dropped, refused or aborted: opened again below unless the subscriptions are gone.
        }
        if (!stop.signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS).unref?.());
      }
    })();
  }

  /**
   * One event of the feed: `chat` ({chatId}) and `delivery` name what changed; `world` (the world
   * was reset) changed everything subscribed (contract/src/wire.ts LiveEventSchemas).
   */
  private heard(type: string | undefined, data: string): void {
    if (type === 'world') {
      for (const uri of this.uris) this.updated(uri);
      return;
    }
    let uri: string | undefined;
    if (type === 'delivery') uri = DELIVERIES_URI;
    else if (type === 'chat') {
      try {
        const { chatId } = JSON.parse(data) as { chatId?: unknown };
        if (typeof chatId === 'string') uri = chatUri(chatId);
      } catch {
        // Not the contract's data: nothing to tell.
      }
    }
    if (uri !== undefined && this.uris.has(uri)) this.updated(uri);
  }
}

/**
 * Serves the resources on `server` (which must declare the `resources: {subscribe: true}`
 * capability): the list (the deliveries and each chat of the world), the chat template, reads and
 * subscriptions. The live feed is closed when the server closes.
 */
export function serveResources(server: Server, client: SimulatorClient): void {
  const follower = new LiveFollower(client, (uri) => void server.sendResourceUpdated({ uri }).catch(() => undefined));
  const closed = server.onclose;
  server.onclose = () => {
    follower.close();
    closed?.();
  };
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: CHAT_URI_TEMPLATE,
        name: 'chat',
        title: 'A chat',
        description: `A chat's newest ${CHAT_PAGE} messages: as text a person reads (text/plain) and as JSON (application/json). Subscribe to hear when messages come.`,
      },
    ],
  }));
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const world = await client.call('world');
    return {
      resources: [
        {
          uri: DELIVERIES_URI,
          name: 'deliveries',
          title: 'Webhook deliveries',
          description: `The newest ${DELIVERIES_PAGE} webhook deliveries with their bodies, signatures, attempts and the bots' answers. Subscribe to hear when one is sent or answered.`,
          mimeType: 'application/json',
        },
        ...world.chats.map((c) => ({
          uri: chatUri(c.chatId),
          name: `chat ${c.chatId}`,
          title: `${c.name} (${c.type})`,
          description: `The ${c.type} chat ${c.name}: members ${c.memberIds.join(', ')}${c.bot ? `, bot ${c.bot}` : ''}`,
        })),
      ],
    };
  });
  server.setRequestHandler(ReadResourceRequestSchema, (req) => read(client, req.params.uri));
  server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    // Read once, so that a subscription to a chat that does not exist is refused with its reason.
    await read(client, req.params.uri);
    follower.add(req.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    follower.remove(req.params.uri);
    return {};
  });
}
