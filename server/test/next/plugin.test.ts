// `embedkit/next` in an app's next.config (e2e/fixtures/next-liff-app/, the scaffolder's template):
// in `next dev` the app's `@line/liff` (and `@line/liff/core`) resolve, in both bundlers, to a module
// that installs embedkit's plugin for the server EMBEDKIT_URL names; in every other phase (`next
// build`, `next start`) the app's config comes back untouched and nothing is written. The host
// running the template end to end: e2e/integrations/next-liff.spec.ts.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liffAppDir } from '../liff-app-dir.js';
import { PHASE_DEVELOPMENT_SERVER, withEmbedkit } from '../../src/next/plugin.js';

let dir: string;
const cache = () => join(dir, 'node_modules/.cache/embedkit/next');
beforeEach(() => {
  dir = liffAppDir('embedkit-next-');
  vi.stubEnv('EMBEDKIT_URL', 'http://localhost:9123');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

type Webpack = (
  c: { resolve?: { alias?: Record<string, unknown> } },
  ctx: { dev: boolean; isServer: boolean },
) => {
  resolve?: { alias?: Record<string, unknown> };
};

describe('withEmbedkit in next dev', () => {
  it('aliases @line/liff and @line/liff/core in Turbopack, for the browser, to modules that install the plugin', async () => {
    const config = await withEmbedkit({ reactStrictMode: true }, { projectDir: dir })(PHASE_DEVELOPMENT_SERVER, {});
    expect(config.reactStrictMode).toBe(true);
    expect(config.turbopack?.resolveAlias).toEqual({
      '@line/liff': { browser: './node_modules/.cache/embedkit/next/liff.mjs' },
      '@line/liff/core': { browser: './node_modules/.cache/embedkit/next/liff-core.mjs' },
    });
    const wrapper = readFileSync(join(cache(), 'liff.mjs'), 'utf8');
    expect(wrapper).toContain('import { EmbedkitPlugin } from "./embedkit-liff.mjs";');
    // The real SDK by its file in the app's node_modules (the link kept), which no alias redirects.
    expect(wrapper).toContain('import liff from "../../../@line/liff/index.mjs";');
    expect(wrapper).toContain('liff.use(new EmbedkitPlugin({ server: "http://localhost:9123" }));');
    expect(wrapper).toContain('export { liff };');
    expect(readFileSync(join(cache(), 'liff-core.mjs'), 'utf8')).toContain('import liff from "../../../@line/liff/core/index.mjs";');
    expect(readFileSync(join(cache(), 'embedkit-liff.mjs'), 'utf8')).toContain('class EmbedkitPlugin');
  });

  it('with webpack (next dev --webpack): exact aliases in the browser compilation only, after the app’s own webpack function', async () => {
    const appWebpack = vi.fn((c: { resolve?: { alias?: Record<string, unknown> } }) => {
      c.resolve = { alias: { '@app': './src' } };
      return c;
    });
    const config = await withEmbedkit(async () => ({ webpack: appWebpack }), { projectDir: dir })(PHASE_DEVELOPMENT_SERVER, {});
    const webpack = config.webpack as unknown as Webpack;
    const browser = webpack({}, { dev: true, isServer: false });
    expect(appWebpack).toHaveBeenCalled();
    expect(browser.resolve?.alias).toMatchObject({
      '@app': './src',
      '@line/liff$': join(cache(), 'liff.mjs'),
      '@line/liff/core$': join(cache(), 'liff-core.mjs'),
    });
    // Server rendering has no host to talk to: the server compilation keeps the SDK.
    expect(webpack({}, { dev: true, isServer: true }).resolve?.alias).toEqual({ '@app': './src' });
  });

  it('an app without @line/liff is told what to install', async () => {
    rmSync(join(dir, 'node_modules/@line/liff'));
    await expect(withEmbedkit({}, { projectDir: dir })(PHASE_DEVELOPMENT_SERVER, {})).rejects.toThrow(/@line\/liff is not installed/);
  });
});

describe('withEmbedkit in next build and next start', () => {
  it('gives the app’s config back untouched and writes nothing', async () => {
    const own = { output: 'export', webpack: (c: unknown) => c };
    for (const phase of ['phase-production-build', 'phase-production-server', 'phase-export']) {
      expect(await withEmbedkit(own, { projectDir: dir })(phase, {})).toBe(own);
    }
    expect(existsSync(cache())).toBe(false);
  });

  it('a server that is not an absolute URL is refused when the config loads', () => {
    expect(() => withEmbedkit({}, { server: 'localhost' })).toThrow(TypeError);
  });
});
