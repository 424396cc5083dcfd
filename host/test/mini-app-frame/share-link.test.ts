/**
 * The link the MINI App header's Share sends: the permanent link of the page open now, the MINI
 * App's own `miniapp.line.me` URL (its Custom Path when verified), or for another app the host
 * page with `app` and `liff.state`.
 */
import { describe, expect, it } from 'vitest';
import { shareLinkOf } from '../../src/mini-app-frame/share-link.js';

const HOST = 'http://localhost:4000/?user=U1&app=other#x';
const ENDPOINT = 'http://127.0.0.1:4000/demo/liff-app/';
const APP = { embedId: 'A-1' };

describe('the shared link', () => {
  it('carries the page below the endpoint, with its query and hash, in liff.state', () => {
    expect(shareLinkOf(HOST, APP, ENDPOINT, 'http://127.0.0.1:4000/demo/liff-app/shop?item=7#top')).toBe(
      'http://localhost:4000/?app=A-1&liff.state=%2Fshop%3Fitem%3D7%23top',
    );
  });

  it('is the app’s own link for its top page, an unknown page, or a page outside the endpoint', () => {
    const top = 'http://localhost:4000/?app=A-1';
    expect(shareLinkOf(HOST, APP, ENDPOINT, ENDPOINT)).toBe(top);
    expect(shareLinkOf(HOST, APP, ENDPOINT)).toBe(top);
    expect(shareLinkOf(HOST, APP, ENDPOINT, 'http://127.0.0.1:4000/elsewhere/')).toBe(top);
    expect(shareLinkOf(HOST, APP, ENDPOINT, 'https://evil.example/demo/liff-app/x')).toBe(top);
  });

  it('is the MINI App’s miniapp.line.me URL, its Custom Path only while verified, with the page after it', () => {
    const page = 'http://127.0.0.1:4000/demo/liff-app/shop?item=7#top';
    expect(shareLinkOf(HOST, { embedId: 'A-1', miniApp: { verified: true, customPath: 'cony_shop' } }, ENDPOINT, page)).toBe(
      'https://miniapp.line.me/cony_shop/shop?item=7#top',
    );
    expect(shareLinkOf(HOST, { embedId: 'A-1', miniApp: { verified: false, customPath: 'cony_shop' } }, ENDPOINT, page)).toBe(
      'https://miniapp.line.me/A-1/shop?item=7#top',
    );
    expect(shareLinkOf(HOST, { embedId: 'A-1', miniApp: { verified: true } }, ENDPOINT, ENDPOINT)).toBe('https://miniapp.line.me/A-1');
  });
});
