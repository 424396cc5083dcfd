/**
 * The tools of the LINE MINI App authorization flow (docs/platform/authorization-flow.md): the
 * consent screens the host opened for a person (a MINI App's permission request at
 * `liff.getProfile()`, a channel consent screen), answered by the person through the agent, and
 * what each person granted each channel.
 */
import { Type } from '@sinclair/typebox';
import { AnswerConsentScreenBodySchema } from '#contract/simulator-api/social/consents.js';
import { Id, tool, UserId } from './tool.js';

export const listConsentScreens = tool({
  name: 'list_consent_screens',
  description:
    'The consent screens the LINE app shows people over a MINI App (channel consent, the simplification’s consent, the permission request of `liff.getProfile()` or `liff.permission.requestAll()`), pending first then newest first: each with its screen ID, kind, person, app, the scopes it asks and the add-friend option. Only the pending ones unless `pending` is false; one person’s with `userId`.',
  input: Type.Object(
    {
      userId: Type.Optional(UserId),
      pending: Type.Optional(Type.Boolean({ description: 'only the screens waiting for an answer (default true)' })),
    },
    { additionalProperties: false },
  ),
  run: ({ userId, pending }, { client }) =>
    client.call('consentScreens', { query: { ...(userId ? { userId } : {}), ...(pending === false ? {} : { pending: 'true' as const }) } }),
});

export const answerConsentScreen = tool({
  name: 'answer_consent_screen',
  description:
    'The person taps Allow or Deny on a consent screen: Allow grants the scopes it asks to the app’s channel (the app’s call resolves), Deny refuses them (the app’s call rejects with the SDK’s error). `addFriend: false` unticks a channel consent screen’s add-friend option. A screen is answered once.',
  input: Type.Object(
    { screenId: Id('list_consent_screens: screens[].screenId'), ...AnswerConsentScreenBodySchema.properties },
    { additionalProperties: false },
  ),
  run: ({ screenId, ...body }, { client }) => client.call('answerConsentScreen', { params: { screenId }, body }),
});

export const listGrants = tool({
  name: 'list_grants',
  description:
    'The scopes a person granted each channel (openid, profile, chat_message.write...), and whether they agreed to the channel consent simplification.',
  input: Type.Object({ userId: UserId }, { additionalProperties: false }),
  run: ({ userId }, { client }) => client.call('grants', { params: { userId } }),
});
