/** The platform's own URLs of an app that the host opens itself (`host/src/app/liff/liff-urls.ts`). */
import { describe, expect, it } from 'vitest';
import { liffUrlTarget } from '../../../src/app/liff/liff-urls.js';
import type { WorldApp } from '../../../src/state/world.js';

const view = { type: 'full' as const, url: 'https://app.test/' };
const APPS: WorldApp[] = [
  {
    embedId: '1650000001-liffapp1',
    channelId: '1650000001',
    name: 'Mini',
    view,
    miniApp: { verified: true, stage: 'published', customPath: 'cony_coffee' },
  },
  {
    embedId: '1650000002-unverif1',
    channelId: '1650000002',
    name: 'Unverified',
    view,
    miniApp: { verified: false, stage: 'developing', customPath: 'not_yet' },
  },
  { embedId: '1650000003-liffonly', channelId: '1650000003', name: 'LIFF', view },
];

describe('an app’s platform URL', () => {
  it('opens the MINI App by its LIFF ID on miniapp.line.me and liff.line.me, the page below it in liff.state', () => {
    expect(liffUrlTarget('https://miniapp.line.me/1650000001-liffapp1', APPS)).toEqual({ embedId: '1650000001-liffapp1' });
    expect(liffUrlTarget('https://miniapp.line.me/1650000001-liffapp1/shop?search=shoes#item10', APPS)).toEqual({
      embedId: '1650000001-liffapp1',
      liffState: '/shop?search=shoes#item10',
    });
    expect(liffUrlTarget('https://liff.line.me/1650000003-liffonly?x=1', APPS)).toEqual({
      embedId: '1650000003-liffonly',
      liffState: '/?x=1',
    });
  });

  it('opens a verified MINI App by its Custom Path, on miniapp.line.me only', () => {
    expect(liffUrlTarget('https://miniapp.line.me/cony_coffee/menu', APPS)).toEqual({ embedId: '1650000001-liffapp1', liffState: '/menu' });
    expect(liffUrlTarget('https://liff.line.me/cony_coffee', APPS)).toBeNull();
    expect(liffUrlTarget('https://miniapp.line.me/not_yet', APPS)).toBeNull();
  });

  it('is not one for another site, an unknown ID or no ID', () => {
    expect(liffUrlTarget('https://example.com/1650000001-liffapp1', APPS)).toBeNull();
    expect(liffUrlTarget('https://miniapp.line.me/1650000009-nothere', APPS)).toBeNull();
    expect(liffUrlTarget('https://miniapp.line.me/', APPS)).toBeNull();
    expect(liffUrlTarget('not a url', APPS)).toBeNull();
  });
});
