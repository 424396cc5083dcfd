// @vitest-environment happy-dom
/**
 * `liff.shareTargetPicker()` outside the host (`sdk/src/liff/normal-tab/share-target-picker.ts` and the
 * member in `sdk/src/liff/members/screens.ts`): the published refusals before the pop-up, the pop-up and its
 * ticket, the exchange with the picker page (only the pop-up, only the server's origin), and the
 * published results.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiAvailable } from '../../src/liff/rules/availability.js';
import { memberKit } from '../../src/liff/members/kit.js';
import { screenMembers } from '../../src/liff/members/screens.js';
import { PICKER_MESSAGE_TYPE, pickerUrl, popupFeatures, readPickerReply } from '../../src/liff/normal-tab/share-target-picker.js';
import { createState, type State } from '../../src/liff/state.js';

const SERVER = 'http://localhost:8080';
const LIFF_ID = '1650000001-liffapp1';
const TEXT = [{ type: 'text', text: 'hello' }];

/** A pop-up as `window.open` gives it: what the app posts to it, and its address. */
function fakePopup() {
  return {
    closed: false,
    location: { href: '' },
    postMessage: vi.fn(),
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
  };
}

function loggedInState(): State {
  const state = createState(SERVER);
  state.initialized = true;
  state.liffId = LIFF_ID;
  state.web = { accessToken: 'at', scope: ['profile', 'chat_message.write', 'openid'], expiresAt: Date.now() + 3600_000 };
  return state;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ ott: 'ticket-1' }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the picker page's messages", () => {
  const popup = {};
  const reply = (over: Partial<{ source: unknown; origin: string; data: unknown }>) =>
    readPickerReply(
      { source: popup, origin: SERVER, data: { type: PICKER_MESSAGE_TYPE, name: 'receivedHealthcheck' }, ...over },
      popup,
      SERVER,
    );

  it('are read only from the pop-up, on the server origin, with the picker type', () => {
    expect(reply({})).toEqual({ name: 'receivedHealthcheck' });
    expect(reply({ source: {} })).toBeNull();
    expect(reply({ origin: 'http://127.0.0.1:8080' })).toBeNull();
    expect(reply({ data: { type: 'other', name: 'receivedHealthcheck' } })).toBeNull();
    expect(reply({ data: null })).toBeNull();
  });

  it('carry the result: success, cancel, or a failure with its reason; anything else is ignored', () => {
    const result = (body: unknown) => reply({ data: { type: PICKER_MESSAGE_TYPE, name: 'result', body } });
    expect(result({ status: 'success' })).toEqual({ name: 'result', result: { status: 'success' } });
    expect(result({ status: 'cancel' })).toEqual({ name: 'result', result: { status: 'cancel' } });
    expect(result({ status: 'failure', message: 'no' })).toEqual({ name: 'result', result: { status: 'failure', message: 'no' } });
    expect(result({ status: 'maybe' })).toBeNull();
  });

  it('name the page by the platform picker path on the server, and the pop-up as the published SDK sizes it', () => {
    expect(pickerUrl(SERVER, LIFF_ID, 'a b')).toBe(`${SERVER}/oauth2/v2.1/liff/shareTargetPicker?liffId=${LIFF_ID}&ott=a+b`);
    expect(popupFeatures('web', 'Mozilla/5.0')).toContain('width=480, height=640');
    expect(popupFeatures('ios', 'Mozilla/5.0 (iPhone)')).toBeUndefined();
    expect(popupFeatures('ios', 'Mozilla/5.0 (iPad)')).toContain('width=480');
  });
});

describe('liff.shareTargetPicker in a normal tab', () => {
  it('rejects UNAUTHORIZED before login, and opens nothing', async () => {
    const open = vi.spyOn(window, 'open');
    const state = createState(SERVER);
    state.initialized = true;
    state.liffId = LIFF_ID;
    await expect(screenMembers(memberKit(state)).shareTargetPicker(TEXT as never)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Need access_token for api call, Please login first',
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('is available once logged in, as the published rule answers in an external browser', () => {
    expect(isApiAvailable('shareTargetPicker', memberKit(loggedInState()).environment())).toBe(true);
    expect(isApiAvailable('shareTargetPicker', memberKit(createState(SERVER)).environment())).toBe(false);
  });

  it("refuses messages by the host's rule before any pop-up", async () => {
    const open = vi.spyOn(window, 'open');
    const pick = screenMembers(memberKit(loggedInState())).shareTargetPicker;
    for (const messages of [[], Array.from({ length: 6 }, () => TEXT[0])])
      await expect(pick(messages as never)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: 'liff.shareTargetPicker: messages must be an array of 1 to 5 message objects',
      });
    expect(open).not.toHaveBeenCalled();
  });

  it('rejects CREATE_SUBWINDOW_FAILED when the browser blocks the pop-up, as the published SDK', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(screenMembers(memberKit(loggedInState())).shareTargetPicker(TEXT as never)).rejects.toMatchObject({
      code: 'CREATE_SUBWINDOW_FAILED',
      message: '',
    });
  });

  it('opens the picker with a ticket of the token, hands it the messages, and resolves success', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = screenMembers(memberKit(loggedInState())).shareTargetPicker(TEXT as never, { isMultiple: false });
    // The pop-up opens in the call itself (the person's click), before the ticket's request.
    expect(open).toHaveBeenCalledWith('', 'liffpopup', expect.stringContaining('width=480'));
    await vi.waitFor(() => expect(popup.location.href).toBe(pickerUrl(SERVER, LIFF_ID, 'ticket-1')));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe(`${SERVER}/liff/v2/apps/${LIFF_ID}/ott`);
    expect(init.headers).toEqual({ Authorization: 'Bearer at' });

    const say = (data: unknown, source: unknown = popup, origin = SERVER) =>
      window.dispatchEvent(withSource(new MessageEvent('message', { data, origin }), source));
    // Another window's word counts for nothing.
    say({ type: PICKER_MESSAGE_TYPE, name: 'result', body: { status: 'success' } }, {});
    say({ type: PICKER_MESSAGE_TYPE, name: 'receivedHealthcheck' });
    expect(popup.postMessage).toHaveBeenCalledWith(
      { type: PICKER_MESSAGE_TYPE, name: 'ready', body: { messages: TEXT, isMultiple: false } },
      SERVER,
    );
    say({ type: PICKER_MESSAGE_TYPE, name: 'result', body: { status: 'success' } });
    await expect(result).resolves.toEqual({ status: 'success' });
  });

  it('resolves false when the person cancels or closes the pop-up, and rejects a failed send', async () => {
    for (const end of ['cancel', 'close', 'failure'] as const) {
      const popup = fakePopup();
      vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
      const result = screenMembers(memberKit(loggedInState())).shareTargetPicker(TEXT as never);
      await vi.waitFor(() => expect(popup.location.href).not.toBe(''));
      if (end === 'close') popup.closed = true;
      else {
        const body = end === 'cancel' ? { status: 'cancel' } : { status: 'failure', message: 'messages[0].text: must be specified' };
        window.dispatchEvent(
          withSource(new MessageEvent('message', { data: { type: PICKER_MESSAGE_TYPE, name: 'result', body }, origin: SERVER }), popup),
        );
      }
      if (end === 'failure')
        await expect(result).rejects.toMatchObject({
          code: 'EXCEPTION_IN_SUBWINDOW',
          message: expect.stringContaining('must be specified'),
        });
      else await expect(result).resolves.toBe(false);
    }
  });
});

describe('a second call while the picker is open', () => {
  it('ends the first with false and closes its pop-up, as the published SDK keeps one picker', async () => {
    const first = fakePopup();
    const second = fakePopup();
    vi.spyOn(window, 'open')
      .mockReturnValueOnce(first as unknown as Window)
      .mockReturnValueOnce(second as unknown as Window);
    const pick = screenMembers(memberKit(loggedInState())).shareTargetPicker;
    const one = pick(TEXT as never);
    await vi.waitFor(() => expect(first.location.href).not.toBe(''));
    const two = pick(TEXT as never);
    await expect(one).resolves.toBe(false);
    expect(first.close).toHaveBeenCalled();
    await vi.waitFor(() => expect(second.location.href).not.toBe(''));
    window.dispatchEvent(
      withSource(
        new MessageEvent('message', { data: { type: PICKER_MESSAGE_TYPE, name: 'result', body: { status: 'success' } }, origin: SERVER }),
        second,
      ),
    );
    await expect(two).resolves.toEqual({ status: 'success' });
  });
});

/** `event` as sent by `source` (happy-dom's constructor keeps only a Window). */
function withSource(event: MessageEvent, source: unknown): MessageEvent {
  Object.defineProperty(event, 'source', { value: source });
  return event;
}
