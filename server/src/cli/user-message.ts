/**
 * A user's message stored in a chat of a running embedkit, as the host's composer stores it
 * (`POST /embedkit/v1/chats/<chatId>/messages`): the chat shows it and the bots in the chat get
 * the event through their webhook. Shared by `say` and `trigger message`.
 */
import { botCall, CliError, reason, type Target } from './http.js';

/** The stored message as the simulator API answers it. */
export interface StoredUserMessage {
  id: string;
  chatId: string;
  message: Record<string, unknown>;
}

/**
 * Stores a text message from a user in a chat.
 * @throws CliError when nothing answers or the chat, the user or the text is refused (with the details)
 */
export async function storeUserMessage(t: Target, chatId: string, userId: string, text: string): Promise<StoredUserMessage> {
  const res = await botCall(t, 'POST', `/embedkit/v1/chats/${encodeURIComponent(chatId)}/messages`, {
    json: { userId, message: { type: 'text', text } },
  });
  if (res.status !== 200) throw new CliError(`the message was refused: ${reason(res)}`);
  return res.body as StoredUserMessage;
}

/**
 * The 1:1 chat of a user with the channel's bot in the running embedkit's world, or undefined when
 * the world has none.
 * @throws CliError when nothing answers or the world is refused
 */
export async function chatWithBot(t: Target, userId: string): Promise<string | undefined> {
  const res = await botCall(t, 'GET', '/embedkit/v1/world');
  if (res.status !== 200) throw new CliError(`the world was refused: ${reason(res)}`);
  const chats = res.body.chats as Array<{ chatId: string; type: string; memberIds: string[]; bot?: string }>;
  return chats.find((c) => c.type === 'utou' && c.bot === t.channelId && c.memberIds.includes(userId))?.chatId;
}
