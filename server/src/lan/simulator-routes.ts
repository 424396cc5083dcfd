/**
 * The simulator routes of `embedkit --lan` (docs/guide/phones.md): what the host needs to open a loopback
 * app through its proxy on a phone, and the QR code of the phone link for the desktop's side panel.
 * Both sit behind the cross-site guard and the admin token like every `/embedkit/` route, so the
 * token inside the QR code reaches embedkit's own pages only.
 */
import type { UnitHandlers } from '../simulator-api/handlers.js';
import type { LanView } from '#contract/wire.js';
import { notFound } from '../http/errors.js';
import { phoneLink, qrSvg } from './qr.js';

/** What the routes read of a `--lan` server, once it is listening. */
export interface LanState extends LanView {
  /** The admin token (a `--lan` server always has one). */
  token: string;
}

/**
 * Handlers of the routes of unit `lan`. `lan()` is undefined when the server was not started with
 * `--lan` (or is not listening yet): then `lan` answers empty lists and `lanQrCode` 404.
 */
export function lanSimulatorHandlers(lan: () => LanState | undefined): UnitHandlers<'lan'> {
  return {
    lan: () => {
      const state = lan();
      return { origins: state?.origins ?? [], apps: state?.apps ?? [] };
    },
    lanQrCode: async (_req, res) => {
      const state = lan();
      if (!state || state.origins.length === 0) throw notFound('embedkit was not started with --lan: there is no phone link');
      const svg = await qrSvg(phoneLink(state.origins[0]!, state.token));
      // The code holds the admin token: never cached, and the document may run nothing.
      res
        .type('image/svg+xml')
        .set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" })
        .send(svg);
    },
  };
}
