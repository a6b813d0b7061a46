import { describe, expect, it } from 'vitest';
import { reasonText, signedYuan } from './rules';

describe('ledger rows on the wire', () => {
  it('signs money: + for money in, - for money out', () => {
    expect([signedYuan(5_000), signedYuan(-1_250), signedYuan(7), signedYuan(0)]).toEqual(['+50.00', '-12.50', '+0.07', '0.00']);
  });

  it('reads a known reason in words, and an unknown one as income or expense', () => {
    const strings: Record<string, string> = {
      'order:ledger.pay': '订单支付',
      'wallet:ledger.other_income': '其他收入',
      'wallet:ledger.other_expense': '其他支出',
    };
    // i18next answers a missing key with the key, or the key without its namespace.
    const t = (key: string) => strings[key] ?? key.slice(key.indexOf(':') + 1);
    expect(reasonText(t, 'order:ledger.pay', -100)).toBe('订单支付');
    expect(reasonText(t, 'gone:ledger.fee', -100)).toBe('其他支出');
    expect(reasonText(t, 'gone:ledger.bonus', 100)).toBe('其他收入');
  });
});
