/**
 * A chat's messages as a person reads them: each with the line shown for it, and a page of them as
 * one text. The tools that read or wait for messages answer this way, and so do the chat resources.
 */
import type { Static } from '@sinclair/typebox';
import type { SimulatorClient } from '#contract/client.js';
import type { ChatPageQuerySchema } from '#contract/requests.js';
import type { ChatMessage } from '#contract/wire.js';
import { messageText } from '#contract/message-text.js';

/** A chat message with the line a person reads for it. */
export function withText(m: ChatMessage) {
  return { ...m, text: m.unsentAt !== undefined ? `${m.sender.displayName} unsent a message` : messageText(m.message) };
}

/**
 * A page of a chat as `read_transcript` and the chat resources answer it: the messages with the
 * line a person reads, `more`, and the page as one text (`Alice (user, <id>): hello` a line).
 * @throws HttpError with the simulator API's message (an unknown chat: 404)
 */
export async function readTranscript(client: SimulatorClient, chatId: string, query: Static<typeof ChatPageQuerySchema>) {
  const page = await client.call('chatMessages', { params: { chatId }, query });
  const messages = page.messages.map(withText);
  return {
    messages,
    more: page.more,
    transcript: messages.map((m) => `${m.sender.displayName} (${m.sender.type}, ${m.id}): ${m.text}`).join('\n'),
  };
}
