/**
 * The tools that read a chat: a page of it as a person reads it, and the wait for the bots' next
 * messages, which polls the chat in wall time until a bot has answered or the wait runs out.
 */
import { Type } from '@sinclair/typebox';
import { ChatPageQuerySchema } from '#contract/requests.js';
import type { ChatMessage } from '#contract/wire.js';
import { ToolInputError } from '../errors.js';
import { readTranscript, withText } from '../transcript.js';
import { ChatId, tool } from './tool.js';

/** The longest a wait may last, in ms: an agent's call should not outlive its client's request timeout (60 s by default). */
export const MAX_WAIT_MS = 50_000;
/** How often a wait reads the chat again, in ms. */
const POLL_MS = 150;

/** The chat's messages after `marker` sent by bots, oldest first (all of them when the marker is not on the page). */
function botMessagesAfter(list: ChatMessage[], marker: string | undefined): ChatMessage[] {
  const i = marker === undefined ? -1 : list.findIndex((m) => m.id === marker);
  return list.slice(i + 1).filter((m) => m.sender.type === 'bot');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const readTranscriptTool = tool({
  name: 'read_transcript',
  description:
    'A page of a chat, oldest first: each message with its sender, its message object and `text`, the line a person reads (alt texts, template and flex texts, buttons as [label → what it does], quick replies). Page with `before` or `after` a message ID; `more` says messages exist beyond the page.',
  input: Type.Object(
    {
      chatId: ChatId,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'messages per page (default 50)' })),
      before: ChatPageQuerySchema.properties.before,
      after: ChatPageQuerySchema.properties.after,
    },
    { additionalProperties: false },
  ),
  run: ({ chatId, limit, before, after }, { client }) => readTranscript(client, chatId, { limit: limit ?? 50, before, after }),
});

export const waitForReply = tool({
  name: 'wait_for_reply',
  description:
    'Waits for the bots’ next messages in a chat: those after the last message this session said there (say, tap_action) or waited for, else after the chat’s newest message. Answers every bot message after that point as soon as there is one, or an error after `timeoutMs`.',
  input: Type.Object(
    {
      chatId: ChatId,
      timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_MS, description: 'how long to wait, in ms (default 10000)' })),
    },
    { additionalProperties: false },
  ),
  run: async ({ chatId, timeoutMs }, { client, seen }) => {
    const read = async () => (await client.call('chatMessages', { params: { chatId }, query: { limit: 200 } })).messages;
    const first = await read();
    const marker = seen.get(chatId) ?? first.at(-1)?.id;
    // Wall time, not the simulated clock: the wait is for the bot process, which runs in real time.
    const deadline = performance.now() + (timeoutMs ?? 10_000);
    for (let list = first; ; list = await read()) {
      const replies = botMessagesAfter(list, marker);
      if (replies.length > 0) {
        seen.set(chatId, replies.at(-1)!.id);
        return { messages: replies.map(withText) };
      }
      if (performance.now() >= deadline) break;
      await sleep(Math.min(POLL_MS, Math.max(0, deadline - performance.now())));
    }
    throw new ToolInputError(
      `No bot message in chat ${chatId} within ${timeoutMs ?? 10_000} ms: is the channel’s webhook set (list_bots), and does the bot answer 200 and reply? list_deliveries shows what it answered`,
    );
  },
});
