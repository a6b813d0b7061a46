/**
 * A catalogue file's rows, before their values are checked: CSV (by the file's header) or JSON
 * (an array of objects). Rows are numbered as a spreadsheet numbers them (the CSV header is row
 * 1; the first JSON object is row 1), so a problem names the row an operator can find.
 */
import { readCsv } from '@kernel/server/csv-read';
import { unguarded } from '@kernel/server/csv-write';
import { COLUMNS, REQUIRED_COLUMNS, type CatalogueRow, type Column } from './import-columns';

export interface FileRow {
  row: number;
  /** Where a CSV row starts in the file, when that is not its row number (a cell spans lines above). */
  line?: number;
  cells: CatalogueRow;
}

export interface FileRows {
  rows: FileRow[];
  /** The known columns the file has (a JSON file: those some row has). */
  columns: ReadonlySet<Column>;
  /** Problems with the file as a whole (its format, its columns); each row's values are checked later. */
  problems: string[];
}

const known = new Set<string>(COLUMNS);
const knownOf = (columns: readonly string[]) => new Set(columns.filter((c) => known.has(c))) as Set<Column>;
const emptyRow = (): CatalogueRow => Object.fromEntries(COLUMNS.map((c) => [c, ''])) as CatalogueRow;

function columnProblems(columns: readonly string[]): string[] {
  const problems: string[] = [];
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length) problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')} (the columns are ${COLUMNS.join(', ')})`);
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) problems.push(`column${twice.length > 1 ? 's' : ''} ${[...new Set(twice)].map((c) => `"${c}"`).join(', ')} given twice`);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) problems.push(`the file has no column ${missing.join(', ')}`);
  return problems;
}

export function csvRows(text: string): FileRows {
  const { records, problems } = readCsv(text);
  if (records.length === 0) return { rows: [], columns: new Set(), problems: ['the file is empty: it needs a header row naming the columns'] };
  const header = records[0].fields.map((f) => f.trim());
  problems.push(...columnProblems(header));
  const rows: FileRow[] = [];
  records.slice(1).forEach((record, i) => {
    if (record.fields.every((f) => f.trim() === '')) return;
    const row = i + 2;
    if (record.fields.length > header.length) problems.push(`row ${row}: ${record.fields.length} cells under a header of ${header.length} columns`);
    const cells = emptyRow();
    header.forEach((column, c) => {
      if (known.has(column)) cells[column as Column] = unguarded((record.fields[c] ?? '').trim());
    });
    rows.push({ row, ...(record.line === row ? {} : { line: record.line }), cells });
  });
  return { rows, columns: knownOf(header), problems };
}

export function jsonRows(text: string): FileRows {
  let data: unknown;
  try {
    data = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    return { rows: [], columns: new Set(), problems: [`the file is no JSON: ${(error as Error).message}`] };
  }
  if (!Array.isArray(data)) return { rows: [], columns: new Set(), problems: ['the file holds no JSON array of rows ([{ "code": …, "name": …, "price": … }, …])'] };
  if (data.length === 0) return { rows: [], columns: new Set(), problems: [] };
  const problems: string[] = [];
  const columns = new Set<string>();
  const rows = data.map((item, i): FileRow => {
    const row = i + 1;
    const cells = emptyRow();
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`row ${row}: not an object of columns`);
      return { row, cells };
    }
    for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
      columns.add(key);
      if (!known.has(key)) continue;
      if (value === null || value === undefined) continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') cells[key as Column] = String(value).trim();
      else problems.push(`row ${row}, ${key}: expected text or a number`);
    }
    return { row, cells };
  });
  // Every JSON row names its own keys: a column is missing only when no row has it.
  problems.unshift(...columnProblems([...columns]).filter((p) => !p.includes('given twice')));
  return { rows, columns: knownOf([...columns]), problems };
}

/** The rows of a catalogue file by its name: `.json` is JSON, anything else CSV. */
export const fileRows = (file: string, text: string): FileRows => (/\.json$/i.test(file) ? jsonRows(text) : csvRows(text));
