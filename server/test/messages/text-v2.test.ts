// The textV2 message object (published messaging-api.yml `TextMessageV2`): placeholders, their
// substitutions, keys, mention targets, emoji IDs and the text's length, through the validator
// every bot body goes through.
import { describe, expect, it } from 'vitest';
import { checkPushBody } from '../../src/messages/bodies.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const EMOJI = { type: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' };
const good = {
  type: 'textV2',
  text: 'Hi {alice}, welcome {everyone} {smile}',
  substitution: {
    alice: { type: 'mention', mentionee: { type: 'user', userId: ALICE } },
    everyone: { type: 'mention', mentionee: { type: 'all' } },
    smile: EMOJI,
  },
};

/** The details of a push of one message, or null when valid. */
const check = (message: unknown) => checkPushBody({ to: ALICE, messages: [message] });

describe('textV2', () => {
  it('accepts placeholders with their substitutions, and a text without any', () => {
    expect(check(good)).toBeNull();
    expect(check({ type: 'textV2', text: 'No placeholders, {not a key} stays text' })).toBeNull();
  });

  it('refuses a placeholder without a substitution', () => {
    expect(check({ ...good, text: 'Hi {alice} {bob} {everyone} {smile}' })).toEqual([
      { message: 'No substitution for {bob} of the text', property: 'messages[0].text' },
    ]);
  });

  it('refuses a substitution the text does not use', () => {
    expect(check({ ...good, text: 'Hi {alice} {everyone}' })).toEqual([
      { message: 'Substitution is not used: the text has no {smile}', property: 'messages[0].substitution.smile' },
    ]);
  });

  it('refuses a bad key', () => {
    const tooLong = 'k'.repeat(21);
    const details = check({ type: 'textV2', text: `{${tooLong}} {a-b}`, substitution: { [tooLong]: EMOJI, 'a-b': EMOJI } });
    expect(details).toEqual(
      expect.arrayContaining([
        { message: 'Key must be 1 to 20 of a-z, A-Z, 0-9 and _', property: `messages[0].substitution.${tooLong}` },
        { message: 'Key must be 1 to 20 of a-z, A-Z, 0-9 and _', property: 'messages[0].substitution.a-b' },
      ]),
    );
  });

  it('refuses a text over 5000 characters, and an empty one', () => {
    expect(check({ type: 'textV2', text: 'a'.repeat(5000) })).toBeNull();
    expect(check({ type: 'textV2', text: 'a'.repeat(5001) })?.[0]?.property).toBe('messages[0].text');
    expect(check({ type: 'textV2', text: '' })?.[0]?.property).toBe('messages[0].text');
  });

  it('refuses a bad mention target and bad emoji IDs', () => {
    const mention = (mentionee: unknown) => check({ type: 'textV2', text: '{m}', substitution: { m: { type: 'mention', mentionee } } });
    expect(mention({ type: 'user', userId: 'nobody' })?.[0]?.property).toBe('messages[0].substitution.m.mentionee.userId');
    expect(mention({ type: 'user' })).not.toBeNull();
    expect(mention({ type: 'group' })).not.toBeNull();
    const emoji = (e: unknown) => check({ type: 'textV2', text: '{e}', substitution: { e: { type: 'emoji', ...(e as object) } } });
    expect(emoji({ productId: 'x', emojiId: '001' })?.[0]?.property).toBe('messages[0].substitution.e.productId');
    expect(emoji({ productId: EMOJI.productId, emojiId: '1' })?.[0]?.property).toBe('messages[0].substitution.e.emojiId');
  });
});
