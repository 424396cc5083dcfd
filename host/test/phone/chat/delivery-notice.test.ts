// The chat's line when nothing listens at its bot's webhook URL: shown for a refused connection of
// a delivery of the chat on screen, named with the URL and what to do; gone once a delivery arrives.
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../../src/simulator-api/bot-api.js';
import { concernsChat, DeliveryNotices, unreachableNotice, type NoticeChat } from '../../../src/phone/chat/delivery-notice.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const BOB = 'U000000000000000000000000000000b0';
const BOT_CHAT: NoticeChat = { chatId: 'UBa11ce0000000000000000000000a11c', bot: '1650000001', userId: ALICE };
const GROUP: NoticeChat = { chatId: 'C0000000000000000000000000000000a', userId: ALICE };

function delivery(over: Partial<Delivery> & { error?: string | null; statusCode?: number | null } = {}): Delivery {
  const { error = 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:3000', statusCode = null, ...rest } = over;
  return {
    id: 7,
    channelId: '1650000001',
    eventTypes: ['message'],
    status: 'pending',
    createdAt: 0,
    deliveredAt: null,
    nextAttemptAt: 1000,
    body: JSON.stringify({ events: [{ type: 'message', source: { type: 'user', userId: ALICE } }] }),
    headers: {},
    attempts: [{ url: 'http://127.0.0.1:3000/webhook', startedAt: 0, statusCode, error, latencyMs: 2, responseBody: null }],
    ...rest,
  };
}

describe('unreachableNotice', () => {
  it('names the bot, the URL and what to do when the connection was refused', () => {
    expect(unreachableNotice(delivery(), 'Demo Bot')).toBe(
      'Demo Bot cannot answer: nothing listens at http://127.0.0.1:3000/webhook. Start your bot, or set its URL in the Webhooks panel.',
    );
  });

  it('says nothing for an answer, a timeout, or before any attempt', () => {
    expect(unreachableNotice(delivery({ statusCode: 500, error: null }))).toBeNull();
    expect(unreachableNotice(delivery({ error: 'the bot did not answer within 10000 ms' }))).toBeNull();
    expect(unreachableNotice(delivery({ attempts: [] }))).toBeNull();
  });
});

describe('concernsChat', () => {
  it('a 1:1 bot chat: its bot hearing this user only', () => {
    expect(concernsChat(delivery(), BOT_CHAT)).toBe(true);
    expect(concernsChat(delivery(), { ...BOT_CHAT, userId: BOB })).toBe(false);
    expect(concernsChat(delivery({ channelId: '1650000002' }), BOT_CHAT)).toBe(false);
  });

  it('a group: any bot whose event comes from it', () => {
    const fromGroup = delivery({ body: JSON.stringify({ events: [{ source: { type: 'group', groupId: GROUP.chatId, userId: ALICE } }] }) });
    expect(concernsChat(fromGroup, GROUP)).toBe(true);
    expect(concernsChat(delivery(), GROUP)).toBe(false);
  });
});

describe('DeliveryNotices', () => {
  function setup(chat: NoticeChat | null, list: Delivery[]) {
    const shown: [string, string | null][] = [];
    const notices = new DeliveryNotices({
      chat: () => chat,
      deliveries: async () => list,
      botName: () => 'Demo Bot',
      show: (channelId, text) => shown.push([channelId, text]),
    });
    return { notices, shown };
  }

  it('shows the line for a refused delivery of the chat on screen, and takes it away when one arrives', async () => {
    const { notices, shown } = setup(BOT_CHAT, [delivery()]);
    await notices.onDelivery({ channelId: '1650000001', id: 7, status: 'pending' });
    expect(shown).toEqual([['1650000001', expect.stringContaining('nothing listens at http://127.0.0.1:3000/webhook')]]);
    await notices.onDelivery({ channelId: '1650000001', id: 8, status: 'delivered' });
    expect(shown.at(-1)).toEqual(['1650000001', null]);
  });

  it('shows nothing on the chat list, for another user’s chat, or for another failure', async () => {
    for (const [chat, list] of [
      [null, [delivery()]],
      [{ ...BOT_CHAT, userId: BOB }, [delivery()]],
      [BOT_CHAT, [delivery({ statusCode: 404, error: null })]],
    ] as const) {
      const { notices, shown } = setup(chat, [...list]);
      await notices.onDelivery({ channelId: '1650000001', id: 7, status: 'failed' });
      expect(shown).toEqual([]);
    }
  });
});
