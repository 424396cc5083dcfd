/**
 * The page that hands a phone embedkit's local CA (`/embedkit-ca/`): the certificate to download
 * and the steps to trust it on iOS and Android. Open to everyone, like the SDK: a CA certificate
 * is public (its key never leaves the machine), and a phone needs it before it trusts anything.
 */
import { Router } from 'express';
import { html } from '../http/html.js';
import type { LocalCa } from './certificates.js';

/** Where the CA page is served on `{base_url}` (outside `/embedkit/`: no admin token needed). */
export const CA_PAGE_PATH = '/embedkit-ca';

/**
 * The CA page's routes, mounted at {@link CA_PAGE_PATH}: `/` (the steps), `/embedkit-ca.crt`
 * (DER, `application/x-x509-ca-cert`: iOS offers a profile, Android its installer) and
 * `/embedkit-ca.pem` (the same in PEM, for desktops and `NODE_EXTRA_CA_CERTS`).
 */
export function caPageRoutes(ca: LocalCa): Router {
  const router = Router();
  router.get('/embedkit-ca.crt', (_req, res) => {
    res
      .set({ 'Content-Type': 'application/x-x509-ca-cert', 'Content-Disposition': 'attachment; filename="embedkit-ca.crt"' })
      .send(ca.certDer);
  });
  router.get('/embedkit-ca.pem', (_req, res) => {
    res.set({ 'Content-Type': 'application/x-pem-file', 'Content-Disposition': 'attachment; filename="embedkit-ca.pem"' }).send(ca.certPem);
  });
  router.get('/', (_req, res) => {
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).send(caPage(ca).toString());
  });
  return router;
}

function caPage(ca: LocalCa) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Trust embedkit on this phone</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 1rem auto; max-width: 40rem; padding: 0 1rem; }
      code { word-break: break-all; }
      a.button { display: inline-block; padding: 0.6rem 1rem; background: #06c755; color: #fff; border-radius: 0.5rem; text-decoration: none; }
    </style>
  </head>
  <body>
    <h1>Trust embedkit on this phone</h1>
    <p>embedkit serves the host over HTTPS with a certificate of its own local CA, made on the developer's machine.
      Trust the CA once on each phone; it is used by this machine's embedkit only.</p>
    <p><a class="button" href="${CA_PAGE_PATH}/embedkit-ca.crt">Download the CA certificate</a>
      (<a href="${CA_PAGE_PATH}/embedkit-ca.pem">PEM</a>)</p>
    <p>SHA-256 fingerprint, to compare with what the phone shows:<br /><code>${ca.fingerprint}</code></p>
    <h2>iPhone and iPad</h2>
    <ol>
      <li>Open this page in Safari and tap the button; allow the download of the configuration profile.</li>
      <li>Settings → General → VPN &amp; Device Management → <em>${ca.cert.subjectName.getField('CN')[0] ?? 'embedkit local CA'}</em> → Install.</li>
      <li>Settings → General → About → Certificate Trust Settings → turn on full trust for it.</li>
    </ol>
    <h2>Android</h2>
    <ol>
      <li>Tap the button to download <code>embedkit-ca.crt</code>.</li>
      <li>Settings → Security → Encryption &amp; credentials → Install a certificate → CA certificate → choose the file
        (the menu's place varies by maker: search the settings for “CA certificate”).</li>
      <li>Chrome uses it at once. An app's own WebView trusts user CAs only when the app's network security config allows them.</li>
    </ol>
    <h2>If you do not</h2>
    <p>The browser warns on every visit and, once you go on, treats the page as not secure: no camera
      (<code>scanCodeV2</code>), no clipboard, and on iOS no <code>crypto.subtle</code>, so the PKCE login fails; the app's own
      address (its proxy) warns separately and its frame stays blank until you open it once and go on.</p>
    <h2>Removing it</h2>
    <p>iOS: Settings → General → VPN &amp; Device Management → the profile → Remove. Android: Settings → Security →
      Encryption &amp; credentials → User credentials → the certificate → Remove.</p>
  </body>
</html>
`;
}
