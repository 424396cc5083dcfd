/**
 * The side panel's "On a phone" group under `embedkit --lan` (docs/guide/phones.md): the QR code of the
 * phone link with the admin token (simulator route `lanQrCode`, the same code the terminal
 * prints) and the CA page to trust first. Stays hidden without `--lan`; the phone layout hides it
 * too (`host/static/phone.css`): a phone does not scan itself.
 */
import { simulatorPath } from '#contract/simulator-api.js';
import type { SimulatorClient } from '../simulator-api/client.js';
import { h, replaceChildren } from '../shared/dom.js';

/** Where the CA page is served (`server/src/lan/ca-page.ts`, outside the simulator API). */
const CA_PAGE = '/embedkit-ca/';

/**
 * Fills `root` (the `#lan-qr` section) when the server serves the network, and shows it. A failed
 * read leaves it hidden: the code is a convenience, the terminal prints it too.
 */
export async function showLanQrCode(root: HTMLElement, client: SimulatorClient): Promise<void> {
  let origins: string[];
  try {
    origins = (await client.call('lan')).origins;
  } catch {
    return;
  }
  if (origins.length === 0) return;
  replaceChildren(root, [
    h('h2', { text: 'On a phone', attrs: { id: 'lan-qr-title' } }),
    h('img', {
      className: 'lan-qr-code',
      attrs: { id: 'lan-qr-code', src: simulatorPath('lanQrCode', {}), alt: `QR code of the link to ${origins[0]} with the admin token` },
    }),
    h(
      'p',
      { className: 'field-note' },
      'Scan it with the phone’s camera: it opens the host there, signed in. Once per phone, trust the CA first: ',
      h('a', { attrs: { href: `${origins[0]}${CA_PAGE}`, target: '_blank', rel: 'noopener' }, text: `${origins[0]}${CA_PAGE}` }),
    ),
  ]);
  root.hidden = false;
}
