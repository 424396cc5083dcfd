/**
 * Any event type sent to a bot on demand (the simulator API's `triggerEvent`, the MCP tool
 * `trigger_event`): the event `embedkit trigger` makes, but sent by embedkit itself, so it is signed
 * with the channel's secret, carries a reply token of its chat and is kept as a delivery.
 */
import type { TriggerEventBody } from '#contract/requests.js';
import { TRIGGER_EVENTS, TRIGGER_TABLE, triggerDraft, triggerOptionsOf } from '../../../webhooks/triggers.js';
import { badRequest, noChannel, noChat, unknownUser } from '../../../http/errors.js';
import { isEventType } from '#contract/event-types.js';
import type { BotEventContext } from './context.js';

/** The rule of triggered events. */
export class TriggerEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * Sends the bot of `channelId` one event of `body.type` from `body.userId`: in `body.chatId` (a
   * group or room the bot is in) for the events that happen there, else in the person's 1:1 chat
   * with the bot (they need not be its friend: a follow event is what makes one). Not stored in
   * the chat: a triggered message event is the event alone (`sendMessage` says a message).
   * @returns `{delivered: 1}`, or 0 when the bot has no delivery to make (a v1 bot without that event)
   * @throws ApiError 400 for an unknown event type (naming the known ones), a chat
   *   of the wrong kind or without the bot, a person without a chat with the bot; 404 for an unknown channel or chat
   */
  async trigger(channelId: string, body: TriggerEventBody): Promise<{ delivered: number }> {
    const { type, userId, chatId: asked, ...given } = body;
    if (!isEventType(type)) throw badRequest(`Unknown event type ${type}: use one of ${TRIGGER_EVENTS.join(', ')}`);
    const d = this.c.d;
    if (!(await d.world.channel(channelId))) throw noChannel(channelId);
    if (!(await d.world.user(userId))) throw unknownUser(userId);
    const place = TRIGGER_TABLE[type].place;
    const chat = asked === undefined ? undefined : await d.world.chat(asked);
    if (asked !== undefined && !chat) throw noChat(asked);
    let chatId: string;
    if (chat && chat.type !== 'utou') {
      if (place === 'user') throw badRequest(`A ${type} event comes from a person in their 1:1 chat with the bot: leave chatId out`);
      if (!(await d.botsInChats.botInChat(chat.chat_id, channelId)))
        throw badRequest(`The bot of channel ${channelId} is not in chat ${chat.chat_id}`);
      chatId = chat.chat_id;
    } else {
      if (place === 'chat') throw badRequest(`A ${type} event happens in a group or a room: give the chatId of one the bot is in`);
      const own = await d.botsInChats.botChatId(channelId, userId);
      if (!own) throw badRequest(`User ${userId} has no 1:1 chat with the bot of channel ${channelId}`);
      if (chat && chat.chat_id !== own)
        throw badRequest(`Chat ${chat.chat_id} is not the 1:1 chat of ${userId} with the bot of channel ${channelId}`);
      chatId = own;
    }
    const checked = triggerOptionsOf(given);
    if ('problem' in checked) throw badRequest(`The event's fields: ${checked.problem}`);
    const draft = triggerDraft(type, {
      ...checked.options,
      user: userId,
      ...(chat?.type === 'group' ? { group: chat.chat_id } : chat?.type === 'room' ? { room: chat.chat_id } : {}),
    });
    // The event's message ID on the simulated clock (the command's draft numbers it by the wall clock).
    if (draft.type === 'message') draft.fields.message.id = String(d.clock.now());
    return { delivered: (await d.emitter.emit(channelId, chatId, [draft])) === null ? 0 : 1 };
  }
}
