// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { appLinkEmbedId, mediaSrc, safeColor, uriTarget } from '../../src/shared/safe.js';
import { linkify } from '../../src/phone/messages/text/view.js';

describe('safeColor', () => {
  it('takes #RRGGBB and #RRGGBBAA only', () => {
    expect(safeColor('#00ff00')).toBe('#00ff00');
    expect(safeColor('#00FF0080')).toBe('#00FF0080');
    for (const bad of ['red', '#fff', '#00ff00;', 'rgb(0,0,0)', '#00ff00 !important', 'var(--x)', 42, null])
      expect(safeColor(bad)).toBeUndefined();
  });
});

describe('mediaSrc', () => {
  it('loads absolute http(s) URLs only', () => {
    expect(mediaSrc('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(mediaSrc('http://localhost:8080/x.png')).toBe('http://localhost:8080/x.png');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'blob:https://x/1',
      '/relative.png',
      'file:///etc/passwd',
      '',
      7,
    ])
      expect(mediaSrc(bad)).toBeUndefined();
  });

  it('resolves sample media to the built-in files, with or without an imagemap width', () => {
    expect(mediaSrc('https://embedkit.invalid/samples/photo-city')).toBe('/host/samples/photo-city.svg');
    expect(mediaSrc('https://embedkit.invalid/samples/imagemap/1040')).toBe('/host/samples/imagemap.svg');
    expect(mediaSrc('https://embedkit.invalid/samples/../../etc')).toBeUndefined();
    expect(mediaSrc('https://embedkit.invalid/samples/unknown')).toBeUndefined();
  });
});

describe('uriTarget', () => {
  it('follows http, https, tel and the app scheme; blocks the rest', () => {
    expect(uriTarget('https://example.com/a?b=1')).toEqual({ kind: 'web', url: 'https://example.com/a?b=1' });
    expect(uriTarget('tel:+81-3-1234-5678')).toEqual({ kind: 'tel', number: '+81-3-1234-5678' });
    expect(uriTarget('embedkit://app/1650000001-demoapp1')).toEqual({ kind: 'app', url: 'embedkit://app/1650000001-demoapp1' });
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<b>',
      'file:///x',
      'intent://x',
      'relative/path',
      '',
    ]) {
      expect(uriTarget(bad).kind).toBe('blocked');
    }
  });

  it('reads the embedded app of an app link', () => {
    expect(appLinkEmbedId('embedkit://app/1650000001-demoapp1?x=1')).toBe('1650000001-demoapp1');
    expect(appLinkEmbedId('embedkit://other/1')).toBeUndefined();
  });
});

describe('linkify', () => {
  it('links http(s) URLs, leaving sentence punctuation outside', () => {
    expect(linkify('see https://example.com/docs. Or (https://example.com/a_(b)) now')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/docs', url: 'https://example.com/docs' },
      { text: '. Or (' },
      { text: 'https://example.com/a_(b)', url: 'https://example.com/a_(b)' },
      { text: ') now' },
    ]);
  });

  it('does not link other schemes', () => {
    expect(linkify('javascript:alert(1) ftp://x')).toEqual([{ text: 'javascript:alert(1) ftp://x' }]);
  });
});
