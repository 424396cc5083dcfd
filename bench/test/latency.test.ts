import { describe, expect, it } from 'vitest';
import { latencyOf, percentile } from '../sequential/latency.js';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose

  it('p50 and p99 of 1..100 are 50 and 99', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('p99 of 1,000 calls is the 990th fastest, so ten slow calls show', () => {
    const calls = [...Array.from({ length: 990 }, () => 1), ...Array.from({ length: 10 }, () => 50)];
    expect(percentile(calls, 99)).toBe(1);
    expect(percentile([...calls.slice(1), 50], 99)).toBe(50);
  });

  it('refuses an empty sample and a percentile outside (0, 100]', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('latencyOf', () => {
  it('gives the mean beside the percentiles', () => {
    expect(latencyOf([1, 2, 3, 10])).toEqual({ mean: 4, p50: 2, p99: 10, n: 4 });
  });
});
