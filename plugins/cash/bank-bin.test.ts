import { describe, expect, it } from 'vitest';
import { recogniseBank } from './bank-bin';
import { CARDS } from './fixtures';

describe('recognising the bank from the number (banks-db)', () => {
  it.each([
    ['622848', '中国农业银行'],
    ['622200', '中国工商银行'],
    ['621700', '中国建设银行'],
    ['622588', '招商银行'],
    ['622260', '交通银行'],
  ])('knows %s as %s, a UnionPay card', (prefix, bank) => {
    expect(recogniseBank(prefix)).toEqual({ bank, type: 'unionpay' });
  });

  it('reads a whole number, spaces and all', () => {
    expect(recogniseBank(CARDS.abc.replace(/(\d{4})/g, '$1 '))).toEqual({ bank: '中国农业银行', type: 'unionpay' });
  });

  it("names China Guangfa Bank rightly where the data has Bank of China's name", () => {
    expect(recogniseBank('622568').bank).toBe('广发银行');
  });

  it('names a foreign bank in English, and a Taiwan bank in its Chinese name', () => {
    expect(recogniseBank('401135').bank).toBe('Chase');
    expect(recogniseBank('404381').bank).toBe('玉山銀行');
  });

  it('knows the scheme without the bank, and nothing from fewer than six digits', () => {
    expect(recogniseBank(CARDS.visa)).toEqual({ bank: '', type: 'visa' });
    expect(recogniseBank(CARDS.unknown)).toEqual({ bank: '', type: 'unionpay' });
    expect(recogniseBank('62284')).toEqual({ bank: '', type: '' });
    expect(recogniseBank('abcdefg')).toEqual({ bank: '', type: '' });
  });
});
