/**
 * Comparing a command's output with the output a doc shows, as Python's doctest does with its
 * ELLIPSIS option: `...` in the shown output stands for any text (ids, times, tokens, paths),
 * across lines too; everything else must match, except trailing spaces of a line and blank lines
 * at the start and end.
 */

/** Trailing spaces removed from each line, blank lines at both ends dropped. */
export function normaliseOutput(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Whether `actual` matches the shown `expected` output, `...` matching any text. */
export function outputMatches(expected: string, actual: string): boolean {
  const pattern = normaliseOutput(expected)
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(normaliseOutput(actual));
}
