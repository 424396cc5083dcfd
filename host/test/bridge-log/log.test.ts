// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BridgeLog, outcomeText, previewJson } from '../../src/bridge-log/log.js';

function setup() {
  const list = document.createElement('ol');
  const clear = document.createElement('button');
  return { list, clear, log: new BridgeLog(list, clear) };
}

describe('BridgeLog', () => {
  it('adds calls newest first with method and outcome attributes', () => {
    const { list, log } = setup();
    log.addCall({ method: 'getProfile', args: [], ok: true, result: { userId: 'U1' }, startedAt: Date.now(), durationMs: 12.4 });
    log.addCall({
      method: 'sendMessages',
      args: [[{ type: 'text', text: 'x' }]],
      ok: false,
      error: { code: '403', message: 'no scope' },
      startedAt: Date.now(),
      durationMs: 3,
    });
    const entries = list.querySelectorAll<HTMLElement>('.log-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.dataset).toMatchObject({ method: 'sendMessages', outcome: 'error' });
    expect(entries[0]?.textContent).toContain('403: no scope');
    expect(entries[1]?.dataset).toMatchObject({ method: 'getProfile', outcome: 'ok' });
    expect(entries[1]?.textContent).toContain('12 ms');
  });

  it('logs rejections and clears', () => {
    const { list, clear, log } = setup();
    log.addRejected('origin mismatch', 'http://evil.test');
    expect(list.querySelector<HTMLElement>('.log-entry')?.dataset.outcome).toBe('rejected');
    clear.click();
    expect(list.querySelectorAll('.log-entry')).toHaveLength(0);
  });
});

describe('previewJson / outcomeText', () => {
  it('truncates long JSON', () => {
    const text = previewJson('x'.repeat(1000), 50);
    expect(text).toHaveLength(50);
    expect(text.endsWith('…')).toBe(true);
  });

  it('reads ok without result, and an error without message', () => {
    expect(outcomeText({ method: 'closeWindow', args: [], ok: true, startedAt: 0, durationMs: 0 })).toBe('ok');
    expect(outcomeText({ method: 'x', args: [], ok: false, error: { code: 'INTERNAL_ERROR' }, startedAt: 0, durationMs: 0 })).toBe(
      'INTERNAL_ERROR',
    );
  });
});

describe('the app’s console in the bridge log', () => {
  it('shows console lines, uncaught errors and requests as text, failed ones marked', () => {
    const { list, log } = setup();
    const at = Date.UTC(2026, 0, 1);
    log.addCall({
      method: 'appLog',
      ok: true,
      startedAt: at,
      durationMs: 0,
      args: [
        [
          { kind: 'console', level: 'log', text: '<img src=x onerror=alert(1)>', at },
          { kind: 'request', method: 'GET', url: '/missing', status: 404, ms: 3, text: '', at },
          { kind: 'error', text: 'boom', at },
        ],
      ],
    });
    const entries = [...list.querySelectorAll<HTMLElement>('.log-entry[data-outcome="app"]')];
    expect(entries.map((e) => e.dataset.kind)).toEqual(['error', 'request', 'console']);
    expect(entries[2]!.querySelector('.log-result')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(list.querySelector('img')).toBeNull();
    expect(entries[1]!.dataset.failed).toBe('true');
    expect(entries[1]!.textContent).toContain('GET 404');
    expect(entries[0]!.textContent).toContain('uncaught');
  });

  it('the host refuses entries that are not plain text and numbers', async () => {
    const { argumentProblem } = await import('../../src/app/bridge/checks.js');
    const at = 1;
    expect(argumentProblem('appLog', [[{ kind: 'console', level: 'log', text: 'ok', at }]])).toBe('');
    for (const bad of [
      [{ kind: 'script', text: 'x', at }],
      [{ kind: 'console', text: 'x'.repeat(3000), at }],
      [{ kind: 'console', text: { toString: 1 }, at }],
      Array(201).fill({ kind: 'error', text: 'x', at }),
    ])
      expect(argumentProblem('appLog', [bad])).toMatch(/^expects one array of at most 200 log entries/);
  });
});

describe('fault hits in the bridge log', () => {
  const at = Date.UTC(2026, 0, 1);
  const request = (status: number) => ({
    method: 'appLog',
    ok: true,
    startedAt: at,
    durationMs: 0,
    args: [[{ kind: 'request', method: 'POST', url: 'http://127.0.0.1:8080/v2/bot/message/push?x=1', status, ms: 3, text: '', at }]],
  });
  const hit = { faultId: 'f1', kind: 'rateLimited', method: 'POST', path: '/v2/bot/message/push', status: 429 } as const;
  const lines = (list: HTMLElement) =>
    [...list.querySelectorAll<HTMLElement>('.log-entry')].map((e) => `${e.dataset.outcome} ${e.querySelector('.log-result')?.textContent}`);

  it('reads "fault: <status> <kind> <method> <path>", right under the request it failed when that came first', () => {
    const { list, log } = setup();
    log.addCall(request(429));
    log.addCall({ method: 'getProfile', args: [], ok: true, result: {}, startedAt: at, durationMs: 1 });
    log.addFault(hit);
    expect(lines(list)).toEqual([
      'ok {}',
      'app http://127.0.0.1:8080/v2/bot/message/push?x=1',
      'fault fault: 429 rateLimited POST /v2/bot/message/push',
    ]);
  });

  it('puts a request that came after its fault line right above it, and a fault of no request on top', () => {
    const { list, log } = setup();
    log.addFault(hit);
    log.addCall({ method: 'getProfile', args: [], ok: true, result: {}, startedAt: at, durationMs: 1 });
    log.addCall(request(429));
    log.addFault({ ...hit, faultId: 'f2', kind: 'drop', path: '/v2/profile', status: null });
    expect(lines(list)).toEqual([
      'fault fault: drop POST /v2/profile',
      'ok {}',
      'app http://127.0.0.1:8080/v2/bot/message/push?x=1',
      'fault fault: 429 rateLimited POST /v2/bot/message/push',
    ]);
  });

  it('does not take a request with another status for the call the fault hit', () => {
    const { list, log } = setup();
    log.addCall(request(200));
    log.addCall({ method: 'getProfile', args: [], ok: true, result: {}, startedAt: at, durationMs: 1 });
    log.addFault(hit);
    expect(lines(list)[0]).toBe('fault fault: 429 rateLimited POST /v2/bot/message/push');
  });
});
