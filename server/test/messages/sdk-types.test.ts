/**
 * The SDK's message types (`import type { Message } from 'embedkit/sdk'`) stay in step
 * with the validator: every kind, written against the SDK's types, passes the server's checks, and
 * the validator's types of the basic kinds are the SDK's (a compile-time check: `npm run typecheck`
 * fails when they drift apart).
 */
import { describe, expect, it } from 'vitest';
import type * as Sdk from '../../../sdk/src/messages.js';
import type * as Server from '#contract/messages/basic.js';
import { checkShareBody } from '../../src/messages/bodies.js';
import * as Sample from '../fixtures/messages.js';

/** true when A and B accept the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** true when every value of A is a B. */
type Within<A, B> = [A] extends [B] ? true : false;
type Bare<T> = Omit<T, 'quickReply'>;
// The basic kinds have the same fields; quick reply actions are looser in the SDK (the validator's
// label rules differ by place and are reported at run time), so there only "every valid message
// type-checks" is required.
const sameShapes: [
  Same<Bare<Sdk.TextMessage>, Bare<Server.TextMessage>>,
  Same<Bare<Sdk.ImageMessage>, Bare<Server.ImageMessage>>,
  Same<Bare<Sdk.VideoMessage>, Bare<Server.VideoMessage>>,
  Same<Bare<Sdk.AudioMessage>, Bare<Server.AudioMessage>>,
  Same<Bare<Sdk.LocationMessage>, Bare<Server.LocationMessage>>,
  Same<Bare<Sdk.StickerMessage>, Bare<Server.StickerMessage>>,
  Within<
    Server.TextMessage | Server.ImageMessage | Server.VideoMessage | Server.AudioMessage | Server.LocationMessage | Server.StickerMessage,
    Sdk.Message
  >,
] = [true, true, true, true, true, true, true];

// The samples are typed with the SDK's types; the text one adds a quick reply to check that kind too.
const EXAMPLES: Sdk.Message[] = [
  { ...Sample.TEXT, quickReply: { items: [{ type: 'action', action: { type: 'camera', label: 'Camera' } }] } },
  Sample.IMAGE,
  Sample.VIDEO,
  Sample.AUDIO,
  Sample.LOCATION,
  Sample.STICKER,
  Sample.IMAGEMAP,
  Sample.BUTTONS_TEMPLATE,
  Sample.CONFIRM_TEMPLATE,
  Sample.IMAGE_CAROUSEL_TEMPLATE,
  Sample.FLEX_BUBBLE,
];

describe('the SDK message types', () => {
  it('describe the same basic kinds as the validator', () => {
    expect(sameShapes.every(Boolean)).toBe(true);
  });

  it('messages written against them pass the server’s validator', () => {
    for (let i = 0; i < EXAMPLES.length; i += 5) expect(checkShareBody({ messages: EXAMPLES.slice(i, i + 5) })).toBeNull();
  });
});
