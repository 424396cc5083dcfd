import { describe, expect, it } from 'vitest';
import { LIFF_COVERAGE, type Coverage } from '../../src/liff/index.js';
import type { Liff } from '../../src/liff/liff-types.js';

/** The compile-time check of the plugin, as a type: every member of `Liff`, each served, refused or kept. */
type Complete = Record<keyof Liff, Coverage>;

describe("the plugin covers @line/liff's Liff", () => {
  it('names every member of Liff, and nothing else (checked by the compiler)', () => {
    const { getOS: _dropped, ...withoutGetOS } = LIFF_COVERAGE;
    // @ts-expect-error a member of Liff that is neither served nor refused does not compile
    const missing: Complete = withoutGetOS;
    // @ts-expect-error a member Liff does not have does not compile either
    const extra: Complete = { ...LIFF_COVERAGE, notALiffMethod: 'served' };
    // @ts-expect-error Liff's types are real (not any): getOS is a function
    const notAny: Liff['getOS'] = 5;
    expect(Object.keys(missing)).not.toContain('getOS');
    expect(extra).toBeDefined();
    expect(notAny).toBe(5);
  });

  it('serves what a local client can do and refuses the rest', () => {
    const served = Object.entries(LIFF_COVERAGE)
      .filter(([, c]) => c === 'served')
      .map(([k]) => k);
    expect(served).toEqual(
      expect.arrayContaining(['init', 'getContext', 'getAccessToken', 'getIDToken', 'sendMessages', 'permanentLink', 'permission']),
    );
    expect(LIFF_COVERAGE.iap).toBe('served');
    expect(LIFF_COVERAGE.calendar).toBe('served');
    expect(LIFF_COVERAGE.activity).toBe('served');
    expect(LIFF_COVERAGE.createShortcutOnHomeScreen).toBe('served');
    expect(LIFF_COVERAGE.internalCreateShortcutOnHomeScreen).toBe('refused');
    expect(LIFF_COVERAGE.getAdvertisingId).toBe('refused');
  });
});
