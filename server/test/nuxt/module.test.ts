// `embedkit/nuxt` in a Nuxt 2 app's nuxt.config (e2e/fixtures/create-liff-app/nuxtjs-ts/, the
// scaffolder's template): in `nuxt dev` the client compilation's `@line/liff` (and `@line/liff/core`)
// resolve to a module that installs embedkit's plugin for the server EMBEDKIT_URL names, and the
// app's own Babel compiles those files; in `nuxt build` and in the server compilation nothing
// changes and nothing is written. The host running the template end to end:
// e2e/integrations/create-liff-app.spec.ts.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liffAppDir } from '../liff-app-dir.js';
import {
  embedkitNuxt,
  TRANSPILE_PATTERN,
  type NuxtBuildContext,
  type NuxtModuleContainer,
  type NuxtWebpackConfig,
} from '../../src/nuxt/module.js';

let dir: string;
const cache = () => join(dir, 'node_modules/.cache/embedkit/nuxt');
beforeEach(() => {
  dir = liffAppDir('embedkit-nuxt-');
  vi.stubEnv('EMBEDKIT_URL', 'http://localhost:9123');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

type Extend = (config: NuxtWebpackConfig, context: NuxtBuildContext) => void;

/** Nuxt 2's module container as `nuxt dev` (dev) or `nuxt build` hands it to a module, with the callbacks it was given. */
function container(dev: boolean): NuxtModuleContainer & { extends: Extend[] } {
  const extendsGiven: Extend[] = [];
  return {
    options: { dev, rootDir: dir, build: { transpile: ['vee-validate/dist/rules'] } },
    extendBuild: (extend) => void extendsGiven.push(extend),
    extends: extendsGiven,
  };
}

describe('embedkit/nuxt in nuxt dev', () => {
  it('aliases @line/liff and @line/liff/core, in the client compilation, to modules that install the plugin', () => {
    const nuxt = container(true);
    embedkitNuxt.call(nuxt);
    const wrapper = readFileSync(join(cache(), 'liff.js'), 'utf8');
    expect(wrapper).toContain('import { EmbedkitPlugin } from "./embedkit-liff.js";');
    // The SDK's CommonJS entry by its file: webpack 4 reads no exports map and refuses the ES module's imports.
    expect(wrapper).toContain('import liff from "../../../@line/liff/index.cjs";');
    expect(wrapper).toContain('liff.use(new EmbedkitPlugin({ server: "http://localhost:9123" }));');
    expect(readFileSync(join(cache(), 'liff-core.js'), 'utf8')).toContain('import liff from "../../../@line/liff/core/index.cjs";');
    expect(readFileSync(join(cache(), 'embedkit-liff.js'), 'utf8')).toContain('class EmbedkitPlugin');

    expect(nuxt.extends).toHaveLength(1);
    const client: NuxtWebpackConfig = { resolve: { alias: { '~': dir } } };
    nuxt.extends[0]!(client, { isClient: true, isDev: true });
    expect(client.resolve?.alias).toEqual({
      '@line/liff$': join(cache(), 'liff.js'),
      '@line/liff/core$': join(cache(), 'liff-core.js'),
      '~': dir,
    });
    const server: NuxtWebpackConfig = { resolve: { alias: {} } };
    nuxt.extends[0]!(server, { isClient: false, isDev: true });
    expect(server.resolve?.alias).toEqual({});
  });

  it('has the app’s own Babel compile the written files (webpack 4 cannot parse embedkit/liff), keeping the app’s transpile list', () => {
    const nuxt = container(true);
    embedkitNuxt.call(nuxt);
    expect(nuxt.options.build.transpile).toEqual(['vee-validate/dist/rules', TRANSPILE_PATTERN]);
    // Nuxt tests each pattern against the part of a file's path after `node_modules`.
    expect(TRANSPILE_PATTERN.test('/.cache/embedkit/nuxt/embedkit-liff.js')).toBe(true);
    expect(TRANSPILE_PATTERN.test('/@line/liff/index.cjs')).toBe(false);
    expect(TRANSPILE_PATTERN.test('/.cache/babel-loader/x.json')).toBe(false);
  });

  it('takes the server from its options over EMBEDKIT_URL, and refuses one that is not an http(s) URL', () => {
    embedkitNuxt.call(container(true), { server: 'http://127.0.0.1:8090/ignored/path' });
    expect(readFileSync(join(cache(), 'liff.js'), 'utf8')).toContain('{ server: "http://127.0.0.1:8090" }');
    expect(() => embedkitNuxt.call(container(true), { server: 'localhost:8090' })).toThrow(TypeError);
    expect(() => embedkitNuxt.call(container(true), { server: 'not a url' })).toThrow(TypeError);
  });

  it('says what to install when the app has no @line/liff', () => {
    rmSync(join(dir, 'node_modules/@line/liff'));
    expect(() => embedkitNuxt.call(container(true))).toThrow(/@line\/liff is not installed in .* \(npm install @line\/liff\)/);
  });
});

describe('embedkit/nuxt in nuxt build', () => {
  it('changes nothing and writes nothing', () => {
    const nuxt = container(false);
    embedkitNuxt.call(nuxt);
    expect(nuxt.extends).toEqual([]);
    expect(nuxt.options.build.transpile).toEqual(['vee-validate/dist/rules']);
    expect(existsSync(cache())).toBe(false);
  });
});
