/** How ledger rows read on the wire: signed amounts, and a reason in words whoever booked it. */
import { formatYuan } from '@kernel/core/money';
import type { LedgerType } from './contract';

/** 5000 → "+50.00", -1250 → "-12.50": the sign says which way the money went. */
export const signedYuan = (fen: number): string => (fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen));

/** Which rows a filter keeps: every row, money in (amount > 0) or money out (amount < 0). */
export const LEDGER_DIRECTION: Record<LedgerType, 'in' | 'out' | undefined> = { 0: undefined, 1: 'in', 2: 'out' };

/**
 * The reason key (`<plugin>:ledger.<reason>`) in words. A key nobody translates (a plugin since
 * removed, a typo) comes back from i18next as itself or without its namespace; the shopper then
 * reads a plain "income" or "expense" rather than a key.
 */
export function reasonText(t: (key: string) => string, key: string, amount: number): string {
  const text = t(key);
  const bare = key.slice(key.indexOf(':') + 1);
  if (text && text !== key && text !== bare) return text;
  return t(amount >= 0 ? 'wallet:ledger.other_income' : 'wallet:ledger.other_expense');
}
