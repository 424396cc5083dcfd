/** The simulator API under `/embedkit/v1` (docs/simulator-api.md): what only a simulator has. */
import { Router } from 'express';
import { jsonBody } from '../http/body.js';
import { checkShareBody } from '../schemas/messages.js';
import { notFound } from '../http/errors.js';
import { avatarSvg } from '../services/avatar.js';
import type { ChatService } from '../services/chats.js';
import { toProfile } from '../services/profiles.js';
import type { UserTokenService } from '../services/user-tokens.js';
import type { AppStore } from '../store/apps.js';
import type { WorldStore } from '../store/world.js';
import type { InterfaceUrls } from '../app.js';

export function simulatorRoutes(deps: {
  world: WorldStore;
  apps: AppStore;
  chats: ChatService;
  userTokens: UserTokenService;
  baseUrl: () => string;
  /** Origins of the spec's address placeholders (`GET /embedkit/v1/world` lists them). */
  urls: InterfaceUrls;
}): Router {
  const r = Router();
  r.get('/embedkit/v1/world', async (_req, res) => {
    const [channels, users, chats, apps, defaults] = await Promise.all([
      deps.world.channels(),
      deps.world.users(),
      deps.world.chats(),
      deps.apps.listAll(),
      deps.world.getMeta('defaults'),
    ]);
    res.json({
      // The channel secret stays on the server: the host is a page too.
      channels: channels.map((c) => ({ channelId: c.channel_id, name: c.name })),
      users: users.map((u) => toProfile(u, deps.baseUrl())),
      // `bot`: the channel of the bot a utou chat is with (issue 6).
      chats: chats.map((c) => ({ chatId: c.chat_id, type: c.type, name: c.name, memberIds: c.memberIds, ...(c.bot_channel_id ? { bot: c.bot_channel_id } : {}) })),
      apps: apps.map((a) => ({ embedId: a.embed_id, channelId: a.channel_id, name: a.name, view: { type: a.view_type, url: a.view_url } })),
      defaults: defaults ? (JSON.parse(defaults) as unknown) : {},
      urls: deps.urls,
    });
  });
  r.post('/embedkit/v1/sessions', jsonBody, async (req, res) => {
    res.json(await deps.userTokens.issue(req.body));
  });
  r.get('/embedkit/v1/chats/:chatId/messages', async (req, res) => {
    res.json(await deps.chats.list(String(req.params.chatId)));
  });
  r.post('/embedkit/v1/chats/:chatId/messages', jsonBody, async (req, res) => {
    res.json(await deps.chats.sendAsUser(String(req.params.chatId), req.body));
  });
  // The message preview of the host: the same validator as the platform endpoints, answered as data.
  r.post('/embedkit/v1/messages/validate', jsonBody, async (req, res) => {
    const details = checkShareBody(req.body);
    res.json(details ? { valid: false, message: `The request body has ${details.length} error(s)`, details } : { valid: true });
  });
  r.get('/embedkit/v1/users/:userId/picture', async (req, res) => {
    const user = await deps.world.user(String(req.params.userId));
    if (!user?.has_picture) throw notFound('This user has no picture');
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(avatarSvg(user.user_id, user.display_name));
  });
  return r;
}
