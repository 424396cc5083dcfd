/**
 * The tools on the bots' side of the platform: the bots and their webhooks, the deliveries sent to
 * them, events sent on purpose or again, and the check of message objects a bot would send.
 */
import { Type } from '@sinclair/typebox';
import { DeliveriesQuerySchema, TriggerEventBodySchema, ValidateBodySchema } from '#contract/requests.js';
import { EVENT_TYPE_NAMES } from '#contract/event-types.js';
import { ChannelId, tool } from './tool.js';

export const listBots = tool({
  name: 'list_bots',
  description: 'Every channel’s bot: its webhook URL, its friends (followed or blocked) and the groups and rooms it is in.',
  input: Type.Object({}, { additionalProperties: false }),
  run: (_args, { client }) => client.call('bots'),
});

export const listDeliveries = tool({
  name: 'list_deliveries',
  description:
    'Webhook deliveries, newest first: the event types, the signed body and headers sent (the signature header included), the status, and every attempt with the bot’s status code, answer and error.',
  input: Type.Object(
    {
      channelId: DeliveriesQuerySchema.properties.channelId,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'how many (default 20)' })),
    },
    { additionalProperties: false },
  ),
  run: ({ channelId, limit }, { client }) => client.call('deliveries', { query: { channelId, limit: limit ?? 20 } }),
});

export const triggerEvent = tool({
  name: 'trigger_event',
  description: `Sends a bot one webhook event of any type, as embedkit itself would (signed with the channel secret, with a reply token of its chat, kept in list_deliveries): ${EVENT_TYPE_NAMES.join(', ')}. From \`userId\`, in \`chatId\` (a group or room the bot is in) for the events that happen there, else in the person’s 1:1 chat with the bot. A message event is the event alone, not stored in the chat (say stores a message). The type's own fields: text (message), data (postback), hwid and beaconType (beacon), nonce and result (accountLink), messageId (unsend), deliveryData (delivery).`,
  input: Type.Object({ channelId: ChannelId, ...TriggerEventBodySchema.properties }, { additionalProperties: false }),
  run: ({ channelId, ...body }, { client }) => client.call('triggerEvent', { params: { channelId }, body }),
});

export const redeliver = tool({
  name: 'redeliver',
  description: 'Sends a webhook delivery again now (the body is marked as a redelivery).',
  input: Type.Object(
    { deliveryId: Type.Integer({ minimum: 1, description: 'list_deliveries: deliveries[].id' }) },
    { additionalProperties: false },
  ),
  run: ({ deliveryId }, { client }) => client.call('redeliver', { params: { id: String(deliveryId) } }),
});

export const validateMessages = tool({
  name: 'validate_messages',
  description:
    'Checks message objects as the platform’s send calls do, without sending: {valid: true}, or the error message and each detail with its property path (messages[0].contents.body.contents[0].text).',
  input: Type.Object({ messages: ValidateBodySchema.properties.messages }, { additionalProperties: false }),
  run: ({ messages }, { client }) => client.call('validateMessages', { body: { messages } }),
});
