/**
 * HTTP of the enterprise bot interface (spec part E, at `{base_url}` and, deprecated, at
 * `{deprecated_url}`) and the trial bot interface (part F, at `{trialbot_url}`), plus the
 * simulator's v1 routes (a channel's v1 settings, link message templates, the channel icon).
 * Errors are `{statusCode, statusMessage}`.
 */
import { Router, type RequestHandler, type Response } from 'express';
import { jsonBodyParser, MAX_JSON_DEPTH } from '../../http/body.js';
import { noChannel, v1Error } from '../../http/errors.js';
import { requestId } from '../../http/request-id.js';
import { headerValue, type PlatformHeaders } from '../../http/platform-headers.js';
import { avatarSvg } from '../../world/avatar.js';
import type { V1BotService, V1Channel } from './service.js';
import type { V1Interface } from './post-event.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import { door } from '../../http/door.js';
import { PostEventBody, ProfilesQuery, profilesQueryOf, profilesRefusal } from './rules.js';

// After the channel's headers are checked (401/403 first), as every v1 refusal.
const checked = door(ERROR_FORMATS['v1-bots']);
/** The profiles query's door: its refusals are the spec's own rows (`profilesRefusal`). */
const checkedProfiles = door(profilesRefusal);

/**
 * A JSON body for a v1 call: `Content-Type: application/json` (with a UTF-8 charset or none, as
 * the spec's `application/json; charset=UTF-8`).
 * @throws ApiError 400 `400` for another content type or a body that is not JSON
 */
export const v1Json = jsonBodyParser({
  contentType: (type) => v1Error(400, '400', `Content-Type must be application/json; charset=UTF-8 (got ${type ?? 'none'})`),
  notJson: (line, column) => v1Error(400, '400', `the request body is not valid JSON (line: ${line}, column: ${column})`),
  tooDeep: () => v1Error(400, '400', `the request body nests deeper than ${MAX_JSON_DEPTH} levels`),
});

function channelOf(res: Response): V1Channel {
  return res.locals.v1Channel as V1Channel;
}

function sendFile(res: Response, file: { contentType: string; data: Buffer; fileName: string }): void {
  res
    .type(file.contentType)
    .set(
      'Content-Disposition',
      `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(file.data);
}

/** The calls both interfaces have (spec part F: "same operations ... as E"). */
function sharedRoutes(r: Router, v1: V1BotService, iface: V1Interface): void {
  r.post(
    '/v1/events',
    v1Json,
    checked({ body: PostEventBody }, async ({ body }, _req, res) => {
      res.json(await v1.postEvent(channelOf(res), body, iface));
    }),
  );
  r.get(
    '/v1/profiles',
    checkedProfiles({ query: ProfilesQuery }, async ({ query }, _req, res) => {
      res.json(await v1.profiles(channelOf(res), profilesQueryOf(query)));
    }),
  );
  r.get('/v1/bot/message/:id/content', async (req, res) => {
    sendFile(res, await v1.content(channelOf(res), String(req.params.id)));
  });
  r.get('/v1/bot/message/:id/content/preview', async (req, res) => {
    sendFile(res, await v1.preview(channelOf(res), String(req.params.id)));
  });
}

/**
 * Routes of the enterprise interface: `<prefix>ChannelToken` with a channel access token on every
 * call but the friend-list call, which takes a user access token.
 * @param deprecated answer with `Deprecation: true` (the `{deprecated_url}` host)
 * @param names the kit's header names (the token's header, `<prefix>Request-Id` on answers)
 */
export function enterpriseRoutes(v1: V1BotService, deprecated: boolean, names: PlatformHeaders): Router {
  const r = Router();
  r.use(['/v1/events', '/v1/profiles', '/v1/bot', '/v1/officialaccount'], requestId(names), (_req, res, next) => {
    if (deprecated) res.set('Deprecation', 'true');
    next();
  });
  r.post('/v1/officialaccount/contacts', async (req, res) => {
    res.json(await v1.addAsFriend(headerValue(req, names.channelToken)));
  });
  const auth: RequestHandler = async (req, res, next) => {
    res.locals.v1Channel = await v1.enterprise(headerValue(req, names.channelToken));
    next();
  };
  r.use(['/v1/events', '/v1/profiles', '/v1/bot'], auth);
  sharedRoutes(r, v1, 'enterprise');
  r.delete('/v1/bot/group/leave/:id', async (req, res) => {
    await v1.leave(channelOf(res), 'group', String(req.params.id));
    res.json({});
  });
  r.delete('/v1/bot/room/leave/:id', async (req, res) => {
    await v1.leave(channelOf(res), 'room', String(req.params.id));
    res.json({});
  });
  return r;
}

/**
 * Routes of the trial interface (`{trialbot_url}`): the three channel headers on every call.
 * @param names the kit's header names (the three channel headers, `<prefix>Request-Id` on answers)
 */
export function trialRoutes(v1: V1BotService, names: PlatformHeaders): Router {
  const r = Router();
  r.use(['/v1/events', '/v1/profiles', '/v1/bot'], requestId(names), async (req, res, next) => {
    res.set('Deprecation', 'true');
    res.locals.v1Channel = await v1.trial({
      channelId: headerValue(req, names.channelId),
      secret: headerValue(req, names.channelSecret),
      mid: headerValue(req, names.trustedUser),
    });
    next();
  });
  sharedRoutes(r, v1, 'trial');
  return r;
}

/**
 * The simulator's v1 routes (docs/project/simulator-api.md): a channel's v1 settings, link message
 * templates, and the channel icon. (Block operations are set by the channel change of the social
 * unit's routes, with {@link V1BotService.setBlockOperations}.)
 */
export function v1SimulatorHandlers(v1: V1BotService, channelName: (id: string) => Promise<string | undefined>): UnitHandlers<'v1Bots'> {
  return {
    channelV1: ({ params }) => v1.settings(params.channelId),
    putLinkTemplate: ({ params, body }) => v1.putTemplate(params.channelId, params.templateId, body),
    deleteLinkTemplate: ({ params }) => v1.deleteTemplate(params.channelId, params.templateId),
    channelIcon: async (req, res) => {
      const id = String(req.params.channelId);
      const name = await channelName(id);
      if (name === undefined) throw noChannel(id);
      res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(avatarSvg(id, name));
    },
  };
}
