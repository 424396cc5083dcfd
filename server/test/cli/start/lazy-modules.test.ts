// What a server on the embedded database does not load (its memory): the PostgreSQL
// driver, the terminal log formatter when its output is not a terminal, what only --lan and
// an MCP client use, and what only some requests use (multipart bodies: multer and busboy; the
// position of a JSON syntax error: jsonc-parser; rich menu images: image-size). Each is loaded
// when it is first needed (db/pg-driver.ts, logger.ts, the module promise beside each use).
// The JWT library (loaded at the first sign-in or JWT assertion) and image-size (its ES module
// build, since the server imports it) are ES modules, which the require cache this test reads
// does not list; seeing them would take loader hooks (module.register), so they are not checked.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const APP = pathToFileURL(resolve('server/dist/serve/start.js')).href;
const LOGGER = pathToFileURL(resolve('server/dist/logger.js')).href;

/** The packages (names under node_modules) loaded after `code` ran in a fresh process. */
function packagesAfter(code: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    ${code}
    const cache = createRequire(import.meta.url).cache;
    const names = new Set(Object.keys(cache).map((p) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(p)?.[1]).filter(Boolean));
    process.stdout.write(JSON.stringify([...names]));
    process.exit(0);`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as string[];
}

describe('modules a server loads only when it needs them', () => {
  it('a server on the embedded database answers without loading pg; the logger off a terminal without pino-pretty', () => {
    const loaded = packagesAfter(`
      const { startServer } = await import(${JSON.stringify(APP)});
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      createLogger('info');
      const s = await startServer({ port: 0, inMemory: true, logger: createLogger('silent') });
      const r = await fetch(s.baseUrl.replace('localhost', '127.0.0.1') + '/embedkit/v1/world');
      if (r.status !== 200) throw new Error('status ' + r.status);
      await s.close();`);
    // CommonJS packages show in the require cache, also when imported from ESM: the check sees them.
    expect(loaded).toContain('better-sqlite3');
    expect(loaded).not.toContain('pg');
    expect(loaded).not.toContain('pino-pretty');
    // --lan's certificates, QR codes and app proxies, and the MCP server, load when first used.
    for (const lazy of ['@peculiar/x509', 'reflect-metadata', 'qrcode', 'http-proxy-3', '@modelcontextprotocol/sdk'])
      expect(loaded, lazy).not.toContain(lazy);
    // Multipart audience uploads and the position of a JSON syntax error load their packages when first used.
    for (const lazy of ['multer', 'busboy', 'jsonc-parser']) expect(loaded, lazy).not.toContain(lazy);
  });
});
