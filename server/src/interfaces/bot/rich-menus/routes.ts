/**
 * Rich menu endpoints under `/v2/bot` (the platform's published rich menu API), on
 * `Authorization: Bearer <channel access token>`, each one API for the per-minute request limit.
 * The image upload and download are the platform's `api-data` paths, served on the same base URL.
 * Bodies and queries are checked at the door (`http/door.ts`, schemas in `rules.ts`) after the
 * authentication and the per-minute limit, before the service applies the rules of the world.
 */
import express, { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jsonBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { checkRichMenu } from '../../../messages/bodies.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import {
  BatchBody,
  BatchProgressQuery,
  BulkLinkBody,
  BulkUnlinkBody,
  CreateAliasBody,
  MAX_RICH_MENU_IMAGE_BYTES,
  UpdateAliasBody,
} from './rules.js';
import type { RichMenuService } from './service.js';
import type { PlatformHeaders } from '../../../http/platform-headers.js';

const checked = door(ERROR_FORMATS.bot);

/** Read at most this many bytes of an image upload: above 1 MB it gets the size error, well above it is refused by the body reader. */
const imageBody = express.raw({ type: () => true, limit: 2 * MAX_RICH_MENU_IMAGE_BYTES });

/** The bot's rich menu calls. */
export function botRichMenuRoutes(
  deps: BotApiDeps & {
    menus: RichMenuService;
    /** The batch's request ID is answered in `<prefix>Request-Id` (the official SDK reads it there). */
    headers: PlatformHeaders;
  },
): Router {
  const r = Router();
  const { menus } = deps;
  const api = botApi(deps);

  r.post(
    '/v2/bot/richmenu',
    api('richmenu.create'),
    jsonBody,
    checked({ body: checkRichMenu }, async ({ body }, _req, res) => {
      res.json({ richMenuId: await menus.create(ch(res), body) });
    }),
  );
  r.post(
    '/v2/bot/richmenu/validate',
    api('richmenu.validate'),
    jsonBody,
    checked({ body: checkRichMenu }, (_input, _req, res) => {
      res.json({});
    }),
  );
  r.get('/v2/bot/richmenu/list', api('richmenu.list'), async (_req, res) => {
    res.json({ richmenus: await menus.list(ch(res)) });
  });
  // Fixed paths (`batch`, `alias/...`) before `/richmenu/:richMenuId`.
  bulkRoutes(r, api, menus, deps.headers);
  aliasRoutes(r, api, menus);
  r.get('/v2/bot/richmenu/:richMenuId', api('richmenu.get'), async (req, res) => {
    res.json(await menus.get(ch(res), p(req.params.richMenuId)));
  });
  r.delete('/v2/bot/richmenu/:richMenuId', api('richmenu.delete'), async (req, res) => {
    await menus.delete(ch(res), p(req.params.richMenuId));
    res.json({});
  });
  // api-data paths (the platform serves them on api-data.line.me; embedkit on its one base URL).
  r.post('/v2/bot/richmenu/:richMenuId/content', api('richmenu.upload'), imageBody, async (req, res) => {
    const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await menus.uploadImage(ch(res), p(req.params.richMenuId), req.headers['content-type'], data);
    res.json({});
  });
  r.get('/v2/bot/richmenu/:richMenuId/content', api('richmenu.download'), async (req, res) => {
    const image = await menus.image(ch(res), p(req.params.richMenuId));
    res.type(image.type).send(image.data);
  });
  // The default menu's `/user/all/...` must come before `/user/:userId/...`: within userMenuRoutes.
  userMenuRoutes(r, api, menus);
  return r;
}

/** The gate of one bot call (authentication and the per-minute limit of the API it names). */
type Api = ReturnType<typeof botApi>;

const ch = (res: Parameters<typeof channelOf>[0]) => channelOf(res).channel_id;
const p = (v: unknown) => String(v);

/** Batch and bulk operations on users' menus: accepted (202) and done at once. */
function bulkRoutes(r: Router, api: Api, menus: RichMenuService, headers: PlatformHeaders): void {
  // Bulk calls are accepted (202) and done at once.
  r.post(
    '/v2/bot/richmenu/batch',
    api('richmenu.batch'),
    jsonBody,
    checked({ body: BatchBody }, async ({ body }, _req, res) => {
      res
        .status(202)
        .set(headers.requestId, await menus.batch(ch(res), body))
        .json({});
    }),
  );
  r.post(
    '/v2/bot/richmenu/validate/batch',
    api('richmenu.batch.validate'),
    jsonBody,
    checked({ body: BatchBody }, async ({ body }, _req, res) => {
      await menus.checkBatch(ch(res), body);
      res.json({});
    }),
  );
  r.get(
    '/v2/bot/richmenu/progress/batch',
    api('richmenu.batch.progress'),
    checked({ query: BatchProgressQuery }, async ({ query }, _req, res) => {
      res.json(await menus.batchProgress(ch(res), query.requestId));
    }),
  );
  r.post(
    '/v2/bot/richmenu/bulk/link',
    api('richmenu.bulkLink'),
    jsonBody,
    checked({ body: BulkLinkBody }, async ({ body }, _req, res) => {
      await menus.bulkLink(ch(res), body);
      res.status(202).json({});
    }),
  );
  r.post(
    '/v2/bot/richmenu/bulk/unlink',
    api('richmenu.bulkUnlink'),
    jsonBody,
    checked({ body: BulkUnlinkBody }, async ({ body }, _req, res) => {
      await menus.bulkUnlink(ch(res), body);
      res.status(202).json({});
    }),
  );
}

/** Rich menu aliases (what a `richmenuswitch` action names). */
function aliasRoutes(r: Router, api: Api, menus: RichMenuService): void {
  r.get('/v2/bot/richmenu/alias/list', api('richmenu.alias.list'), async (_req, res) => {
    res.json({ aliases: await menus.aliases(ch(res)) });
  });
  r.post(
    '/v2/bot/richmenu/alias',
    api('richmenu.alias.create'),
    jsonBody,
    checked({ body: CreateAliasBody }, async ({ body }, _req, res) => {
      await menus.createAlias(ch(res), body);
      res.json({});
    }),
  );
  r.post(
    '/v2/bot/richmenu/alias/:aliasId',
    api('richmenu.alias.update'),
    jsonBody,
    checked({ body: UpdateAliasBody }, async ({ params, body }, _req, res) => {
      await menus.updateAlias(ch(res), p(params.aliasId), body);
      res.json({});
    }),
  );
  r.get('/v2/bot/richmenu/alias/:aliasId', api('richmenu.alias.get'), async (req, res) => {
    res.json(await menus.alias(ch(res), p(req.params.aliasId)));
  });
  r.delete('/v2/bot/richmenu/alias/:aliasId', api('richmenu.alias.delete'), async (req, res) => {
    await menus.deleteAlias(ch(res), p(req.params.aliasId));
    res.json({});
  });
}

/** The default menu and each user's linked menu. */
function userMenuRoutes(r: Router, api: Api, menus: RichMenuService): void {
  // The default menu: `/user/all/richmenu` must come before `/user/:userId/richmenu`.
  r.post('/v2/bot/user/all/richmenu/:richMenuId', api('richmenu.setDefault'), async (req, res) => {
    await menus.setDefault(ch(res), p(req.params.richMenuId));
    res.json({});
  });
  r.get('/v2/bot/user/all/richmenu', api('richmenu.getDefault'), async (_req, res) => {
    res.json(await menus.getDefault(ch(res)));
  });
  r.delete('/v2/bot/user/all/richmenu', api('richmenu.cancelDefault'), async (_req, res) => {
    await menus.cancelDefault(ch(res));
    res.json({});
  });
  r.post('/v2/bot/user/:userId/richmenu/:richMenuId', api('richmenu.link'), async (req, res) => {
    await menus.link(ch(res), p(req.params.userId), p(req.params.richMenuId));
    res.json({});
  });
  r.get('/v2/bot/user/:userId/richmenu', api('richmenu.linked'), async (req, res) => {
    res.json(await menus.linked(ch(res), p(req.params.userId)));
  });
  r.delete('/v2/bot/user/:userId/richmenu', api('richmenu.unlink'), async (req, res) => {
    await menus.unlink(ch(res), p(req.params.userId));
    res.json({});
  });
}
