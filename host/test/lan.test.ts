import { describe, expect, it } from 'vitest';
import type { SimulatorClient } from '../src/client.js';
import { shownViewUrl, viewUrlForPage } from '../src/lan.js';

const LAN = {
  origins: ['https://192.168.1.20:8787', 'https://10.0.0.5:8787'],
  apps: [{ target: 'http://localhost:5173', origins: ['https://192.168.1.20:40001', 'https://10.0.0.5:40001'] }],
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
    expect(shownViewUrl('http://localhost:3000/', LAN, 'https://10.0.0.5:8787')).toBe('http://localhost:3000/');
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
