// The host's wrappers of the simulator API call the contract's routes: the method and path of
// SIMULATOR_API, the query in the URL, the body as the route takes it.
import { describe, expect, it } from 'vitest';
import { SIMULATOR_API, simulatorPath } from '#contract/simulator-api.js';
import { SimulatorApi } from '../../src/simulator-api/phone-api.js';
import { BotApi } from '../../src/simulator-api/bot-api.js';
import type { Fetch } from '../../src/simulator-api/client.js';

/** A fetch that records each request and answers `body` as JSON. */
function recorder(body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn: Fetch = async (url, init = {}) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetchFn };
}

const stored = {
  id: '5',
  chatId: 'C1',
  sender: { type: 'user', id: 'U1', displayName: 'Alice' },
  message: { type: 'image' },
  timestamp: 1,
};

describe('calls through the contract', () => {
  it('BotApi.sendMedia posts the file as it is, with its content type, and the upload in the query', async () => {
    const { calls, fetchFn } = recorder(stored);
    const file = new Blob(['PNG'], { type: 'image/png' });
    const answer = await new BotApi('', fetchFn).sendMedia('C/1', {
      userId: 'U1',
      type: 'audio',
      file,
      fileName: 'a b.m4a',
      durationMs: 1234.6,
    });
    expect(answer).toEqual(stored);
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(init.method).toBe(SIMULATOR_API.sendMedia.method);
    expect(url).toBe(simulatorPath('sendMedia', { chatId: 'C/1' }, { userId: 'U1', type: 'audio', fileName: 'a b.m4a', duration: '1235' }));
    expect(url).toBe('/embedkit/v1/chats/C%2F1/media?userId=U1&type=audio&fileName=a+b.m4a&duration=1235');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
    expect(init.credentials).toBe('same-origin');
  });

  it('BotApi.sendMedia leaves out what the upload does not have, and names a file without a type as bytes', async () => {
    const { calls, fetchFn } = recorder(stored);
    await new BotApi('', fetchFn).sendMedia('C1', { userId: 'U1', type: 'file', file: new Blob(['x']) });
    expect(calls[0]!.url).toBe('/embedkit/v1/chats/C1/media?userId=U1&type=file');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
  });

  it('SimulatorApi.messages reads a page with the query it is given', async () => {
    const { calls, fetchFn } = recorder({ messages: [stored], more: true });
    const page = await new SimulatorApi('http://127.0.0.1:9', fetchFn).messages('C1', { limit: 20, after: '4' });
    expect(page).toEqual({ messages: [stored], more: true });
    expect(calls[0]!.init.method).toBe(SIMULATOR_API.chatMessages.method);
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.url).toBe('http://127.0.0.1:9' + simulatorPath('chatMessages', { chatId: 'C1' }, { limit: 20, after: '4' }));
    expect(calls[0]!.url).toBe('http://127.0.0.1:9/embedkit/v1/chats/C1/messages?limit=20&after=4');
  });

  it('SimulatorApi.sendAsUser posts its JSON body to the sendMessage route', async () => {
    const { calls, fetchFn } = recorder(stored);
    await new SimulatorApi('', fetchFn).sendAsUser('C1', 'U1', { type: 'text', text: 'hi' }, '3');
    expect(calls[0]!.init.method).toBe(SIMULATOR_API.sendMessage.method);
    expect(calls[0]!.url).toBe(simulatorPath('sendMessage', { chatId: 'C1' }));
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ userId: 'U1', message: { type: 'text', text: 'hi' }, quotedMessageId: '3' });
  });

  it('BotApi shares the client it is given, and with it the base URL and fetch', async () => {
    const { calls, fetchFn } = recorder({ deliveries: [] });
    const api = new SimulatorApi('http://h', fetchFn);
    expect(await new BotApi(api.client).deliveries('1650000001', 5)).toEqual([]);
    expect(calls[0]!.init.method).toBe(SIMULATOR_API.deliveries.method);
    expect(calls[0]!.url).toBe('http://h/embedkit/v1/deliveries?limit=5&channelId=1650000001');
  });
});
