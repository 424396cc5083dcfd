import { describe, expect, it } from 'vitest';
import type { SimulatorClient } from '../../src/simulator-api/client.js';
import { shownViewUrl, viewUrlForPage, windowUrlForPage } from '../../src/lan/app-urls.js';

const LAN = {
  origins: ['https://192.168.1.20:8787', 'https://10.0.0.5:8787'],
  apps: [
    { target: 'http://localhost:5173', origins: ['https://192.168.1.20:40001', 'https://10.0.0.5:40001'] },
    { target: 'http://127.0.0.1:3000', origins: ['https://192.168.1.20:40002', 'https://10.0.0.5:40002'] },
  ],
};

describe('shownViewUrl', () => {
  it('opens a loopback app at its proxy origin of the page’s own address, keeping its path, query and fragment', () => {
    expect(shownViewUrl('http://localhost:5173/shop/?item=7#top', LAN, 'https://10.0.0.5:8787')).toBe(
      'https://10.0.0.5:40001/shop/?item=7#top',
    );
    expect(shownViewUrl('http://localhost:5173/', LAN, 'https://192.168.1.20:8787')).toBe('https://192.168.1.20:40001/');
  });

  it('leaves the URL as registered on loopback, for an app on another host, and for an app without a proxy yet', () => {
    expect(shownViewUrl('http://localhost:5173/', LAN, 'http://localhost:8787')).toBe('http://localhost:5173/');
    expect(shownViewUrl('https://app.example/x', LAN, 'https://10.0.0.5:8787')).toBe('https://app.example/x');
    expect(shownViewUrl('http://localhost:4000/', LAN, 'https://10.0.0.5:8787')).toBe('http://localhost:4000/');
    expect(shownViewUrl('http://localhost:5173/', { origins: [], apps: [] }, 'https://10.0.0.5:8787')).toBe('http://localhost:5173/');
  });
});

describe('viewUrlForPage', () => {
  const client = (calls: string[]) => ({ call: async (name: string) => (calls.push(name), LAN) }) as unknown as SimulatorClient;

  it('asks the server only on an HTTPS page', async () => {
    const calls: string[] = [];
    const onLoopback = { protocol: 'http:', origin: 'http://localhost:8787' } as Location;
    expect(await viewUrlForPage(client(calls), 'http://localhost:5173/', onLoopback)).toBe('http://localhost:5173/');
    expect(calls).toEqual([]);
    const onPhone = { protocol: 'https:', origin: 'https://10.0.0.5:8787' } as Location;
    expect(await viewUrlForPage(client(calls), 'http://localhost:5173/a', onPhone)).toBe('https://10.0.0.5:40001/a');
    expect(calls).toEqual(['lan']);
  });
});

describe('windowUrlForPage', () => {
  const onPhone = { protocol: 'https:', origin: 'https://192.168.1.20:8787' } as Location;

  it("opens a window on a registered loopback app's origin at its proxy on a phone, keeping path, query and fragment", async () => {
    const calls: string[] = [];
    const client = { call: async (name: string) => (calls.push(name), LAN) } as unknown as SimulatorClient;
    expect(await windowUrlForPage(client, 'http://localhost:5173/order/7?step=2#pay', onPhone)).toBe(
      'https://192.168.1.20:40001/order/7?step=2#pay',
    );
    expect(await windowUrlForPage(client, 'http://127.0.0.1:3000/help', onPhone)).toBe('https://192.168.1.20:40002/help');
    expect(calls).toEqual(['lan', 'lan']);
  });

  it('opens other URLs as they are: another host, a loopback port no app is registered at, and any URL on the desktop', async () => {
    const calls: string[] = [];
    const client = { call: async (name: string) => (calls.push(name), LAN) } as unknown as SimulatorClient;
    expect(await windowUrlForPage(client, 'https://example.com/terms', onPhone)).toBe('https://example.com/terms');
    expect(await windowUrlForPage(client, 'http://localhost:9999/x', onPhone)).toBe('http://localhost:9999/x');
    // Same port, other scheme: another origin, not the app's.
    expect(await windowUrlForPage(client, 'https://localhost:5173/x', onPhone)).toBe('https://localhost:5173/x');
    const desktop = { protocol: 'http:', origin: 'http://localhost:8787' } as Location;
    calls.length = 0;
    expect(await windowUrlForPage(client, 'http://localhost:5173/order', desktop)).toBe('http://localhost:5173/order');
    expect(calls).toEqual([]);
  });

  it('opens the URL as it is when the server refuses to tell the proxies', async () => {
    const refusing = {
      call: async () => {
        throw new Error('401');
      },
    } as unknown as SimulatorClient;
    expect(await windowUrlForPage(refusing, 'http://localhost:5173/order', onPhone)).toBe('http://localhost:5173/order');
  });
});
