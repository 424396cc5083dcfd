/**
 * The demo app: a page made for the host's app overlay that exercises every SDK method and shows
 * what comes back. It uses the global `embed` from `/sdk/v1/sdk.js`, as any embedded page would.
 */
import type { InitData, OpenWindowParams, Profile, WireError } from '../../../sdk/src/protocol.js';
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

function start(): void {
  const initData = el('init-data');
  const initError = el('init-error');
  const summary = el('context-summary');
  const sdk = globalSdk();

  if (!sdk) {
    setResult(initError, 'INIT_FAILED: the SDK script did not load', 'error');
    document.body.dataset.init = 'error';
    return;
  }

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

  const profileButton = el<HTMLButtonElement>('btn-profile');
  const profileOut = el('profile');
  const picture = el<HTMLImageElement>('profile-picture');
  profileButton.addEventListener(
    'click',
    () =>
      void busy(profileButton, async () => {
        picture.hidden = true;
        picture.removeAttribute('src');
        try {
          const profile = await sdk.getProfile();
          setResult(profileOut, JSON.stringify(profile, null, 2), 'ok');
          if (profile.pictureUrl) {
            picture.src = profile.pictureUrl;
            picture.alt = `Picture of ${profile.displayName}`;
            picture.hidden = false;
          }
        } catch (err) {
          setResult(profileOut, describe(err), 'error');
        }
      }),
  );

  const sendButton = el<HTMLButtonElement>('btn-send');
  const sendText = el<HTMLInputElement>('send-text');
  const sendResult = el('send-result');
  sendButton.addEventListener(
    'click',
    () =>
      void busy(sendButton, async () => {
        try {
          await sdk.sendMessages([{ type: 'text', text: sendText.value }]);
          setResult(sendResult, 'sent', 'ok');
        } catch (err) {
          setResult(sendResult, `error ${describe(err)}`, 'error');
        }
      }),
  );

  // Every message kind, in batches of at most 5 (the sendMessages limit); the host draws them in the chat.
  const galleryButton = el<HTMLButtonElement>('btn-gallery');
  const galleryResult = el('gallery-result');
  galleryButton.addEventListener(
    'click',
    () =>
      void busy(galleryButton, async () => {
        try {
          for (const batch of galleryBatches()) await sdk.sendMessages(batch);
          setResult(galleryResult, `sent ${GALLERY.length} messages`, 'ok');
        } catch (err) {
          setResult(galleryResult, `error ${describe(err)}`, 'error');
        }
      }),
  );

  const openUrl = el<HTMLInputElement>('open-url');
  openUrl.value = new URL('about.html', location.href).href;
  const openResult = el('open-result');
  const open = (button: HTMLButtonElement, external: boolean) =>
    void busy(button, async () => {
      try {
        await sdk.openWindow({ url: openUrl.value, external });
        setResult(openResult, external ? 'opened in a new tab' : 'opened in the in-app browser', 'ok');
      } catch (err) {
        setResult(openResult, `error ${describe(err)}`, 'error');
      }
    });
  const inapp = el<HTMLButtonElement>('btn-open-inapp');
  const external = el<HTMLButtonElement>('btn-open-external');
  inapp.addEventListener('click', () => open(inapp, false));
  external.addEventListener('click', () => open(external, true));

  const closeButton = el<HTMLButtonElement>('btn-close');
  const closeResult = el('close-result');
  closeButton.addEventListener(
    'click',
    () => void sdk.closeWindow().catch((err: unknown) => setResult(closeResult, `error ${describe(err)}`, 'error')),
  );
}

start();
