/**
 * `scanCodeV2` with the phone's camera (docs/guide/phones.md): a sheet over the phone screen showing the
 * back camera, read a few times a second until a QR code is found or the person taps Cancel.
 * Offered only on a touch screen where the browser gives a camera: a secure context (HTTPS or
 * loopback) with `navigator.mediaDevices.getUserMedia`; elsewhere the host keeps asking for the
 * value as text, as on the desktop.
 */
import { h } from '../shared/dom.js';
import { decodeQr } from './decode.js';

/** How often a frame is read (ms): often enough to feel instant, rare enough for a phone's battery. */
const FRAME_INTERVAL_MS = 200;

/**
 * Whether `scanCodeV2` opens the camera here: a touch screen (the main pointer a finger, as on a
 * phone; a desktop keeps asking for the value, webcam or not) in a secure context with `getUserMedia`.
 */
export function hasCamera(): boolean {
  return window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/**
 * Opens the camera in a sheet `#scan-sheet` (video `#scan-video`, button `#scan-cancel`) inside
 * `screen` and resolves with the first QR code's text, or null when cancelled. The camera is
 * stopped and the sheet removed either way.
 * @throws DOMException when the camera is refused or missing (`NotAllowedError`, `NotFoundError`)
 */
export async function scanWithCamera(screen: HTMLElement, appName: string): Promise<string | null> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  const video = h('video', { className: 'scan-video', attrs: { id: 'scan-video', muted: true, playsinline: true, autoplay: true } });
  video.muted = true;
  video.srcObject = stream;
  let cancel = () => {};
  const cancelled = new Promise<null>((resolve) => (cancel = () => resolve(null)));
  const sheet = h(
    'section',
    { className: 'scan-sheet', attrs: { id: 'scan-sheet', role: 'dialog', 'aria-label': `${appName} asks to scan a code` } },
    h('p', { className: 'scan-title', text: `${appName} asks to scan a code` }),
    video,
    h('button', { className: 'pill-button', text: 'Cancel', attrs: { id: 'scan-cancel', type: 'button' }, on: { click: () => cancel() } }),
  );
  screen.append(sheet);
  let done = false;
  const canvas = document.createElement('canvas');
  const found = (async (): Promise<string> => {
    await video.play().catch(() => undefined);
    for (;;) {
      await new Promise((r) => setTimeout(r, FRAME_INTERVAL_MS));
      if (done) return '';
      if (video.videoWidth === 0) continue;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const g = canvas.getContext('2d', { willReadFrequently: true });
      if (!g) continue;
      g.drawImage(video, 0, 0);
      const text = await decodeQr(g.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
      if (text !== null) return text;
    }
  })();
  try {
    return await Promise.race([found, cancelled]);
  } finally {
    done = true;
    for (const track of stream.getTracks()) track.stop();
    sheet.remove();
  }
}
