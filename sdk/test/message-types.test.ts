/**
 * The message types an app gets from `embedkit/sdk` (the contract's, `contract/src/bridge/messages.ts`)
 * as an app meets them: its typed `sendMessages` calls compile and run (here against the SDK's
 * mock), and a message of the wrong shape does not compile (`npm run typecheck` reads this file).
 * That the same shapes pass the server's validator is the samples' test (`server/test/fixtures/messages.ts`).
 */
import { expect, it } from 'vitest';
import type { FlexBubble, FlexComponent, Message, QuickReply, TemplateMessage } from '../src/index.js';
import { createEmbedMock } from '../src/mock.js';

const quickReply: QuickReply = {
  items: [
    { type: 'action', action: { type: 'camera', label: 'Camera' } },
    { type: 'action', action: { type: 'postback', label: 'Later', data: 'later', displayText: 'Later' } },
  ],
};
const confirm: TemplateMessage = {
  type: 'template',
  altText: 'Are you sure?',
  template: {
    type: 'confirm',
    text: 'Are you sure?',
    actions: [
      { type: 'message', label: 'Yes', text: 'yes' },
      { type: 'postback', label: 'No', data: 'no' },
    ],
  },
};
const bubble: FlexBubble = {
  type: 'bubble',
  body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Brown Cafe', weight: 'bold', size: 'xl' }] },
};
const messages: Message[] = [
  { type: 'text', text: 'Hello', quickReply },
  { type: 'sticker', packageId: '446', stickerId: '1988' },
  confirm,
  { type: 'flex', altText: 'Brown Cafe', contents: bubble },
];

it("an app's typed sendMessages call compiles and sends its messages", async () => {
  const embed = createEmbedMock();
  await new Promise((resolve, reject) => embed.init(resolve, reject));
  await embed.sendMessages(messages);
  expect(embed.sent).toEqual(messages);
});

it('a message of the wrong shape does not compile', () => {
  const wrong: Message[] = [
    // @ts-expect-error a text message needs its text
    { type: 'text' },
    // @ts-expect-error a property the platform does not define
    { type: 'text', text: 'Hello', color: 'red' },
    // @ts-expect-error quoteToken is a bot's (push and reply), refused from a page
    { type: 'text', text: 'Hello', quoteToken: 'q' },
    // @ts-expect-error a coupon is sent by a bot only
    { type: 'coupon', couponId: 'C1' },
    // @ts-expect-error a video needs its preview image
    { type: 'video', originalContentUrl: 'https://example.com/a.mp4' },
    // @ts-expect-error a template's action needs a label
    { type: 'template', altText: 'Sure?', template: { type: 'confirm', text: 'Sure?', actions: [{ type: 'message', text: 'yes' }] } },
  ];
  // @ts-expect-error a flex text's size is one of the platform's
  const huge: FlexComponent = { type: 'text', text: 'A', size: 'huge' };
  expect([...wrong, huge]).toHaveLength(7);
});
