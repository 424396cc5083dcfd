/**
 * Table-driven tests of message objects through `POST /message/v3/share` (sendMessages). A row
 * names a rule of the spec, a valid message, a path into it, a value the platform accepts there
 * and one it rejects, and the detail the rejection must carry (exact message and property).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { makeKit, userToken } from '../helpers.js';

/** Value of a row meaning "leave the property out". */
export const ABSENT = Symbol('absent');

/** One rule of a spec table. */
export interface Row {
  /** The rule, as the spec words it. */
  rule: string;
  /** A valid message object. */
  base: unknown;
  /** Where the rule applies in `base`, e.g. `template.actions[0].label`; `''` replaces the whole message. */
  path: string;
  /** A value the platform accepts there ({@link ABSENT}: the property left out). */
  ok: unknown;
  /** A value it rejects. */
  bad: unknown;
  /** Property of the detail, relative to the message; default `path`. */
  property?: string;
  /** Text of the detail. */
  message: string;
}

/** A deep copy of `value` with `path` set to `v` (or removed for {@link ABSENT}); missing objects on the way are created. */
export function set(value: unknown, path: string, v: unknown): unknown {
  if (path === '') return v === ABSENT ? undefined : v;
  // A JSON copy: shared sub-objects of the base (the same column twice) become separate.
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  const parts = path.match(/[^.[\]]+/g) ?? [];
  let node = copy as Record<string | number, unknown>;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string | number, unknown>;
  const last = parts[parts.length - 1]!;
  if (v === ABSENT) delete node[last];
  else node[last] = v;
  return copy;
}

/** `messages[0]` + the relative property. */
export function at(property: string): string {
  return property === '' ? 'messages[0]' : property.startsWith('[') ? `messages[0]${property}` : `messages[0].${property}`;
}

/** A kit and a user token for one test file; `share` posts `{messages}`. */
export function useShare(): { share: (body: unknown) => request.Test; kit: () => Embedkit; token: () => string } {
  let kit: Embedkit;
  let token: string;
  beforeAll(async () => {
    kit = await makeKit();
    token = await userToken(kit);
  });
  afterAll(() => kit.close());
  return {
    share: (body: unknown) =>
      request(kit.app)
        .post('/message/v3/share')
        .set('Authorization', `Bearer ${token}`)
        .send(body as object),
    kit: () => kit,
    token: () => token,
  };
}

const show = (v: unknown) => {
  const s = v === ABSENT ? '(absent)' : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

/** For every row: the accepted value gives 200, the rejected one exactly the platform's 400 body. */
export function ruleTable(title: string, rows: Row[]): void {
  describe(title, () => {
    const { share } = useShare();
    it.each(rows.map((r) => [`${r.rule}: ${r.path || 'message'} = ${show(r.ok)}`, r] as const))('accepts %s', async (_, row) => {
      const res = await share({ messages: [set(row.base, row.path, row.ok)] });
      expect(res.body).toEqual({});
      expect(res.status).toBe(200);
    });
    it.each(rows.map((r) => [`${r.rule}: ${r.path || 'message'} = ${show(r.bad)}`, r] as const))('rejects %s', async (_, row) => {
      const res = await share({ messages: [set(row.base, row.path, row.bad)] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'The request body has 1 error(s)',
        details: [{ message: row.message, property: at(row.property ?? row.path) }],
      });
    });
  });
}

/** Strings of `n` characters. */
export const chars = (n: number, c = 'a') => c.repeat(n);
/** An HTTPS URL of exactly `n` characters. */
export const urlOf = (n: number) => {
  const head = 'https://example.com/';
  return head + 'a'.repeat(n - head.length - 4) + '.png';
};
