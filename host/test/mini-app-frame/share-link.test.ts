/**
 * The link the MINI App header's Share sends: the permanent link of the page open now, as
 * `liff.permanentLink.createUrl()` makes it in embedkit (the host page, `app`, `liff.state`).
 */
import { describe, expect, it } from 'vitest';
import { shareLinkOf } from '../../src/mini-app-frame/share-link.js';

const HOST = 'http://localhost:4000/?user=U1&app=other#x';
const ENDPOINT = 'http://127.0.0.1:4000/demo/liff-app/';

describe('the shared link', () => {
  it('carries the page below the endpoint, with its query and hash, in liff.state', () => {
    expect(shareLinkOf(HOST, 'A-1', ENDPOINT, 'http://127.0.0.1:4000/demo/liff-app/shop?item=7#top')).toBe(
      'http://localhost:4000/?app=A-1&liff.state=%2Fshop%3Fitem%3D7%23top',
    );
  });

  it('is the app’s own link for its top page, an unknown page, or a page outside the endpoint', () => {
    const top = 'http://localhost:4000/?app=A-1';
    expect(shareLinkOf(HOST, 'A-1', ENDPOINT, ENDPOINT)).toBe(top);
    expect(shareLinkOf(HOST, 'A-1', ENDPOINT)).toBe(top);
    expect(shareLinkOf(HOST, 'A-1', ENDPOINT, 'http://127.0.0.1:4000/elsewhere/')).toBe(top);
    expect(shareLinkOf(HOST, 'A-1', ENDPOINT, 'https://evil.example/demo/liff-app/x')).toBe(top);
  });
});
