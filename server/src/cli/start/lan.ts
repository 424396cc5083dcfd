/** The ready lines of `embedkit --lan`: the address a phone opens, its QR code, the CA page and the apps' proxies. */
import type { RunningServer } from '../../serve/start.js';
import { CA_PAGE_PATH } from '../../lan/ca-page.js';
import { phoneLink, qrTerminal } from '../../lan/qr.js';

/**
 * The lines `--lan` adds: for each network address the link with the admin token (a given token
 * too: the QR code is how a phone gets it, and the terminal is the person's own), the QR code of
 * the first one, the CA page, and each loopback app with its phone address.
 */
export async function lanLines(server: RunningServer, admin: { token: string }): Promise<string[]> {
  const lan = server.lan;
  if (!lan) return [];
  const links = lan.origins.map((o) => phoneLink(o, admin.token));
  const lines = links.map((l) => `  on a phone      ${l}`);
  lines.push(`  trust the CA    ${lan.origins[0]}${CA_PAGE_PATH}/  (once per phone; SHA-256 ${lan.ca.fingerprint.slice(0, 23)}…)`);
  for (const app of lan.proxies.list()) lines.push(`  app proxy       ${app.target}/ → ${app.origins.join(', ')}`);
  lines.push('', `  scan with the phone's camera (${links[0]}):`, ...(await qrTerminal(links[0]!)).trimEnd().split('\n'));
  return lines;
}
