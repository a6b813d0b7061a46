import { describe, expect, it } from 'vitest';
import { toCsv, unguarded } from './csv-write';

describe('CSV for a spreadsheet', () => {
  it('writes a header from the first row and one CRLF line per row, after a UTF-8 byte-order mark', () => {
    expect(toCsv([{ id: 1, name: '王小明', amount: '12.50' }, { id: 2, name: 'Li', amount: '3.00' }])).toBe('\uFEFFid,name,amount\r\n1,王小明,12.50\r\n2,Li,3.00\r\n');
  });

  it('quotes commas, quotes and line breaks, and writes null as empty', () => {
    expect(toCsv([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: null }])).toBe('\uFEFFa,b,c,d\r\n"x,y","say ""hi""","two\nlines",\r\n');
  });

  it('never lets a spreadsheet run a field as a formula, but writes negative numbers as numbers', () => {
    expect(toCsv([{ a: '=HYPERLINK("http://evil")', b: '+1', c: '@sum', d: -5 }])).toBe('\uFEFFa,b,c,d\r\n"\'=HYPERLINK(""http://evil"")",\'+1,\'@sum,-5\r\n');
  });

  it('is only the mark for no rows', () => {
    expect(toCsv([])).toBe('\uFEFF');
  });

  it('undoes its formula guard when read back, and leaves other text alone', () => {
    expect(unguarded("'=HYPERLINK(1)")).toBe('=HYPERLINK(1)');
    expect(unguarded("'-5")).toBe('-5');
    expect(unguarded("'quoted'")).toBe("'quoted'");
    expect(unguarded('plain')).toBe('plain');
  });
});
