// @vitest-environment happy-dom
// What a phone sends the remote inspector: its bridge log as text, secrets taken out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatorClient } from '../../src/simulator-api/client.js';
import { lineEntry } from '../../src/bridge-log/inspector-panel.js';
import { browserDevice, PhoneReporter, Redactor } from '../../src/bridge-log/inspector-report.js';

describe('Redactor', () => {
  it('takes out values under secret keys, then the same secret wherever it shows up, and tokens in text', () => {
    const r = new Redactor();
    expect(r.value({ accessToken: 'tok-1234567890', scopes: ['profile'], nested: { id_token: 'eyJa.eyJb.c' } })).toEqual({
      accessToken: '(redacted)',
      scopes: ['profile'],
      nested: { id_token: '(redacted)' },
    });
    expect(r.text('my token is tok-1234567890')).toBe('my token is (redacted)');
    expect(r.text('https://app/cb?code=abc&state=x#access_token=zzz')).toBe(
      'https://app/cb?code=(redacted)&state=x#access_token=(redacted)',
    );
    expect(r.text('Authorization: Bearer abc.def')).toBe('Authorization: Bearer (redacted)');
    expect(r.text('jwt eyJhbGciOi.eyJzdWIiOi.sig')).toBe('jwt (redacted JWT)');
  });
});

describe('browserDevice', () => {
  it('names the phone, not the kernel under it', () => {
    expect(browserDevice('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36')).toBe('Android 14');
    expect(browserDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('iPhone');
    expect(browserDevice('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Linux');
  });
});

describe('PhoneReporter', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a call with its result redacted, and the desktop draws it as the bridge log does', async () => {
    vi.useFakeTimers();
    const bodies: { lines: Parameters<typeof lineEntry>[0][] }[] = [];
    const client = new SimulatorClient({
      fetch: async (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    const reporter = new PhoneReporter(client, () => ({ device: 'iOS · iPhone', userId: 'U1', app: null }));
    reporter.addCall({
      method: 'liffInit',
      args: ['1650000001-abc'],
      ok: true,
      result: { accessToken: 'secret-access-token', scopes: ['profile'] },
      startedAt: Date.now(),
      durationMs: 4,
    });
    await vi.advanceTimersByTimeAsync(300);
    reporter.stop();
    const line = bodies.flatMap((b) => b.lines)[0]!;
    expect(line).toMatchObject({ kind: 'call', method: 'liffInit', args: '["1650000001-abc"]', ok: true });
    expect(line.outcome).toBe('{"accessToken":"(redacted)","scopes":["profile"]}');
    expect(JSON.stringify(bodies)).not.toContain('secret-access-token');
    const entry = lineEntry(line);
    expect(entry.dataset.method).toBe('liffInit');
    expect(entry.querySelector('.log-result')?.textContent).toBe(line.outcome);
  });

  it('reports an app opened at once, with no bridge call, and stays quiet when nothing changed', async () => {
    vi.useFakeTimers();
    const apps: (string | null)[] = [];
    const client = new SimulatorClient({
      fetch: async (_url, init) => {
        apps.push((JSON.parse(String(init?.body)) as { app: string | null }).app);
        await new Promise((r) => setTimeout(r, 50));
        return new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    let app: string | null = null;
    const reporter = new PhoneReporter(client, () => ({ device: 'iOS · iPhone', userId: 'U1', app }));
    await vi.advanceTimersByTimeAsync(100);
    reporter.changed();
    await vi.advanceTimersByTimeAsync(100);
    app = 'Demo app';
    reporter.changed();
    await vi.advanceTimersByTimeAsync(10);
    // A change while that report is under way is sent after it, not at the next heartbeat.
    app = 'Other app';
    reporter.changed();
    await vi.advanceTimersByTimeAsync(400);
    reporter.stop();
    // The first report, then each app; the redraw with nothing new sent nothing.
    expect(apps).toEqual([null, 'Demo app', 'Other app']);
  });
});
