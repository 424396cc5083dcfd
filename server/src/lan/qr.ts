/**
 * QR codes of the address a phone opens (`qrcode`): in the terminal and as SVG for the host's side
 * panel. The library loads at the first code, so a server without `--lan` never loads it.
 */
import { TOKEN_PARAM } from '../http/guards/admin-token.js';

/** The link a phone opens: the host at `origin` (`https://<address>:<port>`) with the admin token, which signs it in. */
export function phoneLink(origin: string, token: string): string {
  return `${origin}/?${TOKEN_PARAM}=${token}`;
}

/** The QR code of `text` drawn with block characters for a terminal (two rows per line). */
export async function qrTerminal(text: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  return QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
}

/** The QR code of `text` as an SVG document (black on white, 4-module quiet zone). */
export async function qrSvg(text: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
