/**
 * A bot's account calls under `/v2/bot` (the platform's published API beyond spec part
 * B's table): bot info, the webhook endpoint setting and test, and message validation without
 * sending. On `Authorization: Bearer <channel access token>`; each one API for the rate limit.
 */
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { Router } from 'express';
import { jsonBody } from '../../../http/body.js';
import { invalidBody } from '../../../http/errors.js';
import { checkValidateMessagesBody } from '../../../messages/bodies.js';
import type { BotAccountService } from './service.js';
import type { ChatIndicatorService } from '../indicators/service.js';
import type { AccountLinkService } from '../account-link/service.js';
import { botInfo } from './service.js';
import { quoteTokensRefused } from '../messaging/service.js';

/** The kinds of `POST /v2/bot/message/validate/<kind>`. */
export const VALIDATE_KINDS = ['reply', 'push', 'multicast', 'narrowcast', 'broadcast'] as const;

export function botAccountRoutes(
  deps: BotApiDeps & {
    account: BotAccountService;
    indicators: ChatIndicatorService;
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
  r.put('/v2/bot/channel/webhook/endpoint', api('webhook.endpoint.set'), jsonBody, async (req, res) => {
    await deps.account.setWebhookEndpoint(channel(res), req.body);
    res.json({});
  });
  r.post('/v2/bot/channel/webhook/test', api('webhook.test'), jsonBody, async (req, res) => {
    res.json(await deps.account.testWebhook(channel(res), req.body));
  });
  r.post('/v2/bot/user/:userId/linkToken', api('linkToken'), async (req, res) => {
    res.json(await deps.links.issue(channel(res), String(req.params.userId)));
  });
  r.post('/v2/bot/chat/loading/start', api('chat.loading'), jsonBody, async (req, res) => {
    await deps.indicators.startLoading(channel(res).channel_id, req.body);
    res.status(202).json({});
  });
  r.post('/v2/bot/chat/markAsRead', api('chat.markAsReadByToken'), jsonBody, async (req, res) => {
    await deps.indicators.markAsReadByToken(channel(res), req.body);
    res.json({});
  });
  r.post('/v2/bot/message/markAsRead', api('chat.markAsRead'), jsonBody, async (req, res) => {
    await deps.indicators.markAsRead(channel(res).channel_id, req.body);
    res.json({});
  });
  for (const kind of VALIDATE_KINDS) {
    r.post(`/v2/bot/message/validate/${kind}`, api(`validate.${kind}`), jsonBody, (req, res) => {
      const details = checkValidateMessagesBody(req.body);
      if (details) throw invalidBody(details);
      // What the send itself refuses: a quote token goes with push and reply only.
      const quotes = kind === 'push' || kind === 'reply' ? [] : quoteTokensRefused((req.body as { messages: unknown[] }).messages);
      if (quotes.length) throw invalidBody(quotes);
      res.json({});
    });
  }
  return r;
}
