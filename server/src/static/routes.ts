/**
 * The browser side served by the same server: the host shell at `/`, the SDK at `/sdk/v1/`, and
 * the demo app at `/demo/app/` (reached through another origin than the host, see scenario/load.ts).
 */
import { Router, type RequestHandler } from 'express';
import { packagePath as root } from '../runtime/package-root.js';
import { compressed, REVALIDATE, staticFiles } from './delivery.js';

/**
 * Content Security Policy of the host page: its own scripts only; apps load in frames from any
 * http(s) origin; message images and media may come from anywhere.
 */
export const HOST_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  'media-src * data: blob:',
  'frame-src http: https:',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  // The host holds every user's session: no page of another origin may frame it (clickjacking).
  // Its own origin may: the several-phones page shows one host per phone in frames.
  "frame-ancestors 'self'",
].join('; ');

export function staticRoutes(): Router {
  const r = Router();
  r.get('/', compressed, (_req, res) => {
    res.set({ 'Content-Security-Policy': HOST_CSP, 'Cache-Control': REVALIDATE }).sendFile(root('host/index.html'));
  });
  r.use('/host/chunks', staticFiles(root('host/dist/chunks'), { hashedNames: true, fallthrough: false }));
  r.use('/host', staticFiles(root('host/static')), staticFiles(root('host/dist')));
  // Pages of any origin load the SDK; the ESM build is fetched with CORS.
  r.use('/sdk/v1', (_req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    next();
  });
  const sdkFile = (file: string): RequestHandler[] => [
    compressed,
    (_req, res) => res.set('Cache-Control', REVALIDATE).sendFile(root(`sdk/dist/${file}`)),
  ];
  r.get('/sdk/v1/sdk.js', sdkFile('embed.js'));
  r.get('/sdk/v1/sdk.mjs', sdkFile('embed.mjs'));
  r.use('/sdk/v1', staticFiles(root('sdk/dist'), { index: false }));
  r.use('/demo/app', staticFiles(root('demo/app'), { dotfiles: 'ignore' }));
  r.use('/demo/liff-app', staticFiles(root('demo/liff-app'), { dotfiles: 'ignore' }));
  r.use('/demo/tea-shop', staticFiles(root('demo/tea-shop'), { dotfiles: 'ignore' }));
  return r;
}
