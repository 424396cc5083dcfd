/**
 * How the server answers one of its own pages (the social login's, the share target picker,
 * account linking, LINE Pay's payment page): HTML that no cache keeps, sends no referrer and is
 * never sniffed as anything else, under the page's own Content Security Policy; never framed
 * unless the page says it may be (its CSP's `frame-ancestors` then says by whom).
 */
import type { Response } from 'express';
import type { SafeHtml } from './html.js';

/**
 * Sends `page` (a document of `pageDocument`) with `status`.
 * @param csp the page's Content-Security-Policy
 * @param options `framed`: true when the page may be framed (the host's in-app browser); else `X-Frame-Options: DENY` too
 */
export function sendPage(res: Response, status: number, page: SafeHtml, csp: string, options: { framed?: boolean } = {}): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      ...(options.framed ? {} : { 'X-Frame-Options': 'DENY' }),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    })
    .send(page.value);
}
