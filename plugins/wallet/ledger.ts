/** Reading the caller's own ledger: the account's current value and one page of its rows. */
import type { Db } from '@kernel/server/plugin';
import type { LedgerType } from './contract';
import { AMOUNT_SIGN } from './rules';

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
  const user = await db.selectFrom('kernel_user').select(['money', 'score']).where('id', '=', query.userId).executeTakeFirstOrThrow();
  let rows = db.selectFrom('kernel_ledger').where('user_id', '=', query.userId).where('account', '=', query.account);
  const sign = AMOUNT_SIGN[query.type];
  if (sign) rows = rows.where('amount', sign, 0);
  const [{ total }] = await rows.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const page = await rows
    .select(['id', 'amount', 'balance_after', 'reason', 'memo', 'created_at'])
    // Ids grow with time; (user_id, account, id) is indexed.
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  // PostgreSQL answers bigint columns as strings.
  return {
    value: Number(user[query.account]),
    total: Number(total),
    rows: page.map((r) => ({ ...r, amount: Number(r.amount), balance_after: Number(r.balance_after), created_at: Number(r.created_at) })),
  };
}
