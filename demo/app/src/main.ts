/**
 * The demo app: a page made for the host's app overlay that exercises every SDK method and shows
 * what comes back. It uses the global `embed` from `/sdk/v1/sdk.js`, as any embedded page would.
 */
import type { InitData, OpenWindowParams, Profile, WireError } from '#contract/bridge/protocol.js';
import { GALLERY, galleryBatches } from './gallery.js';

/** The SDK's error: an `Error` with the spec's `code` (spec "Errors", embedded app SDK). */
type EmbedError = Error & { code?: string };

/** The part of the global SDK this page uses (spec part D, "Client SDK methods"). */
interface EmbedSdk {
  init(success: (data: InitData) => void, error: (err: EmbedError | WireError) => void): void;
  openWindow(params: OpenWindowParams): Promise<void>;
  getProfile(): Promise<Profile>;
  sendMessages(messages: unknown[]): Promise<void>;
  closeWindow(): Promise<void>;
}

/**
 * The global SDK, if its script loaded. Read through a cast rather than a `Window` augmentation:
 * the SDK's own script-tag entry already declares `window.embed`, and this page should compile
 * against the documented surface only, whatever the SDK's internal types are.
 */
function globalSdk(): EmbedSdk | undefined {
  return (window as unknown as { embed?: EmbedSdk }).embed;
}

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`demo page: missing #${id}`);
  return found as T;
}

/** "code: message" of an SDK error (or of anything thrown), the way the page reports failures. */
function describe(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; message?: unknown };
    const code = typeof e.code === 'string' ? e.code : 'ERROR';
    return typeof e.message === 'string' && e.message ? `${code}: ${e.message}` : code;
  }
  return String(err);
}

/** Marks a button busy while its call runs, so a slow call is visible and not sent twice. */
async function busy<T>(button: HTMLButtonElement, run: () => Promise<T>): Promise<T> {
  button.disabled = true;
  button.dataset.busy = 'true';
  try {
    return await run();
  } finally {
    button.disabled = false;
    delete button.dataset.busy;
  }
}

function setResult(target: HTMLElement, text: string, kind: 'ok' | 'error'): void {
  target.textContent = text;
  target.dataset.kind = kind;
}

const CONTEXT_NAMES: Record<string, string> = { utou: 'a 1:1 chat', room: 'a room', group: 'a group', none: 'outside any chat' };

/**
 * Wires a button to one SDK call: the button is busy while it runs, and `result` shows what the
 * call answered (`ok` text) or the SDK's error, after `errorPrefix`.
 */
function onClick(button: HTMLButtonElement, result: HTMLElement, run: () => Promise<string>, errorPrefix = 'error '): void {
  button.addEventListener(
    'click',
    () =>
      void busy(button, async () => {
        try {
          setResult(result, await run(), 'ok');
        } catch (err) {
          setResult(result, `${errorPrefix}${describe(err)}`, 'error');
        }
      }),
  );
}

/** `embed.init`: the init data and where the app was opened, or the init error. */
function showInit(sdk: EmbedSdk): void {
  const initData = el('init-data');
  const initError = el('init-error');
  const summary = el('context-summary');
  sdk.init(
    (data) => {
      initData.textContent = JSON.stringify(data, null, 2);
      const where = CONTEXT_NAMES[data.context.type] ?? data.context.type;
      summary.textContent = `Opened ${data.context.type === 'none' ? '' : 'in '}${where}, ${data.context.viewType} view, language ${data.language}.`;
      initError.textContent = '';
      document.body.dataset.init = 'ok';
    },
    (err) => {
      setResult(initError, describe(err), 'error');
      document.body.dataset.init = 'error';
    },
  );
}

/** `embed.getProfile`: the profile as JSON, and its picture when it has one. */
function wireProfile(sdk: EmbedSdk): void {
  const picture = el<HTMLImageElement>('profile-picture');
  onClick(
    el<HTMLButtonElement>('btn-profile'),
    el('profile'),
    async () => {
      picture.hidden = true;
      picture.removeAttribute('src');
      const profile = await sdk.getProfile();
      if (profile.pictureUrl) {
        picture.src = profile.pictureUrl;
        picture.alt = `Picture of ${profile.displayName}`;
        picture.hidden = false;
      }
      return JSON.stringify(profile, null, 2);
    },
    '',
  );
}

/** `embed.sendMessages`: one text, and every message kind in batches of at most 5 (the sendMessages limit). */
function wireSend(sdk: EmbedSdk): void {
  const sendText = el<HTMLInputElement>('send-text');
  onClick(el<HTMLButtonElement>('btn-send'), el('send-result'), async () => {
    await sdk.sendMessages([{ type: 'text', text: sendText.value }]);
    return 'sent';
  });
  onClick(el<HTMLButtonElement>('btn-gallery'), el('gallery-result'), async () => {
    for (const batch of galleryBatches()) await sdk.sendMessages(batch);
    return `sent ${GALLERY.length} messages`;
  });
}

/** `embed.openWindow` (in the in-app browser, or external) and `embed.closeWindow`. */
function wireWindows(sdk: EmbedSdk): void {
  const openUrl = el<HTMLInputElement>('open-url');
  openUrl.value = new URL('about.html', location.href).href;
  const openResult = el('open-result');
  for (const [id, external] of [
    ['btn-open-inapp', false],
    ['btn-open-external', true],
  ] as const) {
    onClick(el<HTMLButtonElement>(id), openResult, async () => {
      await sdk.openWindow({ url: openUrl.value, external });
      return external ? 'opened in a new tab' : 'opened in the in-app browser';
    });
  }
  const closeResult = el('close-result');
  el<HTMLButtonElement>('btn-close').addEventListener(
    'click',
    () => void sdk.closeWindow().catch((err: unknown) => setResult(closeResult, `error ${describe(err)}`, 'error')),
  );
}

function start(): void {
  const sdk = globalSdk();
  if (!sdk) {
    setResult(el('init-error'), 'INIT_FAILED: the SDK script did not load', 'error');
    document.body.dataset.init = 'error';
    return;
  }
  showInit(sdk);
  wireProfile(sdk);
  wireSend(sdk);
  wireWindows(sdk);
}

start();
