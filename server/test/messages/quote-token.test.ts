import { describe, expect, it } from 'vitest';
import { newQuoteToken } from '../../src/messages/quote-token.js';

describe('newQuoteToken', () => {
  it('gives 64-character base64url tokens, all different, across many refills of its random pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newQuoteToken());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('never hands out the same random bytes twice (no token shares a 16-character run with the next)', () => {
    const tokens = Array.from({ length: 200 }, () => newQuoteToken());
    for (let i = 1; i < tokens.length; i++) expect(tokens[i]!.includes(tokens[i - 1]!.slice(0, 16))).toBe(false);
  });
});
