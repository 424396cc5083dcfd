/**
 * The tools that set the conditions the platform runs in: the simulated clock, and the fault rules
 * that make its calls or webhook deliveries fail on purpose.
 */
import { Type } from '@sinclair/typebox';
import { FaultRuleBodySchema } from '#contract/faults.js';
import { ClockBodySchema } from '#contract/requests.js';
import { Id, tool } from './tool.js';

export const advanceClock = tool({
  name: 'advance_clock',
  description:
    'Moves the simulated clock forward: `advance` as "90m", "1d12h", "2w", or `advanceMs`. Tokens and reply tokens expire by it.',
  input: ClockBodySchema,
  run: (body, { client }) => client.call('advanceClock', { body }),
});

export const setFault = tool({
  name: 'set_fault',
  description:
    'Makes the platform fail on purpose for the calls a rule names, to see how a bot or app copes: `kind` rateLimited (429), serverError (500), unavailable (503), expiredToken (401), status (your `status`, `body`), delay (`delayMs`, then answered as usual) or drop (connection closed). Name the calls by `operation` (a published operationId such as pushMessage, or a simulator route name), `method`, `path` (glob: * one segment, trailing /** the rest) or `origin`. Or hit the webhook deliveries of a channel: `channelId` (and `eventTypes`) with `kind` redeliver (sent again after a 200, isRedelivery true), duplicate (the same body sent twice), reorder (held until the next delivery of the channel of another chat was answered) or delayDelivery (`delayMs` late). Limit it with `times`, `share` (0 to 1), `from`/`until` (simulated ms). Answers the rule with its id.',
  input: FaultRuleBodySchema,
  run: (body, { client }) => client.call('addFault', { body }),
});

export const listFaults = tool({
  name: 'list_faults',
  description: 'The fault rules in force, each with its hits, what is left of it and its newest hits (method, path, status).',
  input: Type.Object({}, { additionalProperties: false }),
  run: (_args, { client }) => client.call('faults'),
});

export const clearFaults = tool({
  name: 'clear_faults',
  description: 'Removes one fault rule (`faultId`, from set_fault or list_faults) or, without it, every rule.',
  input: Type.Object({ faultId: Type.Optional(Id('set_fault: id')) }, { additionalProperties: false }),
  run: async ({ faultId }, { client }) => {
    if (faultId !== undefined) await client.call('deleteFault', { params: { faultId } });
    else await client.call('clearFaults');
    return { cleared: faultId ?? 'all' };
  },
});
