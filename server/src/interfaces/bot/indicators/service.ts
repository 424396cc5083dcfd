/**
 * The loading indicator and read marks of 1:1 bot chats (the platform's
 * `POST /v2/bot/chat/loading/start` and `POST /v2/bot/message/markAsRead`). Kept in this process's
 * memory: they last seconds (loading) or only mark what the user sees (read), see
 * docs/platform/bot-daily-calls.md.
 */
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../../clock/clock.js';
import { badRequest } from '../../../http/errors.js';
import type { LiveHub } from '../../../live/hub.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import { LOADING_SECONDS, readMarkAsReadToken, type LoadingBody, type MarkAsReadBody, type MarkAsReadByTokenBody } from './rules.js';

export { LOADING_SECONDS };

export class ChatIndicatorService {
  /** Chat → `[since, until]` of the loading indicator, ms. */
  private readonly loading = new Map<string, [number, number]>();
  private readonly read = new Map<string, number>();

  constructor(private readonly d: { botsInChats: BotsInChatsStore; live: LiveHub; clock: Clock }) {}

  /** Forgets every loading indicator and read mark (the world was reset). */
  forget(): void {
    this.loading.clear();
    this.read.clear();
  }

  private async chatOf(channelId: string, userId: string): Promise<string> {
    if ((await this.d.botsInChats.friendState(channelId, userId)) !== 'friend')
      throw badRequest('The user has not added the bot as a friend');
    const chatId = await this.d.botsInChats.botChatId(channelId, userId);
    if (!chatId) throw badRequest('The user has not added the bot as a friend');
    return chatId;
  }

  /**
   * Shows the loading indicator in the user's 1:1 chat for the seconds given (default 20).
   * @throws ApiError 400 when the user is not a friend of the bot
   */
  async startLoading(channelId: string, b: Static<typeof LoadingBody>): Promise<void> {
    const seconds = b.loadingSeconds ?? LOADING_SECONDS.default;
    const chatId = await this.chatOf(channelId, b.chatId);
    const now = this.d.clock.now();
    this.loading.set(chatId, [now, now + seconds * 1000]);
    this.d.live.publish({ type: 'chat', chatId });
  }

  /** Marks the user's messages in the 1:1 chat as read now. @throws ApiError 400 when the user is not a friend of the bot. */
  async markAsRead(channelId: string, body: Static<typeof MarkAsReadBody>): Promise<void> {
    const chatId = await this.chatOf(channelId, body.chat.userId);
    this.read.set(chatId, this.d.clock.now());
    this.d.live.publish({ type: 'chat', chatId });
  }

  /**
   * Marks read, by a message event's `markAsReadToken` (`POST /v2/bot/chat/markAsRead`), the
   * user's messages of that 1:1 chat up to now.
   * @throws ApiError 400 for a token this channel did not issue
   */
  async markAsReadByToken(channel: { channel_id: string; secret: string }, body: Static<typeof MarkAsReadByTokenBody>): Promise<void> {
    const read = readMarkAsReadToken(channel.secret, body.markAsReadToken);
    if (!read) throw badRequest('Invalid markAsReadToken');
    this.read.set(read.chatId, this.d.clock.now());
    this.d.live.publish({ type: 'chat', chatId: read.chatId });
  }

  /**
   * What the host shows: `loadingSince`/`loadingUntil` (ms, null when not loading; the host hides
   * the indicator at `loadingUntil` or when a bot message newer than `loadingSince` shows, as the
   * platform ends it with the bot's next message) and `readAt` (ms, null when never).
   */
  state(chatId: string): { loadingSince: number | null; loadingUntil: number | null; readAt: number | null } {
    const loading = this.loading.get(chatId);
    const on = loading !== undefined && loading[1] > this.d.clock.now();
    return { loadingSince: on ? loading[0] : null, loadingUntil: on ? loading[1] : null, readAt: this.read.get(chatId) ?? null };
  }
}
