// @vitest-environment happy-dom
/**
 * The side panel's Faults group (host/src/faults/panel.ts, fault-form.ts, fault-text.ts) against a
 * fake simulator API: the rules in force with what each names, its kind, hits, what is left and its
 * newest hits; a rule added through the form (an operation or a path glob, times, share, minutes of
 * the simulated clock, the status of a `status` rule); the server's refusal shown with its details;
 * one rule removed, then all; hostile text from the server kept as text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaultRuleBody, FaultView } from '#contract/faults.js';
import { hostClient } from '../../src/simulator-api/client.js';
import { formatTime } from '../../src/time-and-friendship/clock.js';
import { faultOperations, ruleOfFields, type FaultFields } from '../../src/faults/form.js';
import { faultLogText, hitText, ruleCount, ruleEffect, ruleTarget } from '../../src/faults/text.js';
import { FaultPanel } from '../../src/faults/panel.js';

const SIM_NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

/** A fake simulator API holding fault rules as the server does (400 with details for a `status` rule without status). */
function fakeServer(initial: FaultView[] = []) {
  let rules = [...initial];
  let next = 1;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/embedkit/v1/clock') return json({ now: SIM_NOW, iso: '', offsetMs: 0 });
    if (path === '/embedkit/v1/faults' && method === 'GET') return json({ faults: rules });
    if (path === '/embedkit/v1/faults' && method === 'POST') {
      const rule = body as FaultRuleBody;
      if (rule.kind === 'status' && rule.status === undefined)
        return json(
          { message: 'The request body has 1 error(s)', details: [{ property: 'status', message: 'a status rule needs its status' }] },
          400,
        );
      const view: FaultView = { ...rule, id: `f${next++}`, hits: 0, remaining: rule.times ?? null, recent: [] };
      rules.push(view);
      return json(view);
    }
    if (path === '/embedkit/v1/faults' && method === 'DELETE') {
      rules = [];
      return new Response(null, { status: 204 });
    }
    const one = /^\/embedkit\/v1\/faults\/(.+)$/.exec(path);
    if (one && method === 'DELETE') {
      rules = rules.filter((r) => r.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return json({ message: 'Not found' }, 404);
  });
  return { fetchFn, calls, set: (r: FaultView[]) => (rules = r) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const pushRule: FaultView = {
  id: 'f9',
  operation: 'pushMessage',
  kind: 'rateLimited',
  times: 2,
  hits: 1,
  remaining: 1,
  recent: [{ at: SIM_NOW, method: 'POST', path: '/v2/bot/message/push', status: 429 }],
};

describe('how the host words a rule and a hit', () => {
  it('names the calls, the effect and what is left', () => {
    expect(ruleTarget(pushRule)).toBe('pushMessage');
    expect(ruleTarget({ kind: 'drop', origin: 'blockchain', method: 'POST', path: '/v1/**' })).toBe('on blockchain POST /v1/**');
    expect(ruleTarget({ kind: 'drop' })).toBe('every call');
    expect(ruleEffect({ kind: 'status', status: 418 })).toBe('status 418');
    expect(ruleEffect({ kind: 'delay', delayMs: 500 })).toBe('delay 500 ms');
    expect(ruleEffect({ kind: 'serverError', delayMs: 200 })).toBe('serverError after 200 ms');
    expect(ruleCount(pushRule)).toBe('1 hit, 1 left');
    expect(ruleCount({ hits: 3, remaining: null, share: 0.1 })).toBe('3 hits, share 0.1');
  });

  it('writes a hit and its bridge log line, a dropped call by its kind', () => {
    expect(hitText({ method: 'GET', path: '/v2/profile', status: null }, 'drop')).toBe('drop GET /v2/profile');
    expect(faultLogText({ faultId: 'f1', kind: 'rateLimited', method: 'POST', path: '/v2/bot/message/push', status: 429 })).toBe(
      'fault: 429 rateLimited POST /v2/bot/message/push',
    );
    expect(faultLogText({ faultId: 'f1', kind: 'drop', method: 'GET', path: '/v2/profile', status: null })).toBe(
      'fault: drop GET /v2/profile',
    );
  });
});

describe('the form of a new rule', () => {
  const fields = (over: Partial<FaultFields>): FaultFields => ({
    kind: 'rateLimited',
    operation: '',
    path: '',
    times: '',
    share: '',
    forMinutes: '',
    status: '',
    delayMs: '',
    ...over,
  });

  it('offers the published operations and the simulator routes, not the routes of the rules', () => {
    const names = faultOperations().map((o) => o.name);
    expect(faultOperations().find((o) => o.name === 'pushMessage')?.call).toBe('POST /v2/bot/message/push');
    expect(faultOperations().find((o) => o.name === 'sendMessage')?.call).toBe('POST /embedkit/v1/chats/:chatId/messages');
    expect(names).not.toContain('addFault');
    expect(names).not.toContain('clearFaults');
    expect(new Set(names).size).toBe(names.length);
  });

  it('sends only the fields filled in; minutes become an end on the simulated clock; status only for status rules', () => {
    expect(ruleOfFields(fields({ operation: ' getProfile ', times: '1', status: '418' }), SIM_NOW)).toEqual({
      kind: 'rateLimited',
      operation: 'getProfile',
      times: 1,
    });
    expect(ruleOfFields(fields({ kind: 'status', path: '/v2/bot/**', share: '0.5', forMinutes: '10', status: '418' }), SIM_NOW)).toEqual({
      kind: 'status',
      path: '/v2/bot/**',
      share: 0.5,
      until: SIM_NOW + 600_000,
      status: 418,
    });
    expect(ruleOfFields(fields({ kind: 'delay', delayMs: '5000' }), SIM_NOW)).toEqual({ kind: 'delay', delayMs: 5000 });
    expect(() => ruleOfFields(fields({ times: 'two' }), SIM_NOW)).toThrow('Times: "two" is not a number');
  });
});

describe('FaultPanel', () => {
  let root: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    root = document.createElement('section');
    document.body.append(root);
  });
  afterEach(() => {
    root.remove();
    vi.useRealTimers();
  });

  const rules = () => [...root.querySelectorAll<HTMLElement>('.fault-rule')];
  const message = () => root.querySelector<HTMLElement>('#fault-message')!;
  const fill = (id: string, value: string) => {
    const el = root.querySelector<HTMLInputElement | HTMLSelectElement>(`#${id}`)!;
    el.value = value;
    el.dispatchEvent(new Event('change'));
  };
  const submit = async () => {
    root.querySelector<HTMLButtonElement>('#fault-submit')!.click();
    await flush();
    await flush();
  };

  it('lists each rule with what it names, its kind, hits, what is left and its newest hits', async () => {
    const server = fakeServer([pushRule]);
    new FaultPanel(root, hostClient('', server.fetchFn));
    await flush();
    const [rule] = rules();
    expect(rule?.dataset).toMatchObject({ faultId: 'f9', kind: 'rateLimited' });
    expect(rule?.querySelector('.fault-target')?.textContent).toBe('pushMessage');
    expect(rule?.querySelector('.fault-effect')?.textContent).toBe('rateLimited');
    expect(rule?.querySelector('.fault-count')?.textContent).toBe('1 hit, 1 left');
    expect(rule?.querySelector('.fault-hits li')?.textContent).toMatch(/^\d\d:\d\d:\d\d 429 POST \/v2\/bot\/message\/push$/);
    expect(rule?.querySelector('.fault-remove')?.getAttribute('aria-label')).toBe('Remove the rule pushMessage: rateLimited');
  });

  it('adds a rule through the form and reads the list again; the status field shows for status rules only', async () => {
    const server = fakeServer();
    new FaultPanel(root, hostClient('', server.fetchFn));
    await flush();
    expect(root.querySelector('#fault-list')?.textContent).toBe('No fault rules in force.');
    expect(root.querySelector<HTMLButtonElement>('#fault-clear')?.disabled).toBe(true);
    const statusRow = root.querySelector('#fault-status-code')!.closest('label')!;
    expect(statusRow.hidden).toBe(true);
    fill('fault-kind', 'status');
    expect(statusRow.hidden).toBe(false);
    fill('fault-kind', 'serverError');
    fill('fault-path', '/v2/bot/**');
    fill('fault-times', '3');
    fill('fault-for', '10');
    await submit();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'serverError',
      path: '/v2/bot/**',
      times: 3,
      until: SIM_NOW + 600_000,
    });
    expect(message().textContent).toBe('Added /v2/bot/**: serverError.');
    expect(rules().map((r) => r.querySelector('.fault-count')?.textContent)).toEqual([
      `0 hits, 3 left, until ${formatTime(SIM_NOW + 600_000)}`,
    ]);
  });

  it("shows the server's refusal with its details, and adds nothing", async () => {
    const server = fakeServer();
    new FaultPanel(root, hostClient('', server.fetchFn));
    await flush();
    fill('fault-kind', 'status');
    await submit();
    expect(message().dataset.kind).toBe('error');
    expect(message().textContent).toBe(
      'The rule was refused: The request body has 1 error(s): status: a status rule needs its status (HTTP 400)',
    );
    expect(rules()).toHaveLength(0);
  });

  it('removes one rule with its button, then every rule, keeping the keyboard focus in the panel', async () => {
    const other: FaultView = { id: 'f10', path: '/v2/profile', kind: 'drop', hits: 0, remaining: null, recent: [] };
    const server = fakeServer([pushRule, other]);
    new FaultPanel(root, hostClient('', server.fetchFn));
    await flush();
    const remove = rules()[0]!.querySelector<HTMLButtonElement>('.fault-remove')!;
    remove.focus();
    remove.click();
    await flush();
    await flush();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/embedkit/v1/faults/f9']);
    expect(rules().map((r) => r.dataset.faultId)).toEqual(['f10']);
    expect(message().textContent).toBe('Removed pushMessage: rateLimited.');
    expect(document.activeElement?.id).toBe('fault-title');

    root.querySelector<HTMLButtonElement>('#fault-clear')!.click();
    await flush();
    await flush();
    expect(server.calls.at(-2)).toMatchObject({ method: 'DELETE', path: '/embedkit/v1/faults' });
    expect(root.querySelector('#fault-list')?.textContent).toBe('No fault rules in force.');
    expect(message().textContent).toBe('Every fault rule removed.');
  });

  it('keeps a hostile note and path as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const server = fakeServer([{ ...pushRule, note: hostile, recent: [{ at: SIM_NOW, method: 'GET', path: `/${hostile}`, status: 500 }] }]);
    new FaultPanel(root, hostClient('', server.fetchFn));
    await flush();
    expect(root.querySelector('.fault-note')?.textContent).toBe(hostile);
    expect(root.querySelector('img')).toBeNull();
  });

  it('reads the rules again on refresh (a hit on the live feed); a spent rule stays listed', async () => {
    const server = fakeServer();
    const panel = new FaultPanel(root, hostClient('', server.fetchFn));
    await flush();
    server.set([{ ...pushRule, hits: 2, remaining: 0 }]);
    await panel.refresh();
    expect(rules()[0]?.querySelector('.fault-count')?.textContent).toBe('2 hits, 0 left');
    expect(rules()[0]?.dataset.spent).toBe('');
  });
});
