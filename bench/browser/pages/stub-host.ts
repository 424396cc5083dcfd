/**
 * Bench harness, top page: the real host bridge (`connectApp`) with handlers that answer at once,
 * so a call measures the bridge alone (postMessage, comlink, filter, argument checks). Also echoes
 * raw messages and MessagePort messages, the anchors the bridge is compared with.
 */
import { connectApp } from '../../../host/src/app/bridge/connect.js';

const frame = document.getElementById('app') as HTMLIFrameElement;
const appUrl = frame.dataset.src!;

// Anchor 1: a raw postMessage round trip between the same two frames.
window.addEventListener('message', (e) => {
  if ((e.data as { benchEcho?: number } | null)?.benchEcho !== undefined && e.source)
    (e.source as Window).postMessage(e.data, { targetOrigin: e.origin });
});

// Anchor 2: a raw MessagePort echo between the same frames, on request.
window.addEventListener('message', (e) => {
  if ((e.data as { benchPort?: boolean } | null)?.benchPort && e.source) {
    const channel = new MessageChannel();
    channel.port1.onmessage = (m) => channel.port1.postMessage(m.data);
    (e.source as Window).postMessage({ benchPortReady: true }, { targetOrigin: e.origin, transfer: [channel.port2] });
  }
});

connectApp({
  frame,
  appUrl,
  initData: () => ({ language: 'en', context: { type: 'utou', viewType: 'full', userId: 'U0', utouId: 'UU0' } }),
  handlers: {
    openWindow: () => undefined,
    getProfile: async () => ({ userId: 'U0', displayName: 'Bench' }),
    sendMessages: async () => undefined,
    closeWindow: () => undefined,
    pageState: () => undefined,
    liffInit: () => Promise.reject(new Error('not served by the bench stub')),
    liffFriendship: async () => ({ friendFlag: false }),
    liffRequestAll: () => Promise.reject(new Error('not served by the bench stub')),
    liffScanCode: () => ({ value: null }),
    liffRequestFriendship: () => undefined,
    liffCreateShortcut: () => undefined,
    liffShareTargetPicker: () => false,
    liffIapProducts: () => ({}),
    liffIapConsent: () => false,
    liffIapPayment: () => ({ outcome: 'cancelled' as const }),
    liffSubWindowOpen: () => undefined,
    liffSubWindowWait: () => null,
    liffSubWindowPost: () => ({ status: 'submit', result: 'ok' }),
    liffCalendarEvents: () => ({ events: [], isThirdPartyCalendarAccessGranted: false }),
    liffCalendarCreate: () => undefined,
    liffActivityWait: () => ({ version: 1 }),
  },
});
frame.src = appUrl;
