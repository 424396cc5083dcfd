import { describe, expect, it } from 'vitest';
import { newQuoteToken } from '../../src/messages/quote-token.js';

describe('newQuoteToken', () => {
  it('gives 64-character base64url tokens, all different, across many refills of its random pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newQuoteToken());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('never hands out the same random bytes twice (no random part shares a 16-character run with the next)', () => {
    const randomParts = Array.from({ length: 200 }, () => newQuoteToken().slice(9));
    for (let i = 1; i < randomParts.length; i++) expect(randomParts[i]!.includes(randomParts[i - 1]!.slice(0, 16))).toBe(false);
  });

  it('sorts each token after the ones made before it, as text (so the index of stored tokens grows at its end)', () => {
    // More than 1,024 in the same millisecond: the ordered part runs ahead of the clock and still never repeats.
    const tokens = Array.from({ length: 5000 }, () => newQuoteToken());
    const sorted = [...tokens].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(sorted).toEqual(tokens);
    expect(new Set(tokens.map((t) => t.slice(0, 9))).size).toBe(tokens.length);
  });
});
