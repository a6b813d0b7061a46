/** Reading the caller's own ledger: the account's current value and one page of its rows (the kernel's ledger). */
import type { Db } from '@kernel/server/plugin';
import { ledgerBalance, ledgerHistory } from '@kernel/server/services/ledger-reads';
import type { LedgerType } from './contract';
import { LEDGER_DIRECTION } from './rules';

export type Account = 'money' | 'score';

export interface LedgerQuery {
  userId: number;
  account: Account;
  type: LedgerType;
  page: number;
  limit: number;
}

export interface LedgerSlice {
  /** The account now (fen or points). */
  value: number;
  rows: { id: number; amount: number; balance_after: number; reason: string; memo: string; created_at: number }[];
  total: number;
}

export async function readLedger(db: Db, query: LedgerQuery): Promise<LedgerSlice> {
  const { userId, account, page, limit } = query;
  const { rows, total } = await ledgerHistory(db, { userId, account, direction: LEDGER_DIRECTION[query.type], page, limit });
  return {
    value: await ledgerBalance(db, userId, account),
    total,
    rows: rows.map((r) => ({ id: r.id, amount: r.amount, balance_after: r.balanceAfter, reason: r.reason, memo: r.memo, created_at: r.createdAt })),
  };
}
