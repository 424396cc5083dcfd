/**
 * How the browser side's files travel (docs/project/host-delivery.md): compressed as the browser
 * asks (brotli or gzip, negotiated on `Accept-Encoding`, `Vary: Accept-Encoding` on every answer),
 * and with the cache headers that let a phone keep them across reloads:
 * - a file whose name carries a hash of its content (the host's chunks, `host/dist/chunks/`) never
 *   changes under its name: `Cache-Control: public, max-age=31536000, immutable`;
 * - any other file (the host's entry and stylesheet, the SDK, the demos) may change with a rebuild
 *   under the same name: `Cache-Control: no-cache`, so the browser asks again each time and the
 *   validators (`ETag`, `Last-Modified`) answer 304 Not Modified when it has the file already.
 */
import compression from 'compression';
import express, { type RequestHandler } from 'express';

/** express.static's options. */
type StaticOptions = NonNullable<Parameters<typeof express.static>[1]>;

/** One year in seconds: the longest `max-age` caches honour (RFC 9111 leaves it open; browsers keep what they are given). */
const A_YEAR_S = 31_536_000;

/**
 * Compresses the answers of the routes it is mounted on, brotli or gzip as `Accept-Encoding` asks
 * (brotli first when both are accepted), answers under 1 KB and types that do not compress (images)
 * as they are. Mounted on the static routes only: the platform's answers and the live feed's stream
 * go out as the platform sends them.
 */
export const compressed: RequestHandler = compression();

/** `Cache-Control` of a file that a rebuild may change under the same name: keep it, ask again before using it. */
export const REVALIDATE = 'no-cache';

/** `Cache-Control` of a file named by its content's hash. */
export const IMMUTABLE = `public, max-age=${A_YEAR_S}, immutable`;

/**
 * The files of `dir`, compressed, each with its validators and `Cache-Control` {@link REVALIDATE}
 * (or {@link IMMUTABLE} when `hashedNames`); `options` are express.static's (`index`, `dotfiles`).
 */
export function staticFiles(
  dir: string,
  { hashedNames = false, ...options }: { hashedNames?: boolean } & StaticOptions = {},
): RequestHandler[] {
  const cacheControl = hashedNames ? IMMUTABLE : REVALIDATE;
  return [
    compressed,
    express.static(dir, {
      ...options,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', cacheControl);
      },
    }),
  ];
}
