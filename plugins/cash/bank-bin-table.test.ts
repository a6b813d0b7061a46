import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { recogniseBank } from './bank-bin';
import { EXTRA_BINS } from './bank-bin-table';

const findBank = createRequire(import.meta.url)('banks-db') as (n: string) => { code?: string };

describe('the BIN table beside banks-db', () => {
  it.each([
    ['6222 0212 3456 7890 123', '中国工商银行'],
    ['6222 0312 3456 7890 123', '中国工商银行'],
    ['6228 4512 3456 7890 123', '中国农业银行'],
    ['6217 8612 3456 7890 123', '中国银行'],
    ['6227 0012 3456 7890 123', '中国建设银行'],
    ['6222 6212 3456 7890 123', '交通银行'],
    ['6214 8312 3456 7890', '招商银行'],
    ['6210 9812 3456 7890 123', '中国邮政储蓄银行'],
    ['6226 6012 3456 7890', '中国光大银行'],
  ])('knows %s as %s, a UnionPay card', (number, bank) => {
    expect(recogniseBank(number)).toEqual({ bank, type: 'unionpay' });
  });

  it('adds only prefixes banks-db does not know, each six digits, each to one bank', () => {
    const all = Object.values(EXTRA_BINS).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const bin of all) {
      expect(bin, bin).toMatch(/^\d{6}$/);
      expect(findBank(`${bin}0000000000000`).code, `${bin} is already in banks-db`).toBeUndefined();
    }
  });

  it('keeps every bank it names under the name banks-db gives it', () => {
    const names = new Set((createRequire(import.meta.url)('banks-db').data as { country: string; localTitle: string }[])
      .filter((b) => b.country === 'cn').map((b) => b.localTitle));
    const ours = Object.keys(EXTRA_BINS).filter((bank) => bank !== '中国邮政储蓄银行' && bank !== '广发银行');
    for (const bank of ours) expect(names.has(bank), bank).toBe(true);
  });
});
