import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-read';
import { toCsv } from './csv-write';

const fieldsOf = (text: string) => readCsv(text).records.map((r) => r.fields);

describe('reading CSV (RFC 4180)', () => {
  it('reads records of comma-separated fields, ending in LF, CRLF or the end of the text', () => {
    expect(fieldsOf('a,b,c\n1,2,3\r\nx,,z')).toEqual([['a', 'b', 'c'], ['1', '2', '3'], ['x', '', 'z']]);
    expect(fieldsOf('a,b\r\n1,\r\n')).toEqual([['a', 'b'], ['1', '']]);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks, and numbers each record by the line it starts on', () => {
    const { records, problems } = readCsv('name,note\r\n"极光, X5","说 ""好""\r\n第二行"\r\nend,"x"\n');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['极光, X5', '说 "好"\r\n第二行'] },
      { line: 4, fields: ['end', 'x'] },
    ]);
  });

  it('drops the byte-order mark spreadsheets write and keeps a blank line as an empty record, as a spreadsheet counts it', () => {
    expect(readCsv('\uFEFFcode,名称\n\nA1,手机\r\n')).toEqual({
      records: [{ line: 1, fields: ['code', '名称'] }, { line: 2, fields: [''] }, { line: 3, fields: ['A1', '手机'] }],
      problems: [],
    });
  });

  it('reads back what the writer wrote', () => {
    const rows = [{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: '' }, { a: '王小明', b: '12.50', c: '', d: 'end' }];
    const [header, ...records] = fieldsOf(toCsv(rows));
    expect(header).toEqual(['a', 'b', 'c', 'd']);
    expect(records).toEqual(rows.map((r) => Object.values(r)));
  });

  it('reports every malformed quote by line rather than guessing', () => {
    expect(readCsv('a,b\n1,x"y\n"ok"z,2\n"never closed,3\n').problems).toEqual([
      'line 2: a quote inside an unquoted field (quote the whole field and double the quote)',
      'line 3: text after a quoted field\'s closing quote',
      'line 4: a quoted field is never closed',
    ]);
  });
});
