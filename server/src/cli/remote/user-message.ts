/**
 * A user's message stored in a chat of a running embedkit, as the host's composer stores it
 * (simulator route `sendMessage`): the chat shows it and the bots in the chat get
 * the event through their webhook. Shared by `say` and `trigger message`.
 */
import type { ChatMessage } from '#contract/wire.js';
import { simCall, type Target } from './http.js';

/** The stored message as the simulator API answers it. */
export type StoredUserMessage = ChatMessage;

/**
 * Stores a text message from a user in a chat.
 * @throws CliError when nothing answers or the chat, the user or the text is refused (with the details)
 */
export function storeUserMessage(t: Target, chatId: string, userId: string, text: string): Promise<StoredUserMessage> {
  return simCall(t, 'the message was refused', 'sendMessage', {
    params: { chatId },
    body: { userId, message: { type: 'text', text } },
  });
}

/**
 * The 1:1 chat of a user with the channel's bot in the running embedkit's world, or undefined when
 * the world has none.
 * @throws CliError when nothing answers or the world is refused
 */
export async function chatWithBot(t: Target, userId: string): Promise<string | undefined> {
  const { chats } = await simCall(t, 'the world was refused', 'world');
  return chats.find((c) => c.type === 'utou' && c.bot === t.channelId && c.memberIds.includes(userId))?.chatId;
}
