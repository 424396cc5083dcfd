// The side panels load when they come into view: the script's phone layout is the stylesheet's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHONE_LAYOUT } from '../../src/shell/on-a-phone.js';

describe('PHONE_LAYOUT', () => {
  it('is the media query under which host/static/phone.css puts the panels in a drawer', () => {
    const css = readFileSync(new URL('../../static/phone.css', import.meta.url), 'utf8');
    const queries = [...css.matchAll(/@media ([^{]+)\{/g)].map((m) => m[1]!.trim());
    expect(queries).toContain(PHONE_LAYOUT);
  });
});
