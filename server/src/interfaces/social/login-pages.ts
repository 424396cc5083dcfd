/**
 * The social login's pages: the consent page of `GET /oauth2/v2.1/authorize` (pick a scenario
 * user, allow or deny the scopes) and the error page shown when a request cannot be redirected.
 * Server-rendered with escaping (http/html.ts), no script at all, a strict CSP, never framed.
 */
import { simulatorPath } from '#contract/simulator-api.js';
import type { Response } from 'express';
import { cspHash, html, pageDocument, type SafeHtml } from '../../http/html.js';
import { sendPage } from '../../http/page.js';
import type { ChannelRow, UserRow } from '../../world/world-store.js';

const STYLE = `
:root { color-scheme: light; --accent: #06c755; --ink: #1d2330; --soft: #5d6778; --line: #e3e7ee; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
  font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--ink); background: #f3f5f8; }
main { width: 100%; max-width: 440px; padding: 24px; border: 1px solid var(--line); border-radius: 18px; background: #fff; }
.brand { margin: 0 0 12px; font-size: 12px; letter-spacing: .06em; text-transform: uppercase; color: var(--soft); }
h1 { margin: 0 0 6px; font-size: 20px; }
h2 { margin: 18px 0 8px; font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--soft); }
p.sub { margin: 0; color: var(--soft); font-size: 13px; overflow-wrap: anywhere; }
fieldset { margin: 0; padding: 0; border: 0; }
legend { padding: 0; margin: 18px 0 8px; font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--soft); }
label.user { display: flex; align-items: center; gap: 10px; padding: 8px 10px; margin-bottom: 6px; border: 1px solid var(--line); border-radius: 12px; cursor: pointer; }
label.user:has(input:checked) { border-color: var(--accent); background: #f0fbf4; }
.avatar { width: 36px; height: 36px; border-radius: 50%; background: #e8ecf1; flex: none; display: grid; place-items: center; font-weight: 600; color: var(--soft); }
.who { display: flex; flex-direction: column; min-width: 0; }
.who code { font-size: 11px; color: var(--soft); overflow-wrap: anywhere; }
ul { margin: 0; padding-left: 18px; }
li { margin-bottom: 4px; }
.actions { display: flex; gap: 10px; margin-top: 20px; }
button { flex: 1; padding: 10px 14px; border: 0; border-radius: 999px; font: inherit; font-weight: 600; cursor: pointer; }
button.allow { background: var(--accent); color: #fff; }
button.deny { background: #eef1f5; color: var(--ink); }
.error h1 { color: #c62828; }
.note { margin-top: 16px; font-size: 12px; color: var(--soft); }
`;

const STYLE_HASH = cspHash(STYLE);

/** What each scope lets the app do, for the consent page. */
const SCOPE_TEXT: Record<string, string> = {
  profile: 'your display name, profile picture and status message, and whether you added its bot',
  openid: 'an ID token that says who you are',
  'chat_message.write': 'send messages to chats as you',
  ADD_OWN_OFFICIAL_ACCOUNTS: 'add its official account to your friends',
  // Quick-fill (LINE MINI Apps): what each commonprofile.* scope lets the app fill in from your Common Profile.
  'commonprofile.name': 'fill in your name and its reading from your Common Profile',
  'commonprofile.gender': 'fill in your gender from your Common Profile',
  'commonprofile.birthdate': 'fill in your date of birth from your Common Profile',
  'commonprofile.phone': 'fill in your phone number from your Common Profile',
  'commonprofile.email': 'fill in your email address from your Common Profile',
  'commonprofile.address': 'fill in your address from your Common Profile',
};

/**
 * Writes the consent page of a pending authorization request.
 * @param redirectUri the request's checked redirect_uri: the only origin, besides this server, the form may lead to
 */
export function sendConsentPage(
  res: Response,
  page: { requestId: string; channel: ChannelRow; scopes: string[]; redirectUri: string; users: UserRow[]; selectedUserId?: string },
): void {
  const selected = page.users.some((u) => u.user_id === page.selectedUserId) ? page.selectedUserId : page.users[0]?.user_id;
  const target = new URL(page.redirectUri);
  const body = html`<main>
  <p class="brand">embedkit · simulated login</p>
  <h1>Sign in to ${page.channel.name}</h1>
  <p class="sub">Channel ${page.channel.channel_id} · returns to ${target.origin}${target.pathname}</p>
  <form method="post" action="/oauth2/v2.1/authorize/consent">
    <input type="hidden" name="request" value="${page.requestId}">
    <fieldset>
      <legend>Sign in as</legend>
      ${page.users.map(
        (
          u,
        ) => html`<label class="user"><input type="radio" name="userId" value="${u.user_id}"${u.user_id === selected ? html` checked` : ''} required>
        ${u.has_picture ? html`<img class="avatar" alt="" src="${simulatorPath('userPictureSized', { userId: u.user_id, size: 'small' })}">` : html`<span class="avatar" aria-hidden="true">${[...u.display_name][0] ?? '?'}</span>`}
        <span class="who"><span>${u.display_name}</span><code>${u.user_id}</code></span></label>`,
      )}
    </fieldset>
    <h2>${page.channel.name} asks for</h2>
    <ul>${page.scopes.map((s) => html`<li><strong>${s}</strong>: ${SCOPE_TEXT[s] ?? s}</li>`)}</ul>
    <div class="actions">
      <button class="allow" type="submit" name="decision" value="approve">Allow</button>
      <button class="deny" type="submit" name="decision" value="deny">Deny</button>
    </div>
  </form>
  <p class="note">embedkit has no passwords: pick a user of the scenario. The app receives a code and exchanges it for tokens.</p>
</main>`;
  send(res, 200, 'Sign in', body, [target.origin]);
}

/** Writes the error page: the request is not redirected anywhere. */
export function sendErrorPage(res: Response, status: number, message: string): void {
  const body = html`<main class="error">
  <p class="brand">embedkit · simulated login</p>
  <h1>This sign-in cannot continue</h1>
  <p>${message}</p>
  <p class="note">The app that sent you here made an invalid request (spec part C). Nothing was sent back to it.</p>
</main>`;
  send(res, status, 'Sign-in error', body, []);
}

function send(res: Response, status: number, title: string, body: SafeHtml, formTargets: string[]): void {
  const page = pageDocument(title, STYLE, body);
  // form-action also governs the redirect that answers the form, so the checked redirect_uri's
  // origin is allowed besides this server.
  const csp = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self'",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  sendPage(res, status, page, csp);
}
