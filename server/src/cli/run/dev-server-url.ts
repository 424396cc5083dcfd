/**
 * Where a dev server listens, read from what it prints: Vite (`➜  Local:   http://localhost:5173/`),
 * Next.js (`- Local:        http://localhost:3000`), Nuxt and most others print the loopback URL
 * they serve on once they are ready.
 */
import { stripVTControlCharacters } from 'node:util';

/** An http(s) URL on a loopback host with a port: what a dev server prints for its local address. */
const LOCAL_URLS = /\bhttps?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):\d{1,5}(?:\/[^\s'"<>]*)?/g;

/**
 * Watches a command's output for the first local URL it prints.
 * @param ignoredOrigins origins that are not the dev server's (embedkit's own, which the command
 *   may print too: `embedkit/vite` names the server it talks to)
 * @returns `read`, to be handed every chunk of output in order, and `url`, which resolves with the
 *   first URL (a trailing slash added when it has no path); a URL split across chunks is still found
 */
export function watchDevServerUrl(ignoredOrigins: readonly string[] = []): { read(text: string): void; url: Promise<string> } {
  let pending = '';
  let found = false;
  let resolveUrl: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (resolveUrl = resolve));
  return {
    url,
    read(text) {
      if (found) return;
      pending += stripVTControlCharacters(text);
      const lines = pending.split('\n');
      // The last line may still grow: only whole lines are read.
      pending = lines.pop() ?? '';
      for (const line of lines) {
        for (const m of line.matchAll(LOCAL_URLS)) {
          const url = new URL(m[0]);
          if (ignoredOrigins.includes(url.origin)) continue;
          found = true;
          resolveUrl(url.href);
          return;
        }
      }
    },
  };
}
