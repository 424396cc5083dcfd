// @vitest-environment happy-dom
/**
 * The pluggable SDK (`@line/liff/core` 2.31, a method per module the app adds): with embedkit's
 * plugin, a module added before or after the plugin is answered by the host, not by the LIFF server
 * through the SDK's own module; a method whose module the app did not add reads undefined, as it
 * does without the plugin. (What the host answers through them: e2e/integrations/vite-liff.spec.ts.)
 */
import liff from '@line/liff/core';
import GetOS from '@line/liff/get-os';
import GetProfile from '@line/liff/get-profile';
import IsInClient from '@line/liff/is-in-client';
import { describe, expect, it } from 'vitest';
import { EmbedkitPlugin } from '../../src/liff/plugin.js';

type Sdk = Record<string, unknown> & { use(plugin: unknown): unknown; getProfile(): Promise<unknown> };
const sdk = liff as unknown as Sdk;

describe('@line/liff/core with the plugin', () => {
  it('keeps the host’s methods whatever the order of liff.use, and leaves out the modules not added', async () => {
    sdk.use(new GetOS());
    sdk.use(new EmbedkitPlugin());
    sdk.use(new GetProfile());
    // Before init, the plugin's answer: the SDK's own module would first ask the LIFF server for
    // the token's scopes.
    await expect(sdk.getProfile()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(typeof sdk.getOS).toBe('function');
    expect(sdk.scanCodeV2).toBeUndefined();
    expect(sdk.sendMessages).toBeUndefined();
    // A module added later appears then, and is the host's: outside the host, not in the client.
    expect(sdk.isInClient).toBeUndefined();
    sdk.use(new IsInClient());
    expect((sdk.isInClient as () => boolean)()).toBe(false);
  });
});
