/** One row of the benchmark table, and its printing. */
import type { Summary } from './stats.js';

/** A figure: embedkit's measurement, its anchor measured in the same run, and the target. */
export interface Figure {
  figure: string;
  unit: string;
  embedkit: Summary;
  anchor?: { name: string; value: Summary };
  /** embedkit median / anchor median (or as stated in `ratioNote`). */
  ratio?: number;
  target: string;
  pass: boolean;
  note?: string;
  /** The Node.js version that ran the measured code (`process.version`, e.g. "v24.21.0"). */
  node?: string;
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const range = (s: Summary) => `${fmt(s.median)} [${fmt(s.min)}–${fmt(s.max)}]`;

/** The table as text: figure, Node.js version, embedkit, anchor, ratio, target, pass/fail. */
export function formatTable(figures: Figure[]): string {
  const rows = [
    ['figure', 'node', 'embedkit (median [min–max])', 'anchor (median [min–max])', 'ratio', 'target', 'result'],
    ...figures.map((f) => [
      `${f.figure} (${f.unit})`,
      f.node ?? '–',
      range(f.embedkit),
      f.anchor ? `${f.anchor.name}: ${range(f.anchor.value)}` : '–',
      f.ratio === undefined ? '–' : f.ratio.toFixed(2),
      f.target,
      f.pass ? 'pass' : 'FAIL',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line)].join('\n');
}

/** A row's columns before its ratio and verdict: embedkit's figure and an anchor in the same unit, measured in the same run. */
export interface AnchoredRow {
  figure: string;
  unit: string;
  embedkit: Summary;
  anchor: { name: string; value: Summary };
  note?: string;
}

/**
 * A row judged against its target, its ratio embedkit's median over the anchor's median (so the
 * ratio column always speaks of the anchor the row shows).
 * @param target the target column's text
 * @param pass whether embedkit's figure meets the target
 */
export function anchored(row: AnchoredRow, target: string, pass: boolean): Figure {
  return { ...row, ratio: row.embedkit.median / row.anchor.value.median, target, pass };
}

/**
 * A row that reports without judging: {@link anchored}, always passing.
 * @param why what the row shows, printed as `informational (<why>)` in the target column
 */
export function informational(row: AnchoredRow, why: string): Figure {
  return anchored(row, `informational (${why})`, true);
}
