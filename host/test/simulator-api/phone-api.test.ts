// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { errorMessageOf } from '#contract/client.js';
import { SimulatorApi } from '../../src/simulator-api/phone-api.js';
import { HttpError, type Fetch } from '../../src/simulator-api/client.js';
import { toBridgeError } from '../../src/app/bridge/errors.js';
import { BridgeError } from '../../src/app/bridge/errors.js';

function fakeFetch(status: number, body: unknown, calls: { url: string; init?: RequestInit }[] = []): Fetch {
  return async (url, init) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, statusText: status === 401 ? 'Unauthorized' : '' });
  };
}

describe('SimulatorApi', () => {
  it('sends the bearer token and the messages to /message/v3/share', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    await new SimulatorApi('', fakeFetch(200, {}, calls)).share('tok', [{ type: 'text', text: 'hi' }]);
    expect(calls[0]?.url).toBe('/message/v3/share');
    expect(calls[0]?.init?.method).toBe('POST');
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ messages: [{ type: 'text', text: 'hi' }] });
  });

  it('encodes the chat id in the messages path', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    expect(await new SimulatorApi('', fakeFetch(200, { messages: [] }, calls)).messages('a/b')).toEqual({ messages: [], more: false });
    expect(calls[0]?.url).toBe('/embedkit/v1/chats/a%2Fb/messages');
    await new SimulatorApi('', fakeFetch(200, { messages: [], more: true }, calls)).messages('c', { limit: 50, before: '7' });
    expect(calls[1]?.url).toBe('/embedkit/v1/chats/c/messages?limit=50&before=7');
  });

  it('throws HttpError with the status and the server message', async () => {
    const api = new SimulatorApi('', fakeFetch(403, { message: 'The token lacks the chat_message.write scope', details: [] }));
    await expect(api.share('tok', [])).rejects.toMatchObject({ status: 403, message: 'The token lacks the chat_message.write scope' });
  });

  it('falls back to the status text when the body has no message', async () => {
    await expect(new SimulatorApi('', fakeFetch(401, undefined)).profile('bad')).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
  });
});

describe('errorMessageOf', () => {
  it('reads every error body format', () => {
    expect(errorMessageOf({ message: 'a' }, 400, '')).toBe('a');
    expect(
      errorMessageOf(
        {
          message: 'The request body has 2 error(s)',
          details: [{ message: 'must be specified', property: 'messages[0].text' }, { message: 'bad' }],
        },
        400,
        '',
      ),
    ).toBe('The request body has 2 error(s): messages[0].text: must be specified; bad');
    expect(errorMessageOf({ error: 'invalid_token', error_description: 'expired' }, 401, '')).toBe('expired');
    expect(errorMessageOf({ statusCode: '401', statusMessage: 'invalid token' }, 401, '')).toBe('invalid token');
    expect(errorMessageOf(null, 500, '')).toBe('HTTP 500');
  });
});

describe('toBridgeError', () => {
  it('turns an HTTP failure into a BridgeError coded with the status', () => {
    const err = toBridgeError(new HttpError(401, 'The access token expired'));
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({ code: '401', message: 'The access token expired' });
  });

  it('leaves other errors alone', () => {
    const other = new TypeError('network');
    expect(toBridgeError(other)).toBe(other);
  });
});
