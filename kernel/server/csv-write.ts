/**
 * CSV for a spreadsheet (RFC 4180): a header of the first row's keys, then one line per row, fields
 * quoted when they hold a comma, quote or line break, lines ending in CRLF. It opens with a UTF-8
 * byte-order mark, so a spreadsheet shows Chinese names right. A text field starting with = + - @
 * (or a tab or carriage return) is prefixed with ' so a spreadsheet never runs it as a formula
 * (OWASP's CSV injection rule); numbers are written as they are. Used by the CLI's `--csv` and by
 * exports a plugin writes to a file; ./csv-read.ts reads it back.
 */
const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly object[]): string {
  if (rows.length === 0) return '\uFEFF';
  const columns = Object.keys(rows[0]);
  const lines = [columns.map(field).join(','), ...rows.map((row) => columns.map((column) => field((row as Record<string, unknown>)[column])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A field as it was before `toCsv` guarded it against formulas: `'=SUM(A1)` → `=SUM(A1)`; anything else as it is. */
export const unguarded = (text: string): string => (text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text);
