/** Summary statistics of repeated measurements. */

/** Median, min and max of a sample (same unit as the sample). */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/**
 * @throws RangeError for an empty sample
 */
export function summarize(values: number[]): Summary {
  if (values.length === 0) throw new RangeError('no measurements');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: values.length };
}
