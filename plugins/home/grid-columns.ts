/**
 * How many columns the home's shortcut grid gets for the entries present: one row of them all
 * up to five, else the width (5, 4 or 3) that leaves the fewest empty slots in the last row, so
 * three shortcuts never sit beside an empty fourth.
 */
export function gridColumns(count: number): number {
  if (count <= 5) return Math.max(1, count);
  const gaps = (columns: number) => (columns - (count % columns)) % columns;
  // Widest first: on a tie, fewer rows.
  return [5, 4, 3].reduce((best, columns) => (gaps(columns) < gaps(best) ? columns : best));
}
