// @vitest-environment happy-dom
// The host's bot pieces without a server: the composer sends what the user typed or picked, and
// the webhook panel shows each delivery with its signature and a redeliver button that works.
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/simulator-api/phone-api.js';
import { BotApi, type Delivery } from '../../src/simulator-api/bot-api.js';
import { Composer } from '../../src/phone/chat/composer.js';
import { WebhookPanel } from '../../src/webhooks/panel.js';
import type { World } from '../../src/state/world.js';
import { ORIGINS } from '../world.fixture.js';

const stored = (message: Record<string, unknown>): ChatMessage => ({
  id: '1',
  chatId: 'UB1',
  sender: { type: 'user', id: 'U1', displayName: 'Alice' },
  message,
  timestamp: 0,
});

function composer(target: { chatId: string; userId: string } | null = { chatId: 'UB1', userId: 'U1' }) {
  const sendMessage = vi.fn(async (_c: string, _u: string, m: Record<string, unknown>) => stored(m));
  const onSent = vi.fn();
  const onError = vi.fn();
  const shareContact = vi.fn(async (_c: string, _u: string, mid: string) => stored({ type: 'contact', mid, displayName: 'Bob' }));
  const contacts = () => [
    { userId: 'U1', displayName: 'Alice' },
    { userId: 'U2', displayName: 'Bob' },
  ];
  const c = new Composer({ target: () => target, sendMessage, sendMedia: vi.fn(), shareContact, contacts, onSent, onError });
  document.body.replaceChildren(c.root);
  return { c, sendMessage, shareContact, onSent, onError };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('Composer', () => {
  it('sends the text on Enter as the signed-in user in the chat on screen, then empties the field', async () => {
    const { sendMessage, onSent } = composer();
    const input = document.querySelector<HTMLInputElement>('#chat-input')!;
    input.value = 'hello bot';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await flush();
    expect(sendMessage).toHaveBeenCalledWith('UB1', 'U1', { type: 'text', text: 'hello bot' });
    expect(onSent).toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('sends nothing for blank text or without a chat', async () => {
    const blank = composer();
    document.querySelector<HTMLInputElement>('#chat-input')!.value = '   ';
    document.querySelector<HTMLButtonElement>('#chat-send')!.click();
    await flush();
    expect(blank.sendMessage).not.toHaveBeenCalled();
    const none = composer(null);
    document.querySelector<HTMLInputElement>('#chat-input')!.value = 'x';
    document.querySelector<HTMLButtonElement>('#chat-send')!.click();
    await flush();
    expect(none.sendMessage).not.toHaveBeenCalled();
  });

  it('sends a sticker and a location from the + menu', async () => {
    const { sendMessage } = composer();
    document.querySelector<HTMLButtonElement>('#chat-attach')!.click();
    document.querySelector<HTMLButtonElement>('[data-attach="sticker"]')!.click();
    document.querySelector<HTMLButtonElement>('[data-sticker="446/1988"]')!.click();
    await flush();
    expect(sendMessage).toHaveBeenLastCalledWith('UB1', 'U1', { type: 'sticker', packageId: '446', stickerId: '1988' });
    expect(document.querySelector<HTMLElement>('#composer-sheet')!.hidden).toBe(true);

    document.querySelector<HTMLButtonElement>('#chat-attach')!.click();
    document.querySelector<HTMLButtonElement>('[data-attach="location"]')!.click();
    const form = document.querySelector<HTMLFormElement>('#composer-location')!;
    form.querySelector<HTMLInputElement>('[name="title"]')!.value = 'Office';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await flush();
    expect(sendMessage).toHaveBeenLastCalledWith(
      'UB1',
      'U1',
      expect.objectContaining({ type: 'location', title: 'Office', latitude: 35.681236 }),
    );
  });

  it('shares another person’s contact from the + menu (never the user’s own)', async () => {
    const { shareContact, onSent } = composer();
    document.querySelector<HTMLButtonElement>('#chat-attach')!.click();
    document.querySelector<HTMLButtonElement>('[data-attach="contact"]')!.click();
    const offered = [...document.querySelectorAll<HTMLButtonElement>('#composer-contacts [data-contact]')].map((b) => b.textContent);
    expect(offered).toEqual(['Bob']);
    document.querySelector<HTMLButtonElement>('[data-contact="U2"]')!.click();
    await flush();
    expect(shareContact).toHaveBeenCalledWith('UB1', 'U1', 'U2');
    expect(onSent).toHaveBeenCalled();
  });

  it('tells the user when a send fails', async () => {
    const onError = vi.fn();
    const failing = new Composer({
      target: () => ({ chatId: 'UB1', userId: 'U1' }),
      sendMessage: async () => {
        throw new Error('User U1 is not a member');
      },
      sendMedia: vi.fn(),
      shareContact: vi.fn(),
      contacts: () => [],
      onSent: vi.fn(),
      onError,
    });
    document.body.replaceChildren(failing.root);
    document.querySelector<HTMLInputElement>('#chat-input')!.value = 'x';
    document.querySelector<HTMLButtonElement>('#chat-send')!.click();
    await flush();
    expect(onError).toHaveBeenCalledWith('Could not send: User U1 is not a member');
  });
});

describe('WebhookPanel', () => {
  const world: World = {
    channels: [{ channelId: '1650000001', name: 'Demo' }],
    users: [],
    chats: [],
    apps: [],
    defaults: { userId: 'U1', language: 'en', embedId: 'x' },
    ...ORIGINS,
  };
  const delivery: Delivery = {
    id: 7,
    channelId: '1650000001',
    eventTypes: ['message'],
    status: 'failed',
    createdAt: 0,
    deliveredAt: null,
    nextAttemptAt: null,
    body: '{"events":[{"type":"message"}]}',
    headers: { 'X-Service-Signature': 'c2lnbmF0dXJl' },
    attempts: [{ url: 'http://127.0.0.1:3000/webhook', startedAt: 0, statusCode: 500, error: null, latencyMs: 12, responseBody: 'oops' }],
  };

  it('lists deliveries with status, latency, body and signature; Redeliver asks the server', async () => {
    const calls: string[] = [];
    const fetchFn = async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method} ${url}`);
      if (url.startsWith('/embedkit/v1/bots'))
        return new Response(
          JSON.stringify({ bots: [{ channelId: '1650000001', webhookUrl: 'http://127.0.0.1:3000/webhook', unknownProperty: true }] }),
        );
      if (url.startsWith('/embedkit/v1/deliveries?')) return new Response(JSON.stringify({ deliveries: [delivery] }));
      return new Response(JSON.stringify({ ...delivery, status: 'pending' }));
    };
    const root = document.createElement('section');
    document.body.replaceChildren(root);
    const panel = new WebhookPanel(root, new BotApi('', fetchFn), world);
    await panel.refresh();
    await flush();
    const item = root.querySelector<HTMLElement>('li.delivery[data-delivery-id="7"]')!;
    expect(item.dataset.status).toBe('failed');
    expect(item.querySelector('.delivery-summary')!.textContent).toContain('500 · 12 ms');
    expect(item.querySelector('.delivery-signature code')!.textContent).toBe('c2lnbmF0dXJl');
    expect(item.querySelector('.delivery-body')!.textContent).toContain('"type": "message"');
    expect(root.querySelector<HTMLInputElement>('#webhook-url')!.value).toBe('http://127.0.0.1:3000/webhook');
    expect(root.querySelector<HTMLInputElement>('#webhook-unknown')!.checked).toBe(true);
    item.querySelector<HTMLButtonElement>('button.redeliver')!.click();
    await flush();
    expect(calls).toContain('POST /embedkit/v1/deliveries/7/redeliver');
  });

  it('a settings reload that was on its way when the person flipped a switch does not flip it back', async () => {
    let blockOperations = true;
    let releaseStale: (() => void) | undefined;
    const fetchFn = async (url: string, init?: RequestInit) => {
      if (url.startsWith('/embedkit/v1/bots')) {
        // The answer as the server had it when asked: on; it arrives only when released.
        const answer = JSON.stringify({
          bots: [{ channelId: '1650000001', webhookUrl: null, unknownProperty: false, botInterface: 'enterprise', blockOperations }],
        });
        if (releaseStale === undefined) return new Response(answer);
        await new Promise<void>((r) => (releaseStale = r));
        return new Response(answer);
      }
      if (init?.method === 'PATCH') {
        blockOperations = (JSON.parse(String(init.body)) as { blockOperations: boolean }).blockOperations;
        return new Response(JSON.stringify({ blockOperations }));
      }
      return new Response(JSON.stringify({ deliveries: [] }));
    };
    const root = document.createElement('section');
    document.body.replaceChildren(root);
    const panel = new WebhookPanel(root, new BotApi('', fetchFn), world);
    await panel.loadSettings();
    const box = root.querySelector<HTMLInputElement>('#webhook-block-ops')!;
    expect(box.checked).toBe(true);
    releaseStale = () => undefined;
    const reload = panel.loadSettings(); // a live event asked for the settings: the answer will say "on"
    await flush();
    box.click(); // the person turns block operations off meanwhile
    await flush();
    expect(blockOperations).toBe(false);
    releaseStale();
    await reload;
    await flush();
    expect(box.checked).toBe(false);
  });
});
