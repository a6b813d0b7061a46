/**
 * Reading CSV (RFC 4180), the inverse of ./csv-write.ts: fields separated by commas, records by
 * CRLF or LF, a field in double quotes may hold commas, line breaks and doubled quotes (`""`). A
 * leading UTF-8 byte-order mark (what spreadsheets write) is dropped. A blank line is a record of
 * one empty field, kept so records count as a spreadsheet numbers its rows. A record knows the
 * line it starts on, so a problem can name it; a malformed quote is reported, never guessed at.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1-based): a quoted field may span several. */
  line: number;
  fields: string[];
}

export interface CsvRead {
  records: CsvRecord[];
  /** Each names its line: `line 4: a quote inside an unquoted field`. Empty when the text is well formed. */
  problems: string[];
}

export function readCsv(text: string): CsvRead {
  const records: CsvRecord[] = [];
  const problems: string[] = [];
  const s = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < s.length) {
    const start = line;
    const fields: string[] = [];
    let ended = false;
    while (!ended) {
      let field = '';
      if (s[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= s.length) {
            problems.push(`line ${start}: a quoted field is never closed`);
            break;
          }
          const c = s[i];
          if (c === '"') {
            if (s[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === '\n') line += 1;
          field += c;
          i += 1;
        }
        if (i < s.length && s[i] !== ',' && s[i] !== '\n' && !(s[i] === '\r' && s[i + 1] === '\n')) {
          problems.push(`line ${line}: text after a quoted field's closing quote`);
          while (i < s.length && s[i] !== ',' && s[i] !== '\n' && s[i] !== '\r') field += s[i++];
        }
      } else {
        while (i < s.length && s[i] !== ',' && s[i] !== '\n' && !(s[i] === '\r' && s[i + 1] === '\n')) {
          if (s[i] === '"') problems.push(`line ${line}: a quote inside an unquoted field (quote the whole field and double the quote)`);
          field += s[i++];
        }
      }
      fields.push(field);
      if (s[i] === ',') {
        i += 1;
        continue;
      }
      // End of record: CRLF, LF or the end of the text.
      if (s[i] === '\r') i += 1;
      if (s[i] === '\n') {
        i += 1;
        line += 1;
      }
      ended = true;
    }
    records.push({ line: start, fields });
  }
  return { records, problems };
}
