/**
 * Beacons and account links (events `beacon`, `accountLink`): what happens between one person and
 * a bot they are a friend of, outside any chat's messages.
 */
import type { AccountLinkBody, BeaconBody } from '#contract/requests.js';
import { draftOf } from '#contract/event-types.js';
import { userSource } from '../../../webhooks/events.js';
import type { BotEventContext } from './context.js';

/** The rules of beacons and account links. */
export class BeaconAndLinkEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A user enters or leaves a beacon's range, or taps its banner: `beacon` with `hwid`, `type` and
   * `dm` (device message, when given).
   * @throws ApiError 400 for a user who is not a friend of the bot.
   */
  async beacon(channelId: string, body: BeaconBody): Promise<void> {
    const b = body;
    const chatId = await this.c.friendChat(channelId, b.userId);
    await this.c.d.emitter.emit(channelId, chatId, [draftOf('beacon', userSource(b.userId), b)]);
  }

  /**
   * A user links their account with the bot's service: `accountLink` with `link.result` and
   * `link.nonce`; a reply token only when the result is `ok`.
   * @throws ApiError 400 for a user who is not a friend of the bot.
   */
  async accountLink(channelId: string, body: AccountLinkBody): Promise<void> {
    const b = body;
    const chatId = await this.c.friendChat(channelId, b.userId);
    await this.c.d.emitter.emit(channelId, chatId, [draftOf('accountLink', userSource(b.userId), b.result, b.nonce)]);
  }
}
