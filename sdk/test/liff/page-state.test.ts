// @vitest-environment happy-dom
/**
 * The page's report of itself to the host (`pageState`): its title and address once the bridge is
 * up and again when the `<title>` changes, as text; nothing new, nothing sent.
 */
import { describe, expect, it, vi } from 'vitest';
import { followPage } from '../../src/liff/page-state.js';
import { pageStateProblem } from '../../../host/src/app/bridge/wire.js';

describe('the page’s report to the host', () => {
  it('tells the title and address at once and on every change of the <title>, never twice the same', async () => {
    document.head.innerHTML = '<title>Shop</title>';
    const pageState = vi.fn(async () => undefined);
    followPage({ pageState });
    expect(pageState).toHaveBeenCalledTimes(1);
    expect(pageState).toHaveBeenLastCalledWith({ title: 'Shop', url: location.href, canGoBack: false });

    document.title = '<b>Cart</b> (2)';
    await vi.waitFor(() => expect(pageState).toHaveBeenCalledTimes(2));
    expect(pageState).toHaveBeenLastCalledWith({ title: '<b>Cart</b> (2)', url: location.href, canGoBack: false });
    document.head.append(document.createElement('meta'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pageState).toHaveBeenCalledTimes(2);
    // Every report passes the host's own check of the wire.
    for (const [state] of pageState.mock.calls as unknown as [unknown][]) expect(pageStateProblem(state)).toBe('');
  });

  it('is refused by the host when it is not a title, an http(s) address and a boolean', () => {
    expect(pageStateProblem({ title: 'x'.repeat(201), url: 'https://a.test/', canGoBack: false })).toMatch(/title/);
    expect(pageStateProblem({ title: 'x', url: 'javascript:alert(1)', canGoBack: false })).toMatch(/url/);
    expect(pageStateProblem({ title: 'x', url: 'https://a.test/', canGoBack: 'yes' })).toMatch(/canGoBack/);
    expect(pageStateProblem(null)).toMatch(/object/);
  });
});
