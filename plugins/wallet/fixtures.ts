/** Wire-shaped ledger pages for the wallet's browser tests. */
import type { BalancePage, LedgerRow, ScorePage } from './contract';

/** Unix seconds of a local wall-clock time, so formatted times read the same in any time zone. */
export const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Math.floor(new Date(year, month - 1, day, hour, minute, second).getTime() / 1000);

export const moneyRow = (id: number, fields: Partial<LedgerRow<string>> = {}): LedgerRow<string> => ({
  id,
  amount: '+50.00',
  balance_after: '938.00',
  reason: '卡密兑换',
  memo: '',
  createtime: at(2026, 3, 2, 10, 30, 5),
  ...fields,
});

export const scoreRow = (id: number, fields: Partial<LedgerRow<number>> = {}): LedgerRow<number> => ({
  id,
  amount: 100,
  balance_after: 1_300,
  reason: '卡密兑换',
  memo: '',
  createtime: at(2026, 3, 2, 10, 30, 5),
  ...fields,
});

export const balancePage = (list: LedgerRow<string>[], fields: Partial<BalancePage> = {}): BalancePage => ({
  money: '938.00',
  list,
  total: list.length,
  page: 1,
  limit: 20,
  ...fields,
});

export const scorePage = (list: LedgerRow<number>[], fields: Partial<ScorePage> = {}): ScorePage => ({
  score: 1_300,
  list,
  total: list.length,
  page: 1,
  limit: 20,
  ...fields,
});
