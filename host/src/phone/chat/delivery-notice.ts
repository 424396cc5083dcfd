/**
 * A muted line in the chat when the bot of the chat cannot be reached because nothing listens at
 * its webhook URL (the connection was refused): the person sees at once why no answer comes and
 * what to do, not only in the Webhooks panel. Fed by the live feed's delivery events and the
 * deliveries list (the simulator API's `deliveries` route); a later delivery that arrives takes the line away.
 */
import type { Delivery } from '#contract/wire.js';

/** The chat on screen, as the signed-in user sees it. */
export interface NoticeChat {
  chatId: string;
  /** For a 1:1 chat with a bot: the bot's channel ID. */
  bot?: string;
  userId: string;
}

/**
 * The line for a delivery whose latest attempt found nothing listening (`ECONNREFUSED`), naming
 * the URL and what to do; null for any other outcome (an answer, a timeout, a refused name).
 * @param botName the channel's name, when the world knows it
 */
export function unreachableNotice(d: Pick<Delivery, 'attempts'>, botName?: string): string | null {
  const last = d.attempts.at(-1);
  if (!last || last.statusCode !== null || !/\bECONNREFUSED\b/.test(last.error ?? '')) return null;
  return `${botName ?? 'The bot'} cannot answer: nothing listens at ${last.url}. Start your bot, or set its URL in the Webhooks panel.`;
}

/**
 * Whether a delivery carries an event of the chat on screen: the 1:1 chat's bot hearing this user,
 * or any bot hearing this group or room (its ID is in the body: `source.groupId`/`roomId`, or a v1
 * callback's `to`).
 */
export function concernsChat(d: Pick<Delivery, 'channelId' | 'body'>, chat: NoticeChat): boolean {
  if (d.body.includes(JSON.stringify(chat.chatId))) return true;
  return chat.bot === d.channelId && d.body.includes(JSON.stringify(chat.userId));
}

/** What the notices need of the host. */
export interface DeliveryNoticeDeps {
  /** The chat on screen, or null. */
  chat(): NoticeChat | null;
  /** The newest deliveries of a channel, newest first. */
  deliveries(channelId: string): Promise<Delivery[]>;
  /** The name the world gives a channel. */
  botName(channelId: string): string | undefined;
  /** Shows (a text) or takes away (null) a channel's line in the chat on screen. */
  show(channelId: string, text: string | null): void;
}

/** The newest deliveries of a channel read per event: the one that changed is among them. */
export const NOTICE_LOOKUP = 10;

/**
 * Follows the live feed's delivery events: a delivery of the chat on screen whose attempt found
 * nothing listening shows the line; one that arrives takes it away.
 */
export class DeliveryNotices {
  constructor(private readonly deps: DeliveryNoticeDeps) {}

  /** One event of the live feed (`{type: 'delivery', channelId, id, status}`). */
  async onDelivery(event: { channelId: string; id: number; status: string }): Promise<void> {
    const chat = this.deps.chat();
    if (!chat) return;
    if (event.status === 'delivered') return this.deps.show(event.channelId, null);
    if (event.status !== 'pending' && event.status !== 'failed') return;
    let list: Delivery[];
    try {
      list = await this.deps.deliveries(event.channelId);
    } catch {
      return; // A hint only: the Webhooks panel still shows the delivery.
    }
    const d = list.find((x) => x.id === event.id);
    const now = this.deps.chat();
    if (!d || now?.chatId !== chat.chatId || !concernsChat(d, chat)) return;
    const text = unreachableNotice(d, this.deps.botName(event.channelId));
    if (text) this.deps.show(event.channelId, text);
  }
}
