/**
 * `liff.permission` and the permission check before `getProfile`, `getFriendship` and
 * `sendMessages`, as `@line/liff` 2.31's `@liff/permission` decides them (query, requestAll,
 * attachChecker), over a session the host answered and a fake bridge standing for the host's
 * permission request screen.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LiffScope, LiffSession } from '#contract/bridge/protocol.js';
import { LiffError } from '../../src/liff/errors.js';
import type { MemberKit } from '../../src/liff/members/kit.js';
import { messengerMembers } from '../../src/liff/members/messenger.js';
import { permissionMember } from '../../src/liff/members/permission.js';
import { createState } from '../../src/liff/state.js';

/** A session of an app registered with `registered`, whose token carries `granted`; `simplification`: the host permits skipChannelVerificationScreen. */
function session(registered: LiffScope[], granted: LiffScope[], simplification: boolean): LiffSession {
  return {
    context: {
      type: 'utou',
      utouId: 'chat1',
      userId: 'U1',
      liffId: '1650000001-app',
      endpointUrl: 'https://app.example/',
      viewType: 'full',
      accessTokenHash: 'x',
      scope: registered,
      availability: { skipChannelVerificationScreen: { permission: simplification, minVer: '11.20.0' } },
    },
    os: 'ios',
    language: 'en',
    lineVersion: '15.12.0',
    accessToken: 'token',
    grantedScopes: granted,
    hostUrl: 'http://localhost:8080/',
  };
}

/** The members over `start`, with `answers` for the bridge calls (a function throws or answers). */
function kitOf(start: LiffSession, answers: Record<string, (...args: unknown[]) => unknown>) {
  const state = createState('http://localhost:8080');
  state.session = start;
  state.host = {} as never;
  const calls: string[] = [];
  const bridge = vi.fn(async (method: string, args: unknown[]) => {
    calls.push(method);
    const answer = answers[method];
    if (!answer) throw new Error(`unexpected bridge call ${method}`);
    return answer(...args);
  });
  const kit = {
    state,
    bridge,
    loggedIn: () => state.session!,
    inClientOnly: () => state.session!,
    os: () => 'ios',
    lineVersion: () => state.session?.lineVersion ?? null,
    environment: () => ({
      availability: state.session?.context.availability,
      lineVersion: state.session?.lineVersion ?? null,
      inClient: true,
      loggedIn: true,
      os: 'ios' as const,
    }),
  } as unknown as MemberKit;
  return { state, calls, permission: permissionMember(kit), messenger: messengerMembers(kit) };
}

const PROFILE = { userId: 'U1', displayName: 'Alice' };
const denied = () => {
  throw new LiffError('401', "user didn't allow the agreement");
};

describe('permission.query', () => {
  it('answers granted, prompt or unavailable from the registered and the granted scopes', async () => {
    const { permission } = kitOf(session(['openid', 'profile'], ['openid'], true), {});
    expect(await permission.query('openid')).toEqual({ state: 'granted' });
    expect(await permission.query('profile')).toEqual({ state: 'prompt' });
    expect(await permission.query('chat_message.write')).toEqual({ state: 'unavailable' });
    expect(await permission.query('email')).toEqual({ state: 'unavailable' });
  });

  it('rejects a name it does not know with the published INVALID_ARGUMENT', async () => {
    const { permission } = kitOf(session(['openid'], ['openid'], true), {});
    await expect(permission.query('friends' as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'Unexpected permission name.',
    });
  });
});

describe('permission.requestAll', () => {
  it('is FORBIDDEN when the channel consent simplification is not in effect', async () => {
    const { permission, calls } = kitOf(session(['openid', 'profile'], ['openid'], false), {});
    await expect(permission.requestAll()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'SkipChannelVerificationScreen is unavailable.',
    });
    expect(calls).toEqual([]);
  });

  it('is FORBIDDEN when every registered permission is granted, without a screen', async () => {
    const { permission, calls } = kitOf(session(['openid', 'profile'], ['openid', 'profile'], true), {});
    await expect(permission.requestAll()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'All permissions have already been approved.',
    });
    expect(calls).toEqual([]);
  });

  it('Allow: the new session (token and grants) is what the app reads from then on', async () => {
    const after = session(['openid', 'profile'], ['openid', 'profile'], true);
    const { permission, state } = kitOf(session(['openid', 'profile'], ['openid'], true), { liffRequestAll: () => after });
    await permission.requestAll();
    expect(state.session).toBe(after);
    expect(await permission.getGrantedAll()).toEqual(['openid', 'profile']);
    expect(await permission.query('profile')).toEqual({ state: 'granted' });
  });

  it('Deny rejects UNAUTHORIZED "user didn\'t allow the agreement" and leaves query at prompt', async () => {
    const { permission } = kitOf(session(['openid', 'profile'], ['openid'], true), { liffRequestAll: denied });
    await expect(permission.requestAll()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: "user didn't allow the agreement" });
    expect(await permission.query('profile')).toEqual({ state: 'prompt' });
  });
});

describe('the permission check before getProfile, getFriendship and sendMessages', () => {
  it('brings the permission request screen when profile is at prompt, then gets the profile', async () => {
    const after = session(['openid', 'profile'], ['openid', 'profile'], true);
    const { messenger, calls } = kitOf(session(['openid', 'profile'], ['openid'], true), {
      liffRequestAll: () => after,
      getProfile: () => PROFILE,
    });
    expect(await messenger.getProfile()).toEqual(PROFILE);
    expect(calls).toEqual(['liffRequestAll', 'getProfile']);
  });

  it('Deny on that screen rejects getProfile UNAUTHORIZED, and the profile is never asked for', async () => {
    const { messenger, calls } = kitOf(session(['openid', 'profile'], ['openid'], true), {
      liffRequestAll: denied,
      getProfile: () => PROFILE,
    });
    await expect(messenger.getProfile()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: "user didn't allow the agreement" });
    expect(calls).toEqual(['liffRequestAll']);
  });

  it('asks nothing once granted, and refuses a scope the app did not register with FORBIDDEN', async () => {
    const { messenger, calls } = kitOf(session(['openid', 'profile'], ['openid', 'profile'], true), { getProfile: () => PROFILE });
    expect(await messenger.getProfile()).toEqual(PROFILE);
    await expect(messenger.sendMessages([{ type: 'text', text: 'hi' }])).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'The permission is not in LIFF app scope.',
    });
    expect(calls).toEqual(['getProfile']);
  });

  it('without the simplification, a prompt goes straight to the call (the platform answers as the token allows)', async () => {
    const { messenger, calls } = kitOf(session(['openid', 'profile', 'chat_message.write'], ['openid'], false), {
      liffFriendship: () => ({ friendFlag: false }),
      sendMessages: () => undefined,
    });
    expect(await messenger.getFriendship()).toEqual({ friendFlag: false });
    await messenger.sendMessages([{ type: 'text', text: 'hi' }]);
    expect(calls).toEqual(['liffFriendship', 'sendMessages']);
  });

  it('skips the screen when the last argument is {ignorePermissionCheck: true}, and drops it', async () => {
    const { messenger, calls } = kitOf(session(['openid', 'chat_message.write'], ['openid'], true), { sendMessages: (m) => m });
    const send = messenger.sendMessages as unknown as (...args: unknown[]) => Promise<void>;
    await send([{ type: 'text', text: 'hi' }], { ignorePermissionCheck: true });
    expect(calls).toEqual(['sendMessages']);
  });
});
