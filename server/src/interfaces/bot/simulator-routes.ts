/**
 * The simulator API for bots under `/embedkit/v1` (docs/simulator-api.md): what a user does with a
 * bot in the host, the webhook settings and deliveries, and the host's live feed.
 */
import express, { Router, type RequestHandler } from 'express';
import { jsonBody } from '../../http/body.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { BotEventService } from './events.js';
import { MAX_MEDIA_BYTES } from './events.js';
import type { BotMessagingService } from './messaging.js';
import type { LiveHub } from '../../live/hub.js';
import { liveStream } from '../../live/stream.js';
import type { DeliveryService } from '../../webhooks/deliveries.js';
import type { ContentStore } from '../../messages/content-store.js';

const raw = express.raw({ type: () => true, limit: MAX_MEDIA_BYTES });
/** The body of a media upload as a Buffer; too large a file is answered 413 with the media limit. */
const mediaBody: RequestHandler = (req, res, next) =>
  raw(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large')
      return next(new ApiError(413, { message: `The file is too large (max ${MAX_MEDIA_BYTES} bytes)` }));
    next(err);
  });

export function botSimulatorRoutes(deps: {
  events: BotEventService;
  bot: BotMessagingService;
  deliveries: DeliveryService;
  contents: ContentStore;
  live: LiveHub;
}): Router {
  const r = Router();
  const { events } = deps;
  const p = (v: unknown) => String(v);

  r.get('/embedkit/v1/events/stream', liveStream(deps.live));

  r.post('/embedkit/v1/chats/:chatId/postbacks', jsonBody, async (req, res) => {
    res.json(await events.postback(p(req.params.chatId), req.body));
  });
  r.post('/embedkit/v1/chats/:chatId/media', mediaBody, async (req, res) => {
    const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await events.sendMedia(p(req.params.chatId), { ...req.query }, req.headers['content-type'], data));
  });
  r.get('/embedkit/v1/contents/:messageId', async (req, res) => {
    const id = Number(req.params.messageId);
    const row = Number.isSafeInteger(id) ? await deps.contents.get(id) : undefined;
    if (!row) throw notFound('No content');
    if (row.file_name) res.attachment(row.file_name);
    res.type(row.content_type).set('Cache-Control', 'private, max-age=3600').send(Buffer.from(row.data));
  });

  r.post('/embedkit/v1/chats/:chatId/messages/:messageId/unsend', jsonBody, async (req, res) => {
    res.json(await events.unsend(p(req.params.chatId), p(req.params.messageId), req.body));
  });
  r.post('/embedkit/v1/chats/:chatId/members', jsonBody, async (req, res) => {
    res.json(await events.memberJoins(p(req.params.chatId), req.body));
  });
  r.delete('/embedkit/v1/chats/:chatId/members/:userId', async (req, res) => {
    res.json(await events.memberLeaves(p(req.params.chatId), p(req.params.userId)));
  });

  r.post('/embedkit/v1/chats/:chatId/bots', jsonBody, async (req, res) => {
    res.json(await events.invite(p(req.params.chatId), req.body));
  });
  r.delete('/embedkit/v1/chats/:chatId/bots/:channelId', async (req, res) => {
    await events.remove(p(req.params.chatId), p(req.params.channelId));
    res.json({});
  });

  r.post('/embedkit/v1/channels/:channelId/reply-tokens', jsonBody, async (req, res) => {
    res.json(await events.replyTokenFor(String(req.params.channelId), req.body));
  });
  r.get('/embedkit/v1/bots', async (_req, res) => {
    res.json(await events.overview());
  });
  r.post('/embedkit/v1/channels/:channelId/beacon', jsonBody, async (req, res) => {
    await events.beacon(p(req.params.channelId), req.body);
    res.json({});
  });
  r.post('/embedkit/v1/channels/:channelId/account-link', jsonBody, async (req, res) => {
    await events.accountLink(p(req.params.channelId), req.body);
    res.json({});
  });
  r.get('/embedkit/v1/channels/:channelId/webhook', async (req, res) => {
    res.json(await events.webhookSettings(p(req.params.channelId)));
  });
  r.put('/embedkit/v1/channels/:channelId/webhook', jsonBody, async (req, res) => {
    res.json(await events.setWebhookSettings(p(req.params.channelId), req.body));
  });

  r.get('/embedkit/v1/deliveries', async (req, res) => {
    const channelId = typeof req.query.channelId === 'string' && req.query.channelId ? req.query.channelId : undefined;
    res.json(await deps.deliveries.list(channelId, Number(req.query.limit ?? 50)));
  });
  r.post('/embedkit/v1/deliveries/:id/redeliver', async (req, res) => {
    res.json(await deps.deliveries.redeliver(Number(req.params.id)));
  });
  return r;
}
