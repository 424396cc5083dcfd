/**
 * The share target picker outside the messenger, as `@line/liff` 2.31 uses the platform's in an
 * external browser: the app buys a one-time ticket with its user access token
 * (`GET /liff/v2/apps/{liffId}/ott`, the platform's path), opens the picker page with it
 * (`GET /oauth2/v2.1/liff/shareTargetPicker?liffId&ott`, the platform's path, on this server's
 * origin) and the page posts the person's pick (`POST /oauth2/v2.1/liff/shareTargetPicker/send`,
 * embedkit's own). The person is the ticket's, never the page's word; the messages pass the
 * sendMessages rules (`checkShareBody`) and are written as `sendMessages` writes them.
 */
import { Router, type RequestHandler } from 'express';
import { ERROR_FORMATS } from '#contract/errors.js';
import { jsonBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { accessDenied, authenticationFailed, badRequest, notFound } from '../../../http/errors.js';
import { checkShareBody } from '../../../messages/bodies.js';
import { bearerToken } from '../../../tokens/channel-tokens.js';
import type { ChatService } from '../../../world/chats.js';
import type { UserTokenService } from '../../social/index.js';
import { PICKER_PAGE_PATH, PICKER_SEND_PATH, sendPickerErrorPage, sendPickerPage } from './page.js';
import { openerOrigins, PickerPageQuery, PickerSendBody, pickerChats, pickProblem } from './rules.js';
import type { PickerTicketStore } from './ticket-store.js';
import type { AppStore } from '../store.js';

const checked = door(ERROR_FORMATS['embedded-apps']);
const OTT_PATH = '/liff/v2/apps/:liffId/ott';

/** The sendMessages rules (`checkShareBody`, spec part D) over the messages of a picker's send body. */
function pickedMessageFindings(body: unknown) {
  const messages = typeof body === 'object' && body !== null && 'messages' in body ? body.messages : undefined;
  return checkShareBody({ messages }) ?? [];
}

/** The ticket call is the app page's, from its own origin: any origin, the bearer token, no cookie (as `/v2/profile`). */
const browserCors: RequestHandler = (_req, res, next) => {
  res.set({
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET',
    'Access-Control-Allow-Headers': 'Authorization',
    'Access-Control-Max-Age': '600',
  });
  next();
};

/** Dependencies of {@link sharePickerRoutes}. */
export interface SharePickerDeps {
  userTokens: UserTokenService;
  chats: ChatService;
  apps: AppStore;
  tickets: PickerTicketStore;
  /** The endpoint URLs of the channel's apps, with their `--lan` proxies: whose windows may drive the page. */
  appViewUrls: (channelId: string) => Promise<string[]>;
}

/** The ticket call, the picker page and its send. */
export function sharePickerRoutes(deps: SharePickerDeps): Router {
  const r = Router();
  r.use(OTT_PATH, browserCors);
  r.options(OTT_PATH, (_req, res) => void res.status(204).end());

  r.get(OTT_PATH, async (req, res) => {
    const token = await deps.userTokens.liffAccessToken(bearerToken(req.headers.authorization));
    if (!token) throw authenticationFailed('invalid token. Confirm that the access token in the authorization header is valid.');
    const liffId = String(req.params.liffId);
    const app = await deps.apps.get(liffId);
    if (!app) throw notFound(`No LIFF app ${liffId}`);
    if (app.channel_id !== token.channel_id) throw accessDenied("The access token is not of the LIFF app's channel");
    res.json({ ott: await deps.tickets.issue({ userId: token.user_id, channelId: token.channel_id, liffId }) });
  });

  r.get(
    PICKER_PAGE_PATH,
    checked({ query: PickerPageQuery }, async ({ query }, _req, res) => {
      const grant = await deps.tickets.find(query.ott, query.liffId);
      if (!grant) return sendPickerErrorPage(res, 400, 'The link expired or was already used: call liff.shareTargetPicker() again.');
      const [chats, viewUrls] = await Promise.all([deps.chats.chats(), deps.appViewUrls(grant.channelId)]);
      sendPickerPage(res, {
        chats: pickerChats(chats, grant.userId),
        origins: openerOrigins(viewUrls),
        liffId: grant.liffId,
        ott: query.ott,
      });
    }),
  );

  r.post(
    PICKER_SEND_PATH,
    jsonBody,
    // The messages pass the sendMessages rules at the door, before the ticket is looked at.
    checked({ body: PickerSendBody, rules: ({ body }) => pickedMessageFindings(body) }, async ({ body }, _req, res) => {
      const grant = await deps.tickets.find(body.ott, body.liffId);
      if (!grant) throw authenticationFailed('The picker expired or already sent: call liff.shareTargetPicker() again.');
      const problem = pickProblem(body.chatIds, pickerChats(await deps.chats.chats(), grant.userId), body.isMultiple);
      if (problem) throw badRequest(problem);
      // Spent before sending, and only by one send: another that found the ticket too is refused.
      if (!(await deps.tickets.spend(body.ott)))
        throw authenticationFailed('The picker expired or already sent: call liff.shareTargetPicker() again.');
      await deps.chats.shareInto(grant.userId, body.chatIds, { messages: body.messages });
      res.json({ status: 'success' });
    }),
  );
  return r;
}
