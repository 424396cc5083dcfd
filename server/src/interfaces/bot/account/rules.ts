/**
 * Pure rules of a bot's account calls (the platform's published webhook endpoint calls): their
 * bodies as TypeBox schemas, checked at the door (`http/door.ts`) before the handler runs. Whether
 * the channel has a webhook URL set is the service's rule.
 */
import { Type } from '@sinclair/typebox';

/** Longest webhook URL (platform: 500 characters). */
export const MAX_WEBHOOK_URL_LENGTH = 500;

/** `PUT /v2/bot/channel/webhook/endpoint`'s body: `{endpoint}`, 1 to {@link MAX_WEBHOOK_URL_LENGTH} characters. */
export const WebhookEndpointBody = Type.Object({
  endpoint: Type.String({
    minLength: 1,
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    platformErrors: {
      type: 'endpoint is required',
      minLength: 'endpoint is required',
      maxLength: `endpoint must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
    },
  }),
});

/**
 * `POST /v2/bot/channel/webhook/test`'s body: `{endpoint?}`, the URL to test instead of the set one
 * (whether it, or the set one, is an absolute http(s) URL is checked by the service: both reach it).
 */
export const WebhookTestBody = Type.Object({
  endpoint: Type.Optional(Type.String({ platformErrors: { type: 'endpoint must be a string' } })),
});
