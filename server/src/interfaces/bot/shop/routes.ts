/**
 * The shop API group (published `shop.yml`: `POST /shop/v3/mission`), on the channel access
 * token. HTTP only: the rule is {@link MissionStickerService}.
 */
import { Router } from 'express';
import { jsonBody } from '../../../http/body.js';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import type { MissionStickerService } from './service.js';
import { MissionStickerBody } from './rules.js';

const checked = door(ERROR_FORMATS.bot);

export function botShopRoutes(deps: BotApiDeps & { stickers: MissionStickerService }): Router {
  const r = Router();
  const api = botApi(deps);
  r.post(
    '/shop/v3/mission',
    api('shop.missionSticker'),
    jsonBody,
    checked({ body: MissionStickerBody }, async ({ body }, _req, res) => {
      await deps.stickers.send(channelOf(res), body);
      // Published: "status code 200 and an empty response body"; `{}` as the platform's other empty answers.
      res.json({});
    }),
  );
  return r;
}
