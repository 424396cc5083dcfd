// A request's query checked against its schema: numbers are read from their text, and one the
// text makes infinite (`Infinity`, `1e309`) is refused with the property named, as Ajv alone
// lets it through an integer's bounds and the database refuses it later (a 500 the fuzzer found).
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../src/http/validate.js';

const check = compileQuery(Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }));

describe('compileQuery', () => {
  it('reads a number from its text and keeps the bounds', () => {
    const query: Record<string, unknown> = { limit: '50' };
    expect(check(query)).toBeNull();
    expect(query.limit).toBe(50);
    expect(check({ limit: '1e3' })).toEqual([expect.objectContaining({ property: 'limit' })]);
  });

  it('refuses a number the text makes infinite', () => {
    for (const limit of ['Infinity', '1e309', '-Infinity'])
      expect(check({ limit }), limit).toEqual([expect.objectContaining({ property: 'limit' })]);
  });
});
