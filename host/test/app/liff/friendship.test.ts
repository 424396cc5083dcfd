/**
 * `liff.requestFriendship(options)` in the host (`host/src/app/liff/friendship.ts`, the bridge's wire
 * rule): which official account is asked for, with which words, and what is refused.
 */
import { describe, expect, it } from 'vitest';
import type { BotInfo } from '#contract/wire.js';
import { DEFAULT_FRIENDSHIP_PROMPT, friendshipPrompt, friendshipTarget } from '../../../src/app/liff/friendship.js';
import { friendshipRequestProblem } from '../../../src/app/bridge/wire.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';

function bot(channelId: string, name: string, friends: BotInfo['friends'] = []): BotInfo {
  return {
    channelId,
    name,
    basicId: `@${channelId.slice(-6)}emb`,
    plan: 'developer-trial',
    webhookUrl: null,
    unknownProperty: false,
    botInterface: 'messaging',
    channelMid: null,
    blockOperations: false,
    friends,
    chats: [],
  } as BotInfo;
}

const BOTS = [
  bot('1650000001', 'Demo Bot', [{ userId: ALICE, state: 'friend' }]),
  bot('1650000002', 'Enterprise Bot', [{ userId: ALICE, state: 'blocked' }]),
];

describe('the account asked for', () => {
  it('the app channel’s bot by default; the bot with the basic ID named; a friend already says so', () => {
    expect(friendshipTarget(BOTS, {}, '1650000001', ALICE)).toEqual({ channelId: '1650000001', name: 'Demo Bot', friend: true });
    expect(friendshipTarget(BOTS, { officialAccountId: '@000002emb' }, '1650000001', ALICE)).toEqual({
      channelId: '1650000002',
      name: 'Enterprise Bot',
      friend: false,
    });
  });

  it('an account no bot has: refused, or the app channel’s bot with fallback', () => {
    expect(friendshipTarget(BOTS, { officialAccountId: '@nobody' }, '1650000001', ALICE)).toEqual({
      refused: expect.stringContaining('No official account @nobody'),
    });
    expect(friendshipTarget(BOTS, { officialAccountId: '@nobody', officialAccountFallback: true }, '1650000001', ALICE)).toMatchObject({
      channelId: '1650000001',
    });
  });
});

describe('the words', () => {
  it('the default question, a published template’s text, or the default naming a template whose text is not known', () => {
    expect(friendshipPrompt()).toBe(DEFAULT_FRIENDSHIP_PROMPT);
    expect(friendshipPrompt('coupon')).toBe('Get coupons and special offers from this official account.');
    expect(friendshipPrompt('event')).toBe(`${DEFAULT_FRIENDSHIP_PROMPT} (template event)`);
  });
});

describe('the wire rule', () => {
  it('takes the SDK’s flattened options and refuses anything else', () => {
    expect(friendshipRequestProblem({})).toBe('');
    expect(friendshipRequestProblem({ officialAccountId: '@x', officialAccountFallback: true, templateId: 'coupon' })).toBe('');
    expect(friendshipRequestProblem(null)).toContain('object');
    expect(friendshipRequestProblem({ officialAccountId: 'x' })).toContain('"@"');
    expect(friendshipRequestProblem({ officialAccountFallback: 'yes' })).toContain('boolean');
    expect(friendshipRequestProblem({ templateId: '' })).toContain('template.id');
  });
});
