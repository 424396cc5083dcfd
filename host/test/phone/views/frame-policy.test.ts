// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_SANDBOX, isNavigableUrl, SAME_ORIGIN_SANDBOX, sandboxFor } from '../../../src/phone/views/frame-policy.js';

describe('sandboxFor', () => {
  it('gives a cross-origin page its own origin', () => {
    expect(sandboxFor('http://127.0.0.1:3000/demo/app/', 'http://localhost:3000')).toBe(CROSS_ORIGIN_SANDBOX);
    expect(CROSS_ORIGIN_SANDBOX.split(' ')).toContain('allow-same-origin');
  });

  it('allows what a web view allows (dialogs, downloads), never top navigation', () => {
    for (const sandbox of [CROSS_ORIGIN_SANDBOX, SAME_ORIGIN_SANDBOX]) {
      expect(sandbox.split(' ')).toEqual(
        expect.arrayContaining(['allow-modals', 'allow-downloads', 'allow-scripts', 'allow-forms', 'allow-popups']),
      );
      expect(sandbox).not.toContain('allow-top-navigation');
    }
  });

  it("runs a page on the host's origin with an opaque origin", () => {
    expect(sandboxFor('http://localhost:3000/demo/app/', 'http://localhost:3000')).toBe(SAME_ORIGIN_SANDBOX);
    expect(SAME_ORIGIN_SANDBOX.split(' ')).not.toContain('allow-same-origin');
  });
});

describe('isNavigableUrl', () => {
  it('accepts absolute http(s) only', () => {
    expect(isNavigableUrl('https://example.com/a')).toBe(true);
    expect(isNavigableUrl('http://127.0.0.1:3000/demo/app/about.html')).toBe(true);
    expect(isNavigableUrl('javascript:alert(1)')).toBe(false);
    expect(isNavigableUrl('data:text/html,hi')).toBe(false);
    expect(isNavigableUrl('/relative')).toBe(false);
  });
});
