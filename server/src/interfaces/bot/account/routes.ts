/**
 * A bot's account calls under `/v2/bot` (the platform's published API beyond spec part
 * B's table): bot info, the webhook endpoint setting and test, and message validation without
 * sending, and the user's link token. On
 * `Authorization: Bearer <channel access token>`; each one API for the rate limit. Bodies are
 * checked at the door (`http/door.ts`, schemas in `rules.ts`) after the authentication and the
 * limit, before the rules of the world.
 */
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { Router } from 'express';
import { jsonBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import type { BotAccountService } from './service.js';
import type { AccountLinkService } from '../account-link/service.js';
import { botInfo } from './service.js';
import { MessagesBody, messageFindings } from '../broadcast/rules.js';
import { WebhookEndpointBody, WebhookTestBody } from './rules.js';

const checked = door(ERROR_FORMATS.bot);

/** The kinds of `POST /v2/bot/message/validate/<kind>`. */
export const VALIDATE_KINDS = ['reply', 'push', 'multicast', 'narrowcast', 'broadcast'] as const;

export function botAccountRoutes(
  deps: BotApiDeps & {
    account: BotAccountService;
    links: AccountLinkService;
  },
): Router {
  const r = Router();
  const api = botApi(deps);
  const channel = channelOf;

  r.get('/v2/bot/info', api('info'), (_req, res) => {
    res.json(botInfo(channel(res)));
  });
  r.get('/v2/bot/channel/webhook/endpoint', api('webhook.endpoint.get'), async (_req, res) => {
    res.json(await deps.account.webhookEndpoint(channel(res)));
  });
  r.put(
    '/v2/bot/channel/webhook/endpoint',
    api('webhook.endpoint.set'),
    jsonBody,
    checked({ body: WebhookEndpointBody }, async ({ body }, _req, res) => {
      await deps.account.setWebhookEndpoint(channel(res), body);
      res.json({});
    }),
  );
  r.post(
    '/v2/bot/channel/webhook/test',
    api('webhook.test'),
    jsonBody,
    checked({ body: WebhookTestBody }, async ({ body }, _req, res) => {
      res.json(await deps.account.testWebhook(channel(res), body));
    }),
  );
  r.post('/v2/bot/user/:userId/linkToken', api('linkToken'), async (req, res) => {
    res.json(await deps.links.issue(channel(res), String(req.params.userId)));
  });
  for (const kind of VALIDATE_KINDS) {
    // What the send itself refuses: a quote token goes with push and reply only.
    const quoteTokens = kind === 'push' || kind === 'reply';
    r.post(
      `/v2/bot/message/validate/${kind}`,
      api(`validate.${kind}`),
      jsonBody,
      checked({ body: MessagesBody, rules: ({ body }) => messageFindings(body, quoteTokens) }, (_input, _req, res) => {
        res.json({});
      }),
    );
  }
  return r;
}
