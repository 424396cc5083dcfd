// Re-sent webhook events say so (published webhook.yml: deliveryContext.isRedelivery), also when
// the first send was cut short by a stop, and their signature covers the body as sent.
import { validateSignature } from '@line/bot-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { redeliveryBody } from '../../../src/webhooks/redelivery.js';
import { withTempDir } from '../../helpers.js';
import { ALICE, ALICE_BOT, deliveries, makeBotKit, say, setWebhook, startReceiver, TRIAL, type Receiver } from '../helpers.js';

describe('the body of a re-send', () => {
  it('sets isRedelivery on every event, in place where the event has a deliveryContext', () => {
    const stored = JSON.stringify({
      destination: 'Ub',
      events: [
        { type: 'message', deliveryContext: { isRedelivery: false }, webhookEventId: '01A' },
        { type: 'follow', webhookEventId: '01B' },
      ],
    });
    expect(JSON.parse(redeliveryBody(stored))).toEqual({
      destination: 'Ub',
      events: [
        { type: 'message', deliveryContext: { isRedelivery: true }, webhookEventId: '01A' },
        { type: 'follow', webhookEventId: '01B', deliveryContext: { isRedelivery: true } },
      ],
    });
    // The key keeps its place: only the value changes.
    expect(redeliveryBody(stored)).toContain('"type":"message","deliveryContext":{"isRedelivery":true},"webhookEventId":"01A"');
  });

  it('leaves a v1 callback body as it is', () => {
    const v1 = JSON.stringify({ result: [{ from: 'u', content: { text: 'hi' } }] });
    expect(redeliveryBody(v1)).toBe(v1);
  });
});

describe('a delivery whose first send was cut short', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('is sent again after a restart marked re-sent, signed as sent', { timeout: 30_000 }, async () => {
    const receiver: Receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // The first request is answered only after the server stopped: it never learns the outcome.
    receiver.delays.push(1_500);
    await withTempDir(async (dataDir) => {
      const first = await makeBotKit({ inMemory: false, dataDir });
      await setWebhook(first, TRIAL.id, { url: receiver.url });
      await say(first, ALICE_BOT, ALICE, 'in flight');
      await receiver.waitFor(1);
      await first.close();

      const second = await makeBotKit({ inMemory: false, dataDir });
      try {
        const [sent, again] = await receiver.waitFor(2, 10_000);
        expect(sent!.body.events[0]!.deliveryContext?.isRedelivery).not.toBe(true);
        expect(again!.body.events[0]).toMatchObject({ message: { text: 'in flight' }, deliveryContext: { isRedelivery: true } });
        expect(again!.body.events[0]!.message.id).toBe(sent!.body.events[0]!.message.id);
        expect(validateSignature(again!.raw.toString('utf8'), TRIAL.secret, String(again!.headers['x-service-signature']))).toBe(true);
        await second.services.bots.dispatcher.idle();
        expect((await deliveries(second)).map((d) => d.status)).toEqual(['delivered']);
      } finally {
        await second.close();
      }
    });
  });
});
