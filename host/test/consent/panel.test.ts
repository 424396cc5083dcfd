// @vitest-environment happy-dom
/**
 * The side panel's Consent group (host/src/consent/panel.ts): the world's flow, the chosen MINI
 * App's simplification with why, and the person's grants, each revocable; over a fake server.
 */
import { describe, expect, it, vi } from 'vitest';
import { ConsentPanel } from '../../src/consent/panel.js';
import { hostClient } from '../../src/simulator-api/client.js';
import type { World } from '../../src/state/world.js';
import { aliceWithBob, world } from '../world.fixture.js';

const MINI_WORLD: World = {
  ...world,
  apps: [{ ...world.apps[0]!, miniApp: { verified: true } } as World['apps'][number], ...world.apps.slice(1)],
};

function fakeServer() {
  let scopes = ['profile', 'chat_message.write'];
  const calls: string[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = vi.fn(async (path: string, init?: RequestInit) => {
    const url = new URL(path, 'http://host');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (url.pathname.endsWith('/consent-flow')) return json({ flow: method === 'PUT' ? 'before-2026-08-26' : 'current' });
    if (url.pathname.endsWith('/grants'))
      return json({
        userId: 'Ualice',
        grants: scopes.length ? [{ channelId: '1000000001', scopes, grantedAt: 0 }] : [],
        simplificationAgreed: false,
      });
    if (url.pathname.endsWith('/revoke')) {
      scopes = [];
      return json({ channelId: '1000000001', scopes: [], tokensRevoked: 2 });
    }
    if (url.pathname.endsWith('/apps/1000000001-demo/consent'))
      return json({ simplification: true, simplificationWhy: 'on: the switch is on' });
    if (url.pathname.endsWith('/mini-apps/1000000001-demo/consent'))
      return json({
        embedId: '1000000001-demo',
        simplification: false,
        region: 'JP',
        channelCreatedAt: '2025-12-01',
        effective: false,
        why: 'off: the switch is off',
      });
    return new Response(JSON.stringify({ message: 'unexpected' }), { status: 404 });
  });
  return { client: hostClient('', fetchFn), calls };
}

function mount() {
  const root = document.createElement('section');
  document.body.replaceChildren(root);
  const server = fakeServer();
  const panel = new ConsentPanel(root, () => MINI_WORLD, server.client);
  panel.show(aliceWithBob);
  return { root, server };
}

describe('the Consent panel', () => {
  it("lists the person's grants per channel and the MINI App's simplification with why", async () => {
    const { root } = mount();
    await vi.waitFor(() => expect(root.querySelector('#consent-grants li[data-channel-id="1000000001"]')).not.toBeNull());
    expect(root.querySelector('#consent-grants li')!.textContent).toContain('Demo channel: profile, chat_message.write');
    await vi.waitFor(() => expect(root.querySelector('#consent-why')!.textContent).toBe('on: the switch is on'));
    expect((root.querySelector('#consent-simplification') as HTMLInputElement).checked).toBe(true);
    expect((root.querySelector('#consent-mini-app') as HTMLElement).hidden).toBe(false);
  });

  it('Revoke takes every scope of the channel back and says how many tokens stopped working', async () => {
    const { root, server } = mount();
    await vi.waitFor(() => expect(root.querySelector('.consent-revoke')).not.toBeNull());
    (root.querySelector('.consent-revoke') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(root.querySelector('#consent-status')!.textContent).toContain('2 token(s)'));
    expect(server.calls).toContain('POST /embedkit/v1/users/Ualice/grants/1000000001/revoke {}');
    await vi.waitFor(() => expect(root.querySelector('#consent-grants')!.textContent).toBe('Nothing granted yet.'));
  });

  it("switches the world's flow and the MINI App's simplification", async () => {
    const { root, server } = mount();
    const flow = root.querySelector('#consent-flow') as HTMLSelectElement;
    flow.value = 'before-2026-08-26';
    flow.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(server.calls).toContain('PUT /embedkit/v1/consent-flow {"flow":"before-2026-08-26"}'));
    const box = root.querySelector('#consent-simplification') as HTMLInputElement;
    await vi.waitFor(() => expect(box.checked).toBe(true));
    box.click();
    await vi.waitFor(() => expect(server.calls).toContain('PATCH /embedkit/v1/mini-apps/1000000001-demo/consent {"simplification":false}'));
    await vi.waitFor(() => expect(root.querySelector('#consent-status')!.textContent).toContain('not in effect'));
  });
});
