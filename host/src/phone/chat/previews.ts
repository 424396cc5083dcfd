/**
 * The chat list's previews: the last message of each chat, as `previewText` writes it (the
 * altText for templates, flex messages and imagemaps).
 */
import type { ChatMessage } from '../../simulator-api/phone-api.js';
import { previewText } from './render.js';

/** Loads and keeps the preview of each chat. */
export class ChatPreviews {
  private previews: Record<string, string> = {};
  private generation = 0;

  /**
   * @param messages reads a page of a chat's messages, oldest first (`SimulatorApi.messages`): the
   *   preview asks for the newest one only
   * @param onChange called after a load changed some preview
   */
  constructor(
    private readonly messages: (chatId: string, page: { limit: number }) => Promise<{ messages: ChatMessage[] }>,
    private readonly onChange: () => void,
  ) {}

  /** The previews by chat id (chats without messages, or not loaded yet, are absent). */
  get(): Readonly<Record<string, string>> {
    return this.previews;
  }

  /** Reloads the previews of these chats; a chat that fails to load keeps its last preview. */
  async load(chatIds: string[]): Promise<void> {
    const generation = ++this.generation;
    const answers = await Promise.all(
      chatIds.map(async (id) => {
        try {
          return { id, ok: true, last: (await this.messages(id, { limit: 1 })).messages.at(-1) };
        } catch {
          return { id, ok: false, last: undefined };
        }
      }),
    );
    if (generation !== this.generation) return;
    const next = { ...this.previews };
    for (const { id, ok, last } of answers) {
      if (!ok) continue;
      // An unsent last message leaves only the line the chat shows in its place.
      if (last) next[id] = last.unsentAt !== undefined ? `${last.sender.displayName} unsent a message` : previewText(last.message);
      else delete next[id];
    }
    const changed = JSON.stringify(next) !== JSON.stringify(this.previews);
    this.previews = next;
    if (changed) this.onChange();
  }
}
