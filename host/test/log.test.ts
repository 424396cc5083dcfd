// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BridgeLog, outcomeText, previewJson } from '../src/panels/log.js';

function setup() {
  const list = document.createElement('ol');
  const clear = document.createElement('button');
  return { list, clear, log: new BridgeLog(list, clear) };
}

describe('BridgeLog', () => {
  it('adds calls newest first with method and outcome attributes', () => {
    const { list, log } = setup();
    log.addCall({ method: 'getProfile', args: [], ok: true, result: { userId: 'U1' }, startedAt: Date.now(), durationMs: 12.4 });
    log.addCall({ method: 'sendMessages', args: [[{ type: 'text', text: 'x' }]], ok: false, error: { code: '403', message: 'no scope' }, startedAt: Date.now(), durationMs: 3 });
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
    expect(outcomeText({ method: 'x', args: [], ok: false, error: { code: 'INTERNAL_ERROR' }, startedAt: 0, durationMs: 0 })).toBe('INTERNAL_ERROR');
  });
});
