// @vitest-environment happy-dom
/**
 * The SDK's own channel to the LINE app (`_call`, `_postMessage`, `_dispatchEvent`,
 * `_addListener`, `_removeListener` of `@line/liff` 2.31): with embedkit's plugin there is no
 * native app behind it, so each refuses with the published `FORBIDDEN` instead of waiting for an
 * answer that never comes (docs/guide/liff.md, "What is refused").
 */
import liff from '@line/liff';
import { describe, expect, it } from 'vitest';
import { EmbedkitPlugin } from '../../src/liff/plugin.js';

type Bridge = {
  use(plugin: unknown): unknown;
  _call(...args: unknown[]): Promise<unknown>;
  _postMessage(...args: unknown[]): unknown;
  _dispatchEvent(...args: unknown[]): unknown;
  _addListener(...args: unknown[]): unknown;
  _removeListener(...args: unknown[]): unknown;
};
const sdk = liff as unknown as Bridge;

describe("the native bridge of @line/liff's Liff, with the plugin", () => {
  it('refuses every member with FORBIDDEN', async () => {
    sdk.use(new EmbedkitPlugin());
    await expect(sdk._call('getProfile', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    for (const sync of ['_postMessage', '_dispatchEvent', '_addListener', '_removeListener'] as const) {
      expect(() => sdk[sync]('event', () => undefined), sync).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    }
  });
});
