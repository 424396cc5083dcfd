/**
 * The registry of message kinds is complete by construction: a kind without its view, or a view
 * without its drawing, preview line or label, does not compile (the `@ts-expect-error` cases fail
 * `npm run typecheck` the day they compile). At run time: every kind has its stylesheet in the
 * built order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../../src/phone/messages/index.js';
import type { KindRegistry, KindView } from '../../../src/phone/messages/kind.js';

describe('the message kinds', () => {
  it('cannot miss a kind, nor a kind its drawing, preview or label', () => {
    const { sticker, ...withoutSticker } = KINDS;
    // @ts-expect-error the sticker kind is missing
    const missingKind: KindRegistry = withoutSticker;
    // @ts-expect-error a kind the chat does not know
    const extraKind = { ...KINDS, poll: sticker } satisfies KindRegistry;
    const { draw, preview, label } = sticker;
    // @ts-expect-error the drawing is missing
    const noDrawing: KindView = { preview, label };
    // @ts-expect-error the preview line is missing
    const noPreview: KindView = { draw, label };
    // @ts-expect-error the label is missing
    const noLabel: KindView = { draw, preview };
    expect([missingKind, extraKind, noDrawing, noPreview, noLabel]).toHaveLength(5);
  });

  it('each have their folder, and their stylesheet is in the order the build joins them', () => {
    const build = readFileSync(new URL('../../../../scripts/build.mjs', import.meta.url), 'utf8');
    for (const kind of Object.keys(KINDS)) {
      // A folder is the kind's name in kebab case (`textV2` → `text-v2`).
      const name = kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const folder = new URL(`../../../src/phone/messages/${name}/`, import.meta.url);
      expect(existsSync(new URL('view.ts', folder)), kind).toBe(true);
      if (existsSync(new URL('style.css', folder))) expect(build, kind).toContain(`'${name}'`);
    }
  });
});
