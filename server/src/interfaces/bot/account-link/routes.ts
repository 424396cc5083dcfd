/**
 * The platform's account-link page, `GET /dialog/bot/accountLink?linkToken&nonce`: where
 * a provider's linking page sends the user. It shows the user the outcome; the bot learns it from
 * the `accountLink` event. Framed only by the host (the in-app browser), never elsewhere.
 */
import { Router, type Response } from 'express';
import { cspHash, html, pageDocument, type SafeHtml } from '../../../http/html.js';
import { sendPage } from '../../../http/page.js';
import type { AccountLinkService, LinkRefusal } from './service.js';
import { accountLinkQueryOf } from './rules.js';

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0;padding:32px 20px;color:#1f2933;background:#f5f7fa}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:20px 22px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:19px;margin:0 0 8px}.brand{color:#52606d;font-size:12px;margin:0 0 12px}.note{color:#52606d;font-size:13px}`;

/** What the user reads for each refusal (the spec: the user sees an error, the bot gets nothing). */
const REFUSALS: Record<LinkRefusal, string> = {
  missing: 'The link is incomplete: it needs a link token and a nonce.',
  unknown: 'This link token is not valid.',
  expired: 'This link has expired. Ask the service for a new one (link tokens last 10 minutes).',
  used: 'This link was already used. Ask the service for a new one.',
  'not-friend': 'Add the account as a friend first, then link again.',
};

export function accountLinkPageRoutes(links: AccountLinkService): Router {
  const r = Router();
  r.get('/dialog/bot/accountLink', async (req, res) => {
    const outcome = await links.complete(accountLinkQueryOf(req.query));
    if (outcome.linked)
      return send(
        res,
        200,
        html`<h1 id="account-link-result" data-result="linked">Accounts linked</h1><p>Your account is now linked with ${outcome.botName}.</p><p class="note">You can close this page.</p>`,
      );
    send(
      res,
      400,
      html`<h1 id="account-link-result" data-result="${outcome.reason}">The accounts could not be linked</h1><p>${REFUSALS[outcome.reason]}</p><p class="note">Nothing was sent to the service.</p>`,
    );
  });
  return r;
}

function send(res: Response, status: number, body: SafeHtml): void {
  const page = pageDocument('Account link', STYLE, html`<main><p class="brand">embedkit · account link</p>${body}</main>`);
  // The host's in-app browser frames it (same origin); nothing else may.
  sendPage(
    res,
    status,
    page,
    `default-src 'none'; style-src ${cspHash(STYLE)}; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
    { framed: true },
  );
}
