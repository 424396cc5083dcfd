/**
 * The authorization flow as the host plays it (host/src/consent/flow.ts): which screen comes
 * before an app, what the person's answer does (on the phone, or given elsewhere and heard on the
 * live feed), the scopes of the sessions that follow, and the permission request screen of
 * `liff.permission.requestAll()`; over a fake server and a fake phone.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ConsentPlan, ConsentScreen } from '#contract/simulator-api/social/consents.js';
import { hostClient } from '../../src/simulator-api/client.js';
import { ConsentDenied, ConsentFlow, permissionRefusal, type ConsentDrawer } from '../../src/consent/flow.js';
import type { TappedAnswer } from '../../src/consent/screens.js';
import type { WorldApp } from '../../src/state/world.js';
import { aliceWithBob } from '../world.fixture.js';

const MINI_APP: WorldApp = {
  embedId: '1000000001-mini',
  channelId: '1000000001',
  name: 'Mini shop',
  view: { type: 'full', url: 'http://127.0.0.1:3000/' },
  scope: ['openid', 'profile', 'chat_message.write'],
  miniApp: { verified: true },
} as WorldApp;
const LIFF_APP: WorldApp = { ...MINI_APP, embedId: '1000000001-liff', name: 'Liff app', miniApp: undefined } as WorldApp;

function plan(over: Partial<ConsentPlan>): ConsentPlan {
  return {
    embedId: MINI_APP.embedId,
    channelId: '1000000001',
    miniApp: true,
    verified: true,
    simplification: true,
    simplificationWhy: 'the MINI App has the simplification on',
    appScopes: ['openid', 'profile', 'chat_message.write'],
    granted: ['openid'],
    screen: 'none',
    launchScopes: ['openid'],
    addFriend: null,
    flow: 'current',
    ...over,
  };
}

/** A server of the consent routes: the plan it answers, the screens opened, the answers given. */
function fakeServer(answerPlan: ConsentPlan) {
  const screens = new Map<string, ConsentScreen>();
  const answers: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = vi.fn(async (path: string, init?: RequestInit) => {
    const url = new URL(path, 'http://host');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname.endsWith('/consent')) return json(answerPlan);
    if (url.pathname.endsWith('/consent-screens') && init?.method === 'POST') {
      const screen: ConsentScreen = {
        screenId: `cs${screens.size + 1}`,
        kind: body.kind as ConsentScreen['kind'],
        userId: String(body.userId),
        embedId: String(body.embedId),
        channelId: '1000000001',
        appName: 'Mini shop',
        scopes: body.scopes as string[],
        addFriend: null,
        state: 'pending',
        openedAt: 0,
      };
      screens.set(screen.screenId, screen);
      return json(screen);
    }
    const answer = /\/consent-screens\/(\w+)\/answer$/.exec(url.pathname);
    if (answer) {
      const screen = screens.get(answer[1]!)!;
      answers.push(body);
      screen.state = body.answer === 'allow' ? 'allowed' : 'denied';
      return json(screen);
    }
    const one = /\/consent-screens\/(\w+)$/.exec(url.pathname);
    if (one) return json(screens.get(one[1]!));
    return json({ message: `unexpected ${path}` }, 404);
  });
  return { client: hostClient('', fetchFn), screens, answers };
}

/** A phone that records what it drew, and lets the test tap or see a screen closed. */
function fakePhone() {
  const drawn: { screen: ConsentScreen; closed: boolean; tap(answer: TappedAnswer): void }[] = [];
  const loading = vi.fn(async () => undefined);
  const drawer: ConsentDrawer = {
    screen: (screen) => {
      let tap: (a: TappedAnswer) => void = () => undefined;
      const entry = { screen, closed: false, tap: (a: TappedAnswer) => tap(a) };
      drawn.push(entry);
      return { tapped: new Promise<TappedAnswer>((r) => (tap = r)), close: () => (entry.closed = true) };
    },
    loading,
  };
  /** The screen drawn last, once it is on the phone. */
  const shown = async () => {
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    return drawn[drawn.length - 1]!;
  };
  return { drawer, drawn, loading, shown };
}

describe('opening an app', () => {
  it('a MINI App with the simplification opens with openid alone and no screen', async () => {
    const { client } = fakeServer(plan({}));
    const phone = fakePhone();
    const launch = await new ConsentFlow(client, phone.drawer).launch(aliceWithBob, MINI_APP);
    expect(launch?.scopes).toEqual(['openid']);
    expect(phone.drawn).toEqual([]);
    expect(phone.loading).not.toHaveBeenCalled();
  });

  it('shows the loading screen when the plan says so (before the 2026-08-26 change)', async () => {
    const { client } = fakeServer(plan({ screen: 'loading', flow: 'before-2026-08-26' }));
    const phone = fakePhone();
    await new ConsentFlow(client, phone.drawer).launch(aliceWithBob, MINI_APP);
    expect(phone.loading).toHaveBeenCalledWith('Mini shop', 'en');
  });

  it('the channel consent screen lists the scopes; Allow opens the app with them', async () => {
    const scopes = ['openid', 'profile', 'chat_message.write'];
    const { client, answers } = fakeServer(plan({ simplification: false, screen: 'channel-consent', launchScopes: scopes }));
    const phone = fakePhone();
    const launching = new ConsentFlow(client, phone.drawer).launch(aliceWithBob, MINI_APP);
    const screen = await phone.shown();
    expect(screen.screen).toMatchObject({ kind: 'channel-consent', scopes, userId: 'Ualice', embedId: MINI_APP.embedId });
    screen.tap({ answer: 'allow', addFriend: false });
    expect((await launching)?.scopes).toEqual(scopes);
    expect(answers).toEqual([{ answer: 'allow', addFriend: false }]);
    expect(screen.closed).toBe(true);
  });

  it('Cancel on the channel consent screen: the app does not open', async () => {
    const { client } = fakeServer(plan({ simplification: false, screen: 'channel-consent' }));
    const phone = fakePhone();
    const launching = new ConsentFlow(client, phone.drawer).launch(aliceWithBob, MINI_APP);
    (await phone.shown()).tap({ answer: 'deny' });
    await expect(launching).rejects.toBeInstanceOf(ConsentDenied);
    await expect(launching).rejects.toThrow(/did not open/);
  });

  it('an answer given elsewhere (MCP, a test) closes the screen and the app goes on', async () => {
    const { client } = fakeServer(plan({ screen: 'simplification-consent', flow: 'before-2026-08-26' }));
    const phone = fakePhone();
    const flow = new ConsentFlow(client, phone.drawer);
    const launching = flow.launch(aliceWithBob, MINI_APP);
    const screen = await phone.shown();
    flow.heard({ screenId: 'other', state: 'denied' });
    flow.heard({ screenId: screen.screen.screenId, state: 'pending' });
    expect(screen.closed).toBe(false);
    flow.heard({ screenId: screen.screen.screenId, state: 'allowed' });
    expect((await launching)?.scopes).toEqual(['openid']);
    expect(screen.closed).toBe(true);
  });

  it('a screen answered elsewhere while the live feed was down goes on when the feed opens again', async () => {
    const server = fakeServer(plan({ simplification: false, screen: 'channel-consent' }));
    const phone = fakePhone();
    const flow = new ConsentFlow(server.client, phone.drawer);
    const launching = flow.launch(aliceWithBob, MINI_APP);
    const screen = await phone.shown();
    server.screens.get(screen.screen.screenId)!.state = 'denied';
    flow.resync();
    await expect(launching).rejects.toBeInstanceOf(ConsentDenied);
    expect(screen.closed).toBe(true);
  });

  it('closing the app takes the screen away and opens nothing', async () => {
    const { client } = fakeServer(plan({ simplification: false, screen: 'channel-consent' }));
    const phone = fakePhone();
    const flow = new ConsentFlow(client, phone.drawer);
    const launching = flow.launch(aliceWithBob, MINI_APP);
    const screen = await phone.shown();
    flow.cancel();
    expect(await launching).toBeNull();
    expect(screen.closed).toBe(true);
  });

  it("a LIFF app keeps the host's rule: the Scopes control's scopes among those it registered", async () => {
    const { client } = fakeServer(
      plan({ miniApp: false, simplification: false, launchScopes: ['openid', 'profile', 'chat_message.write'] }),
    );
    const launch = await new ConsentFlow(client, fakePhone().drawer).launch({ ...aliceWithBob, scopes: ['profile'] }, LIFF_APP);
    expect(launch?.scopes).toEqual(['profile']);
  });
});

describe('the permission request screen (liff.permission.requestAll)', () => {
  it('asks for what the app registered and its token lacks; Allow: those and the granted ones', async () => {
    const { client } = fakeServer(plan({}));
    const phone = fakePhone();
    const asking = new ConsentFlow(client, phone.drawer).requestAll(aliceWithBob, MINI_APP, ['openid']);
    const screen = await phone.shown();
    expect(screen.screen).toMatchObject({ kind: 'permission-request', scopes: ['profile', 'chat_message.write'] });
    screen.tap({ answer: 'allow' });
    expect(await asking).toEqual(['openid', 'profile', 'chat_message.write']);
  });

  it("Deny rejects the app's call with 401 \"user didn't allow the agreement\" (the plugin's UNAUTHORIZED)", async () => {
    const { client } = fakeServer(plan({}));
    const phone = fakePhone();
    const asking = new ConsentFlow(client, phone.drawer).requestAll(aliceWithBob, MINI_APP, ['openid']);
    (await phone.shown()).tap({ answer: 'deny' });
    const refusal = await asking.catch(permissionRefusal);
    expect(refusal).toMatchObject({ code: '401', message: "user didn't allow the agreement" });
  });

  it('asks nothing when every permission is granted: 403 with the published text', async () => {
    const { client } = fakeServer(plan({}));
    const phone = fakePhone();
    const asking = new ConsentFlow(client, phone.drawer).requestAll(aliceWithBob, MINI_APP, ['openid', 'profile', 'chat_message.write']);
    expect(await asking.catch(permissionRefusal)).toMatchObject({ code: '403', message: 'All permissions have already been approved.' });
    expect(phone.drawn).toEqual([]);
  });
});
