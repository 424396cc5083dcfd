/**
 * The share target picker's page outside the messenger, which `liff.shareTargetPicker()` opens in
 * a pop-up from an app in an external browser (the platform opens its own picker page there). It
 * lists the person's chats as the host's picker does; the app hands it the messages by
 * `postMessage`, accepted only from the window that opened it and only from one of the app's
 * origins; "Send" posts them with the page's ticket, and the page tells the app how it ended.
 * Server-rendered with escaping (http/html.ts); its one script is inline, allowed by its hash.
 */
import type { Response } from 'express';
import { cspHash, html, pageDocument, SafeHtml } from '../../../http/html.js';
import { sendPage } from '../../../http/page.js';
import type { PickerChat } from './rules.js';

/** The `type` of every message between the app and the picker page. */
export const PICKER_MESSAGE_TYPE = 'embedkit-share-target-picker';
/** The path of the picker page (the platform's picker path, on the server's origin). */
export const PICKER_PAGE_PATH = '/oauth2/v2.1/liff/shareTargetPicker';
/** Where the picker page posts the person's send. */
export const PICKER_SEND_PATH = '/oauth2/v2.1/liff/shareTargetPicker/send';

const STYLE = `
:root { color-scheme: light; --accent: #06c755; --ink: #1d2330; --soft: #5d6778; --line: #e3e7ee; }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px; font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--ink); background: #fff; }
.brand { margin: 0 0 8px; font-size: 12px; letter-spacing: .06em; text-transform: uppercase; color: var(--soft); }
h1 { margin: 0 0 8px; font-size: 20px; }
p.status { margin: 0 0 12px; color: var(--soft); font-size: 13px; overflow-wrap: anywhere; }
p.status.error { color: #c62828; }
ul.preview { margin: 0 0 12px; padding-left: 18px; color: var(--soft); font-size: 13px; overflow-wrap: anywhere; }
label.share-target { display: flex; align-items: center; gap: 10px; padding: 8px 10px; margin-bottom: 6px; border: 1px solid var(--line); border-radius: 12px; cursor: pointer; }
label.share-target:has(input:checked) { border-color: var(--accent); background: #f0fbf4; }
label.share-target .type { margin-left: auto; font-size: 12px; color: var(--soft); }
.actions { display: flex; gap: 10px; margin-top: 16px; }
button { flex: 1; padding: 10px 14px; border: 0; border-radius: 999px; font: inherit; font-weight: 600; cursor: pointer; }
#share-target-send { background: var(--accent); color: #fff; }
#share-target-send:disabled { opacity: .5; cursor: default; }
#share-target-cancel { background: #eef1f5; color: var(--ink); }
`;

// The page's data arrives in data- attributes (escaped like any text), never inside the script.
const SCRIPT = `(() => {
  const TYPE = ${JSON.stringify(PICKER_MESSAGE_TYPE)};
  const main = document.querySelector('main');
  const origins = JSON.parse(main.dataset.origins);
  const status = document.getElementById('picker-status');
  const preview = document.getElementById('picker-preview');
  const send = document.getElementById('share-target-send');
  const cancel = document.getElementById('share-target-cancel');
  const inputs = [...document.querySelectorAll('input[name="share-target"]')];
  let app = null;
  let ended = false;
  const say = (text, error) => { status.textContent = text; status.className = error ? 'status error' : 'status'; };
  const tell = (name, body) => { if (app && window.opener) window.opener.postMessage({ type: TYPE, name, body }, app.origin); };
  const end = (body) => { ended = true; tell('result', body); window.close(); };
  const update = () => { send.disabled = ended || !app || !inputs.some((i) => i.checked); };
  for (const input of inputs) input.addEventListener('change', update);
  window.addEventListener('message', (event) => {
    // Only the window that opened this page, and only from one of the app's origins.
    if (!window.opener || event.source !== window.opener || !origins.includes(event.origin)) return;
    if (app && event.origin !== app.origin) return;
    const data = event.data;
    if (!data || data.type !== TYPE) return;
    if (data.name === 'healthcheck') return void event.source.postMessage({ type: TYPE, name: 'receivedHealthcheck' }, event.origin);
    if (data.name !== 'ready' || app || !data.body || !Array.isArray(data.body.messages)) return;
    app = { origin: event.origin, messages: data.body.messages, isMultiple: data.body.isMultiple !== false };
    if (!app.isMultiple) for (const input of inputs) input.type = 'radio';
    document.getElementById('picker-title').textContent = app.isMultiple ? 'Share with (pick one or more)' : 'Share with';
    for (const m of app.messages) {
      const li = document.createElement('li');
      li.textContent = m && m.type === 'text' ? String(m.text) : 'A ' + String(m && m.type) + ' message';
      preview.append(li);
    }
    say(app.messages.length + ' message(s) from ' + app.origin);
    update();
  });
  send.addEventListener('click', async () => {
    if (!app || ended) return;
    send.disabled = true;
    say('Sending…');
    const body = { liffId: main.dataset.liffId, ott: main.dataset.ott, isMultiple: app.isMultiple, messages: app.messages,
      chatIds: inputs.filter((i) => i.checked).map((i) => i.value) };
    try {
      const res = await fetch(main.dataset.send, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await res.json().catch(() => ({}));
      if (res.ok) return end({ status: 'success' });
      const details = Array.isArray(answer.details) ? answer.details.map((d) => ' ' + d.property + ': ' + d.message).join(';') : '';
      end({ status: 'failure', message: String(answer.message || res.status) + details });
    } catch (error) {
      end({ status: 'failure', message: String(error) });
    }
  });
  cancel.addEventListener('click', () => end({ status: 'cancel' }));
})();`;

const CSP = [
  "default-src 'none'",
  `style-src ${cspHash(STYLE)}`,
  `script-src ${cspHash(SCRIPT)}`,
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Writes the picker page for the person's chats.
 * @param page `origins`: the origins whose window may hand the page its messages (the app's);
 *   `liffId` and `ott`: what the send carries back
 */
export function sendPickerPage(
  res: Response,
  page: { chats: readonly PickerChat[]; origins: readonly string[]; liffId: string; ott: string },
): void {
  const body = html`<main data-origins="${JSON.stringify(page.origins)}" data-liff-id="${page.liffId}" data-ott="${page.ott}" data-send="${PICKER_SEND_PATH}">
  <p class="brand">embedkit · share target picker</p>
  <h1 id="picker-title">Share with</h1>
  <p class="status" id="picker-status" role="status">Waiting for the app's messages…</p>
  <ul class="preview" id="picker-preview"></ul>
  <div role="group" aria-label="Chats">
  ${page.chats.map(
    (c) =>
      html`<label class="share-target"><input type="checkbox" name="share-target" value="${c.chatId}" data-chat-id="${c.chatId}"> <span>${c.name}</span> <span class="type">${c.type}</span></label>`,
  )}
  </div>
  ${page.chats.length ? '' : html`<p class="status">You are in no chat to share to.</p>`}
  <div class="actions">
    <button id="share-target-cancel" type="button">Cancel</button>
    <button id="share-target-send" type="button" disabled>Send</button>
  </div>
</main>`;
  write(res, 200, 'Share with', body, true);
}

/** Writes the page shown for a link that cannot open the picker (unknown, spent or expired ticket). */
export function sendPickerErrorPage(res: Response, status: number, message: string): void {
  write(
    res,
    status,
    'Share target picker',
    html`<main><p class="brand">embedkit · share target picker</p><h1>This picker cannot open</h1><p class="status error">${message}</p></main>`,
    false,
  );
}

function write(res: Response, status: number, title: string, body: SafeHtml, withScript: boolean): void {
  const page = pageDocument(title, STYLE, body, withScript ? html`<script>${new SafeHtml(SCRIPT)}</script>\n` : '');
  sendPage(res, status, page, CSP);
}
