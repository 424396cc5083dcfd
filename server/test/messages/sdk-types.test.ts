/**
 * The SDK's message types (`import type { Message } from 'embedkit/sdk'`, issue 15) stay in step
 * with the validator: every kind, written against the SDK's types, passes the server's checks, and
 * the validator's types of the basic kinds are the SDK's (a compile-time check: `npm run typecheck`
 * fails when they drift apart).
 */
import { describe, expect, it } from 'vitest';
import type * as Sdk from '../../../sdk/src/messages.js';
import type * as Server from '../../src/messages/schema/basic.js';
import { checkShareBody } from '../../src/messages/bodies.js';

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

const url = 'https://example.com/a.jpg';
const EXAMPLES: Sdk.Message[] = [
  { type: 'text', text: 'hi', quickReply: { items: [{ type: 'action', action: { type: 'camera', label: 'Camera' } }] } },
  { type: 'image', originalContentUrl: url, previewImageUrl: url },
  { type: 'video', originalContentUrl: 'https://example.com/a.mp4', previewImageUrl: url },
  { type: 'audio', originalContentUrl: 'https://example.com/a.m4a', duration: 1000 },
  { type: 'location', title: 'Office', address: '1-1 Chiyoda', latitude: 35.68, longitude: 139.76 },
  { type: 'sticker', packageId: '446', stickerId: '1988' },
  {
    type: 'imagemap',
    baseUrl: 'https://example.com/map',
    altText: 'map',
    baseSize: { width: 1040, height: 1040 },
    actions: [{ type: 'message', text: 'hi', area: { x: 0, y: 0, width: 520, height: 1040 } }],
  },
  {
    type: 'template',
    altText: 'pick',
    template: {
      type: 'buttons',
      text: 'Pick one',
      actions: [
        { type: 'postback', label: 'A', data: 'a' },
        { type: 'uri', label: 'Site', uri: 'https://example.com' },
      ],
    },
  },
  {
    type: 'template',
    altText: 'sure?',
    template: {
      type: 'confirm',
      text: 'Sure?',
      actions: [
        { type: 'message', label: 'Yes', text: 'yes' },
        { type: 'message', label: 'No', text: 'no' },
      ],
    },
  },
  {
    type: 'flex',
    altText: 'card',
    contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'hello' }] } },
  },
];

describe('the SDK message types', () => {
  it('describe the same basic kinds as the validator', () => {
    expect(sameShapes.every(Boolean)).toBe(true);
  });

  it('messages written against them pass the server’s validator', () => {
    for (let i = 0; i < EXAMPLES.length; i += 5) expect(checkShareBody({ messages: EXAMPLES.slice(i, i + 5) })).toBeNull();
  });
});
