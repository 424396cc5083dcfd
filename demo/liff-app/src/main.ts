/**
 * The demo app on the platform's current SDK: written for `@line/liff` 2.x as any such app is, plus
 * the one line that runs it in embedkit's host (`liff.use(new EmbedkitPlugin())`). On load it calls
 * every method embedkit answers without the person's action and shows what came back, as JSON in
 * `#report` (the e2e tests read it); the profile is read at load only once the person granted it
 * (the Profile button asks for it: the permission request screen of the channel consent
 * simplification); the buttons send a message, open a window and close the app.
 */
// embedkit's plugin first: it gives the frame web storage where the browser blocks it, before
// @line/liff reads it (docs/guide/liff.md).
import { EmbedkitPlugin } from '../../../sdk/src/liff/index.js';
import liffModule from '@line/liff';
import type { Liff } from '../../../sdk/src/liff/liff-types.js';

// `@line/liff`'s own types read as `any` under this project's NodeNext resolution (see
// sdk/src/liff/liff-types.ts): the same object, typed.
const liff = liffModule as unknown as Liff;

/** The embed ID of this demo in the default scenario; `?liffId=` picks another. */
const LIFF_ID = new URLSearchParams(location.search).get('liffId') ?? '1650000001-liffapp1';
/**
 * The embedkit server a login outside the host goes to: `?embedkit=` names it, else this page's own
 * origin (the demo is served by embedkit itself).
 */
const SERVER = new URLSearchParams(location.search).get('embedkit') ?? location.origin;

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`liff demo: missing #${id}`);
  return found as T;
}

/** `{code, message}` of a failure, as the page shows it. */
function failure(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown };
  return { code: String(e?.code ?? 'ERROR'), message: String(e?.message ?? error) };
}

/** The outcome of a call: its value, or its failure. */
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return { ok: (await run()) ?? null };
  } catch (error) {
    return { error: failure(error) };
  }
}

/**
 * What the app gets from the members the host refuses (docs/guide/liff.md, "What is refused"):
 * each call's outcome, so a test reads the published FORBIDDEN (or undefined) for every one.
 */
async function refusals(): Promise<Record<string, unknown>> {
  return {
    activity: await outcome(() => liff.activity.getCallState()),
    addToHomeScreen: await outcome(() => liff.addToHomeScreen?.({ url: location.href } as never)),
    internalCreateShortcutOnHomeScreen: await outcome(() => liff.internalCreateShortcutOnHomeScreen({ url: location.href } as never)),
    scanCode: await outcome(() => liff.scanCode?.()),
    getAdvertisingId: await outcome(() => liff.getAdvertisingId?.()),
    getAId: await outcome(() => liff.getAId()),
    getProfilePlus: await outcome(() => liff.getProfilePlus()),
    initPlugins: await outcome(() => liff.initPlugins?.([])),
    analytics: await outcome(() => liff.analytics),
  };
}

/**
 * Calls `run` (a member behind the `profile` permission) only when the person granted `profile`:
 * with the channel consent simplification the app starts with `openid` alone, and a call would
 * bring the permission request screen at load. The Profile button asks, when the person wants it.
 */
async function ifProfileGranted(run: () => unknown): Promise<unknown> {
  const query = await outcome(() => liff.permission.query('profile'));
  const state = (query as { ok?: { state: string } }).ok?.state;
  // `unavailable` (not registered) still calls: the app sees the published refusal.
  return state === 'prompt' ? { notAsked: 'profile is prompt: the Profile button asks for it' } : outcome(run);
}

/** The APIs of `liff.isApiAvailable` whose members the demo calls. */
const GUARDED_APIS = [
  'shareTargetPicker',
  'scanCode',
  'scanCodeV2',
  'getAdvertisingId',
  'addToHomeScreen',
  'createShortcutOnHomeScreen',
  'requestFriendship',
  'subwindowOpen',
  'iap',
  'calendar.getEvents',
  'calendar.showEventCreationModal',
  'activityGetCallState',
  'activityGetRecordingState',
];

async function main(): Promise<void> {
  liff.use(new EmbedkitPlugin({ server: SERVER }));
  try {
    // `?withLoginOnExternalBrowser` (the published option): outside the client, log in at once.
    await liff.init({
      liffId: LIFF_ID,
      withLoginOnExternalBrowser: new URLSearchParams(location.search).has('withLoginOnExternalBrowser'),
    });
  } catch (error) {
    el('status').textContent = `init failed: ${failure(error).code}`;
    el('report').textContent = JSON.stringify({ init: failure(error) }, null, 2);
    document.body.dataset.init = 'error';
    return;
  }
  await liff.ready;
  const report = {
    id: liff.id,
    page: location.pathname + location.search,
    isInClient: liff.isInClient(),
    isLoggedIn: liff.isLoggedIn(),
    os: liff.getOS(),
    language: liff.getLanguage(),
    appLanguage: liff.getAppLanguage(),
    lineVersion: liff.getLineVersion(),
    version: liff.getVersion(),
    context: liff.getContext(),
    accessToken: liff.getAccessToken(),
    idToken: liff.getIDToken(),
    decodedIdToken: liff.getDecodedIDToken(),
    profile: await ifProfileGranted(() => liff.getProfile()),
    friendship: await ifProfileGranted(() => liff.getFriendship()),
    permanentLink: await outcome(() => liff.permanentLink.createUrlBy(`${location.origin}/demo/liff-app/index.html?item=7`)),
    permanentLinkHere: await outcome(() => {
      liff.permanentLink.setExtraQueryParam('from=demo');
      return liff.permanentLink.createUrl();
    }),
    permissionProfile: await outcome(() => liff.permission.query('profile')),
    permissionOpenid: await outcome(() => liff.permission.query('openid')),
    // Asked before any call of an API a client may lack, as the published rule wants (`embedkit review` checks it).
    apiAvailability: Object.fromEntries(GUARDED_APIS.map((api) => [api, liff.isApiAvailable(api)])),
    apiShareTargetPicker: await outcome(() => liff.isApiAvailable('shareTargetPicker')),
    apiMultipleLiffTransition: await outcome(() => liff.isApiAvailable('multipleLiffTransition')),
    apiIap: await outcome(() => liff.isApiAvailable('iap')),
    apiScanCodeV2: await outcome(() => liff.isApiAvailable('scanCodeV2')),
    iap: await outcome(() => liff.iap.getPlatformProducts({ productIds: ['p1'] })),
    calendar: await outcome(() => liff.calendar.getEvents({ startTime: new Date(), endTime: new Date() })),
    origins: liff.getOrigins(),
    isSubWindow: liff.isSubWindow(),
    videoAutoPlay: liff.getIsVideoAutoPlay(),
    setLang: await outcome(() => liff.i18n.setLang('en')),
    languageAfterSetLang: liff.getLanguage(),
    refused: await refusals(),
  };
  el('status').textContent = `${report.context?.type ?? 'no context'} · ${report.context?.viewType ?? ''} · ${report.os}`;
  el('report').textContent = JSON.stringify(report, null, 2);
  await showShop().catch((error: unknown) => (el('purchase').textContent = JSON.stringify({ shop: failure(error) })));
  document.body.dataset.init = 'ok';
}

/**
 * The MINI App's own server: it checks the LIFF access token, reserves the purchase with
 * `POST /iap/v1/product/reserve` (the person's IP and OS with it), receives the webhook and grants
 * the coins. The platform never lets a page reserve by itself. By default the demo's shop that runs
 * beside the demo bots, on this page's origin (demo/bot/src/mini-app.ts); `?shop=` names another.
 */
const SHOP = new URLSearchParams(location.search).get('shop') ?? new URL('/demo/bot/mini-app', location.href).href;
/** The product IDs this MINI App sells (the default world's). */
const PRODUCT_IDS = ['iap_ln_002', 'iap_ln_020'];

/** Buys a product as the published flow goes: consent, a reservation by the server, the store's sheet. */
async function buy(productId: string): Promise<unknown> {
  await liff.iap.requestConsentAgreement();
  const res = await fetch(`${SHOP}/reserve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ accessToken: liff.getAccessToken(), idToken: liff.getIDToken(), productId, clientOs: liff.getOS() }),
  });
  const reserved = (await res.json().catch(() => ({}))) as { orderId?: string; errorCode?: string; message?: string };
  if (!reserved.orderId)
    throw Object.assign(new Error(reserved.message ?? `the shop answered ${res.status}`), {
      code: reserved.errorCode ?? String(res.status),
    });
  await liff.iap.createPayment({ productId, orderId: reserved.orderId });
  return { orderId: reserved.orderId };
}

/** The person's coins as the shop granted them, or null when it cannot say (no shop there). */
async function coins(): Promise<number | null> {
  // The ID token says who the person is to the shop (an app with the simplification starts without `profile`).
  const headers = { Authorization: `Bearer ${liff.getAccessToken() ?? ''}`, 'X-Id-Token': liff.getIDToken() ?? '' };
  const res = await fetch(`${SHOP}/coins`, { headers }).catch(() => null);
  if (!res?.ok) return null;
  return ((await res.json()) as { coins: number }).coins;
}

/** Shows the coins; after a purchase, until the shop granted them (its webhook came) or for 5 s at most. */
async function showCoins(before?: number | null): Promise<void> {
  let now = await coins();
  for (let i = 0; before !== undefined && now === before && i < 20; i++) {
    await new Promise((r) => setTimeout(r, 250));
    now = await coins();
  }
  el('coins').textContent = now === null ? '' : `You have ${now.toLocaleString('en')} coins.`;
}

/** Lists the products in the device's store, each with a buy button, once the app may use in-app purchase. */
async function showShop(): Promise<void> {
  if (!liff.isApiAvailable('iap')) {
    el('purchase').textContent = 'In-app purchase is not available here.';
    return;
  }
  const products = await liff.iap.getPlatformProducts({ productIds: PRODUCT_IDS });
  el('iap-products').replaceChildren(
    ...Object.entries(products).map(([productId, p]) => {
      const item = document.createElement('li');
      item.dataset.productId = productId;
      const label = document.createElement('span');
      label.className = 'product';
      label.textContent = `${p.productName}: ${p.price} ${p.currency}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Buy';
      button.addEventListener('click', () => {
        void (async () => {
          const before = await coins();
          const r = await outcome(() => buy(productId));
          el('purchase').textContent = JSON.stringify({ createPayment: r });
          if (r && typeof r === 'object' && 'ok' in r) await showCoins(before);
        })();
      });
      item.append(label, ' ', button);
      return item;
    }),
  );
  await showCoins();
}

el('send').addEventListener('click', () => {
  void outcome(() => liff.sendMessages([{ type: 'text', text: 'Hello from the LIFF demo' }])).then((r) => {
    el('action').textContent = JSON.stringify({ sendMessages: r });
  });
});
// The profile when the app needs it: without `profile` granted, the permission request screen comes first.
el('profile').addEventListener('click', () => {
  void outcome(() => liff.getProfile()).then(async (r) => {
    el('action').textContent = JSON.stringify({
      getProfile: r,
      permissionProfile: await outcome(() => liff.permission.query('profile')),
      idTokenName: liff.getDecodedIDToken()?.name ?? null,
    });
  });
});
el('request-all').addEventListener('click', () => {
  void outcome(() => liff.permission.requestAll()).then((r) => {
    void liff.permission.getGrantedAll().then((granted) => {
      el('action').textContent = JSON.stringify({ requestAll: r, scope: granted, idToken: !!liff.getIDToken() });
    });
  });
});
el('share').addEventListener('click', () => {
  void outcome(() => liff.shareTargetPicker([{ type: 'text', text: 'Shared from the LIFF demo' }], { isMultiple: true })).then((r) => {
    el('action').textContent = JSON.stringify({ shareTargetPicker: r });
  });
});
// `liff.calendar` and `liff.activity` (docs/guide/liff.md, "Calendar and call activity"): LINE 15.0.0 and later.
el('add-event').addEventListener('click', () => {
  const startTime = new Date('2026-05-02T19:00:00+09:00');
  void outcome(() => liff.calendar.showEventCreationModal({ title: 'Dinner with the LIFF demo', startTime })).then((r) => {
    el('action').textContent = JSON.stringify({ showEventCreationModal: r });
  });
});
el('calendar').addEventListener('click', () => {
  const range = { startTime: new Date('2026-05-01T00:00:00+09:00'), endTime: new Date('2026-05-31T23:59:59+09:00') };
  void outcome(() => liff.calendar.getEvents(range)).then((r) => {
    el('action').textContent = JSON.stringify({ getEvents: r });
  });
});
el('call-state').addEventListener('click', () => {
  void Promise.all([outcome(() => liff.activity.getCallState()), outcome(() => liff.activity.getRecordingState())]).then(
    ([call, recording]) => {
      el('action').textContent = JSON.stringify({ getCallState: call, getRecordingState: recording });
    },
  );
});
el('scan').addEventListener('click', () => {
  void outcome(() => liff.scanCodeV2()).then((r) => {
    el('action').textContent = JSON.stringify({ scanCodeV2: r });
  });
});
/**
 * `liff.requestFriendship`'s options from the page's query, so one page tries them all:
 * `?friendAccount=@basicId[&friendFallback]` and `?friendTemplate=<id>`.
 */
function friendshipOptions(): Parameters<typeof liff.requestFriendship>[0] {
  const q = new URLSearchParams(location.search);
  const account = q.get('friendAccount');
  const template = q.get('friendTemplate');
  return {
    ...(account ? { officialAccount: { id: account, ...(q.has('friendFallback') ? { fallback: true } : {}) } } : {}),
    ...(template ? { template: { id: template } } : {}),
  };
}

el('friend').addEventListener('click', () => {
  void outcome(() => liff.requestFriendship(friendshipOptions()))
    .then(async (r) => ({ requestFriendship: r, friendship: await outcome(() => liff.getFriendship()) }))
    .then((r) => {
      el('action').textContent = JSON.stringify(r);
    });
});
el('shortcut').addEventListener('click', () => {
  // This page, with its query, as the shortcut's page.
  void outcome(() => liff.createShortcutOnHomeScreen({ url: location.href })).then((r) => {
    el('action').textContent = JSON.stringify({ createShortcutOnHomeScreen: r });
  });
});
el('open').addEventListener('click', () => liff.openWindow({ url: new URL('/demo/app/about.html', location.href).href, external: false }));
el('close').addEventListener('click', () => liff.closeWindow());
// Outside the host (a normal tab): the login pages and back; the page inits again on its return.
el('login').addEventListener('click', () => liff.login());
el('logout').addEventListener('click', () => {
  liff.logout();
  el('action').textContent = JSON.stringify({ logout: { isLoggedIn: liff.isLoggedIn(), accessToken: liff.getAccessToken() } });
});

void main();
