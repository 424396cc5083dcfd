// `embedkit/vite` in an app's vite.config (e2e/fixtures/vite-liff-app/, its code knowing nothing of
// embedkit): while Vite serves it, the app's `import liff from '@line/liff'` gets @line/liff with
// embedkit's plugin installed, talking to the server EMBEDKIT_URL names; `vite build` ships
// @line/liff alone, nothing of embedkit. The host running it end to end: e2e/integrations/vite-liff.spec.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_LIFF_ID, makeViteLiffApp, removeViteLiffApp } from '../../../e2e/integrations/vite-liff-app.js';

let dir: string;
beforeAll(() => {
  dir = makeViteLiffApp();
});
afterAll(() => removeViteLiffApp(dir));

/** The JavaScript a browser gets for `path` from the dev server. */
async function served(base: string, path: string): Promise<{ status: number; code: string }> {
  const res = await fetch(new URL(path, base));
  return { status: res.status, code: await res.text() };
}

describe('embedkit() in vite serve', () => {
  let server: ViteDevServer;
  let base: string;
  beforeAll(async () => {
    vi.stubEnv('EMBEDKIT_URL', 'http://localhost:9123');
    server = await createServer({ root: dir, logLevel: 'silent', server: { port: 0, host: 'localhost' } });
    await server.listen();
    base = server.resolvedUrls!.local[0]!;
  });
  afterAll(async () => {
    await server.close();
    vi.unstubAllEnvs();
  });

  it('the app’s own import of @line/liff gets @line/liff with EmbedkitPlugin installed for the server EMBEDKIT_URL names', async () => {
    const main = await served(base, '/main.js');
    expect(main.status).toBe(200);
    const liffImport = /import liff from "([^"]+)"/.exec(main.code)?.[1];
    expect(liffImport).toBeDefined();
    const liff = await served(base, liffImport!);
    expect(liff.status).toBe(200);
    expect(liff.code).toContain('liff.use(new EmbedkitPlugin({ server: "http://localhost:9123" }));');
    expect(liff.code).toContain('export default liff;');
    // Both modules it imports are served: embedkit's plugin (outside the app's folder: a linked
    // embedkit) first, then the app's pre-bundled @line/liff.
    const imports = [...liff.code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    expect(imports).toHaveLength(2);
    expect(imports[0]).toMatch(/sdk\/dist\/liff\.mjs$/);
    expect(imports[1]).toMatch(/@line_liff\.js/);
    for (const path of imports) expect((await served(base, path)).status, path).toBe(200);
    expect((await served(base, imports[0]!)).code).toContain('class EmbedkitPlugin');
  });

  it('the app keeps its LIFF ID from .env', async () => {
    expect((await served(base, '/main.js')).code).toContain(`"VITE_LIFF_ID": "${FIXTURE_LIFF_ID}"`);
  });
});

describe('embedkit() in vite build', () => {
  it('the production bundle holds the app and @line/liff, nothing of embedkit', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'embedkit-vite-build-'));
    try {
      await build({ root: dir, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      const text = files.map((f) => readFileSync(join(f.parentPath, f.name), 'utf8')).join('\n');
      expect(text).toContain('LIFF init succeeded.');
      expect(text).toContain(FIXTURE_LIFF_ID);
      // @line/liff's own endpoints: the SDK is bundled as the app wrote it.
      expect(text).toContain('liff/v2/apps');
      expect(text).not.toMatch(/embedkit/i);
      expect(text).not.toContain('liffInit');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
