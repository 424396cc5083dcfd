/** Sample textV2 messages: of the Simulator tab and the tests (a bot's message: apps cannot send it). */

/** A textV2 message (published `TextMessageV2`); the SDK's message types do not hold it, as apps cannot send it. */
export type TextV2Message = {
  type: 'textV2';
  text: string;
  substitution?: Record<
    string,
    | { type: 'mention'; mentionee: { type: 'user'; userId: string } | { type: 'all' } }
    | { type: 'emoji'; productId: string; emojiId: string }
  >;
};

/** A mention of the default scenario's Alice, one of everybody, an emoji and escaped braces. */
export const TEXT_V2: TextV2Message = {
  type: 'textV2',
  text: 'Welcome {alice}! {everyone}, lunch is at noon {smile} (reply with {{yes}} or {{no}})',
  substitution: {
    alice: { type: 'mention', mentionee: { type: 'user', userId: 'U0a11ce0000000000000000000000a11c' } },
    everyone: { type: 'mention', mentionee: { type: 'all' } },
    smile: { type: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' },
  },
};
