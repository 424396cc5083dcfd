/**
 * The entry of host/dist/host.js, loaded by host/index.html: loads the world, then shows either
 * several phones side by side (`?users=a,b`) or the host shell of one phone (shell/host-shell.ts), a messenger
 * on a phone between a controls panel and a bridge log.
 */
import { SimulatorApi } from './simulator-api/phone-api.js';
import { parseDeepLink } from './state/deeplink.js';
import { liffUrlTarget } from './app/liff/liff-urls.js';
import { byId } from './shared/dom.js';
import { isPhoneFrame, parsePhoneUsers } from './several-phones/urls.js';
import { setUpPhoneLayout } from './shell/on-a-phone.js';
import { showPhones } from './several-phones/page.js';
import { useDisplayNames } from './phone/messages/text-v2/view.js';
import { HostShell } from './shell/host-shell.js';
import type { World } from './state/world.js';

/** The world, or null once a failure to load it is shown in `#host-status` (the page is marked ready with an error). */
async function loadWorld(api: SimulatorApi): Promise<World | null> {
  const statusFallback = byId('host-status');
  try {
    return await api.world();
  } catch (err) {
    statusFallback.textContent = `Could not load the world: ${(err as Error).message}`;
    statusFallback.dataset.kind = 'error';
    document.body.dataset.drawn = 'true';
    document.body.dataset.ready = 'error';
    return null;
  }
}

async function start(): Promise<void> {
  const api = new SimulatorApi();
  const world = await loadWorld(api);
  if (!world) return;
  // A textV2 mention names the person as the chat does: their display name in the world.
  useDisplayNames((userId) => world.users.find((u) => u.userId === userId)?.displayName);

  // `?users=a,b`: several phones side by side, each a host of its own in a frame (several-phones/).
  const phones = parsePhoneUsers(location.search, world);
  if (phones) {
    showPhones(document.body, world, phones, location.search);
    document.body.dataset.drawn = 'true';
    document.body.dataset.ready = 'true';
    return;
  }
  // One phone of several: the phone alone, without the side panels.
  const phoneFrame = isPhoneFrame(location.search);
  if (phoneFrame) document.body.dataset.layout = 'phone';
  else setUpPhoneLayout();

  const bareUrl = location.search === '';
  const link = parseDeepLink(location.search);
  // `open=<an app's platform URL>`: the app it names, at the page below it (app/liff/liff-urls.ts).
  const opened = link.open ? liffUrlTarget(link.open, world.apps) : null;
  if (opened) Object.assign(link, { app: opened.embedId, liffState: opened.liffState });
  const shell = new HostShell(api, world, { link, phoneFrame });
  // The chat list is drawn: the page may paint (host/static/styles.css).
  document.body.dataset.drawn = 'true';
  // A bare `/` (what `npm start` prints) opens the scenario's default app, so a newcomer sees it at once.
  await Promise.all([shell.openFirstApp(link.app ?? (bareUrl ? world.defaults.embedId : undefined)), shell.panelsDrawn()]);
  document.body.dataset.ready = 'true';
}

void start();
