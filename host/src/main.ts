/**
 * The entry of host/dist/host.js, loaded by host/index.html: loads the world, then shows either
 * several phones side by side (`?users=a,b`) or the host shell of one phone (shell.ts), a messenger
 * on a phone between a controls panel and a bridge log.
 */
import { SimulatorApi } from './api.js';
import { parseDeepLink } from './deeplink.js';
import { byId } from './dom.js';
import { isPhoneFrame, parsePhoneUsers } from './phones/layout.js';
import { setUpPhoneLayout } from './phone-layout.js';
import { showPhones } from './phones/page.js';
import { useDisplayNames } from './chat/kinds/text-v2/view.js';
import { HostShell } from './shell.js';
import type { World } from './world.js';

/** The world, or null once a failure to load it is shown in `#host-status` (the page is marked ready with an error). */
async function loadWorld(api: SimulatorApi): Promise<World | null> {
  const statusFallback = byId('host-status');
  try {
    return await api.world();
  } catch (err) {
    statusFallback.textContent = `Could not load the world: ${(err as Error).message}`;
    statusFallback.dataset.kind = 'error';
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

  // `?users=a,b`: several phones side by side, each a host of its own in a frame (phones/).
  const phones = parsePhoneUsers(location.search, world);
  if (phones) {
    showPhones(document.body, world, phones, location.search);
    document.body.dataset.ready = 'true';
    return;
  }
  // One phone of several: the phone alone, without the side panels.
  const phoneFrame = isPhoneFrame(location.search);
  if (phoneFrame) document.body.dataset.layout = 'phone';
  else setUpPhoneLayout();

  const bareUrl = location.search === '';
  const link = parseDeepLink(location.search);
  const shell = new HostShell(api, world, { link, phoneFrame });
  // A bare `/` (what `npm start` prints) opens the scenario's default app, so a newcomer sees it at once.
  await shell.openFirstApp(link.app ?? (bareUrl ? world.defaults.embedId : undefined));
  document.body.dataset.ready = 'true';
}

void start();
