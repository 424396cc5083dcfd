/**
 * The simulator API's bot routes (docs/project/simulator-api.md): what a person does with a bot in the
 * host, the webhook settings and deliveries, the host's live feed, and what the person sees of the
 * bot (rich menus, indicators). Handlers of the contract's routes (`contract/src/simulator-api.ts`).
 */
import express, { type RequestHandler } from 'express';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { BotEventService } from './user-events/service.js';
import { MAX_MEDIA_BYTES } from './user-events/service.js';
import type { LiveHub } from '../../live/hub.js';
import { liveStream } from '../../live/stream.js';
import type { DeliveryService } from '../../webhooks/deliveries.js';
import type { ContentStore } from '../../messages/content-store.js';
import type { RichMenuService } from './rich-menus/service.js';
import type { ChatIndicatorService } from './indicators/service.js';

const raw = express.raw({ type: () => true, limit: MAX_MEDIA_BYTES });
/** The body of a media upload as a Buffer; too large a file is answered 413 with the media limit. */
export const mediaBody: RequestHandler = (req, res, next) =>
  raw(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large')
      return next(new ApiError(413, { message: `The file is too large (max ${MAX_MEDIA_BYTES} bytes)` }));
    next(err);
  });

export function botSimulatorHandlers(deps: {
  events: BotEventService;
  deliveries: DeliveryService;
  contents: ContentStore;
  live: LiveHub;
  menus: RichMenuService;
  indicators: ChatIndicatorService;
}): UnitHandlers<'bot'> {
  const { events, menus } = deps;
  return {
    liveEvents: liveStream(deps.live),
    postback: ({ params, body }) => events.postback(params.chatId, body),
    sendMedia: ({ params, query, body, req }) =>
      events.sendMedia(params.chatId, query, req.headers['content-type'], Buffer.isBuffer(body) ? body : Buffer.alloc(0)),
    content: async (req, res) => {
      const id = Number(req.params.messageId);
      const row = Number.isSafeInteger(id) ? await deps.contents.get(id) : undefined;
      if (!row) throw notFound('No content');
      if (row.file_name) res.attachment(row.file_name);
      res.type(row.content_type).set('Cache-Control', 'private, max-age=3600').send(Buffer.from(row.data));
    },
    unsend: ({ params, body }) => events.unsend(params.chatId, params.messageId, body),
    videoPlayComplete: ({ params, body }) => events.videoPlayComplete(params.chatId, params.messageId, body),
    joinChat: ({ params, body }) => events.memberJoins(params.chatId, body),
    leaveChat: ({ params }) => events.memberLeaves(params.chatId, params.userId),
    inviteBot: ({ params, body }) => events.invite(params.chatId, body),
    removeBot: async ({ params }) => {
      await events.remove(params.chatId, params.channelId);
      return {};
    },
    replyToken: ({ params, body }) => events.replyTokenFor(params.channelId, body),
    bots: () => events.overview(),
    beacon: async ({ params, body }) => {
      await events.beacon(params.channelId, body);
      return {};
    },
    accountLink: async ({ params, body }) => {
      await events.accountLink(params.channelId, body);
      return {};
    },
    triggerEvent: ({ params, body }) => events.trigger(params.channelId, body),
    webhook: ({ params }) => events.webhookSettings(params.channelId),
    setWebhook: ({ params, body }) => events.setWebhookSettings(params.channelId, body),
    deliveries: ({ query }) => {
      return deps.deliveries.list(query.channelId || undefined, query.limit ?? 50);
    },
    redeliver: ({ params }) => deps.deliveries.redeliver(Number(params.id)),
    // What the user sees: no secret here.
    indicators: ({ params }) => deps.indicators.state(params.chatId),
    shownRichMenu: async ({ params, query }) => ({ richMenu: await menus.shownTo(params.channelId, query.userId) }),
    aliasRichMenu: async ({ params }) => {
      const richMenu = await menus.shownByAlias(params.channelId, params.aliasId);
      if (!richMenu) throw notFound('richmenu alias not found');
      return { richMenu };
    },
    richMenuImage: async (req, res) => {
      const image = await menus.image(String(req.params.channelId), String(req.params.richMenuId));
      res.type(image.type).set('Cache-Control', 'no-cache').send(image.data);
    },
  };
}
