/**
 * Reading balances and ledger rows. The ledger service exposes these to plugins; they are plain
 * functions of a query executor as well, because a data invariant (`Invariant.check(db)`) gets no
 * services and still has to compare a plugin's records with the ledger.
 */
import type { Selectable } from 'kysely';
import type { KernelLedgerTable } from '../database';
import type { Db, LedgerAccount, LedgerHistoryQuery, LedgerRow, Tx } from '../plugin';

/** The balance now (fen or points). A user who does not exist is a programming error, not a refusal. */
export async function ledgerBalance(q: Db | Tx, userId: number, account: LedgerAccount): Promise<number> {
  const row = await q.selectFrom('kernel_user').select(['money', 'score']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new Error(`ledger: user ${userId} does not exist`);
  // PostgreSQL answers bigint columns as strings.
  return Number(row[account]);
}

/** One page of a user's rows in one account, newest first, and how many rows match in all. */
export async function ledgerHistory(q: Db | Tx, query: LedgerHistoryQuery): Promise<{ rows: LedgerRow[]; total: number }> {
  let rows = q.selectFrom('kernel_ledger').where('user_id', '=', query.userId).where('account', '=', query.account);
  if (query.direction) rows = rows.where('amount', query.direction === 'in' ? '>' : '<', 0);
  const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const page = await rows
    .selectAll()
    // Ids grow with time; (user_id, account, id) is indexed.
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { rows: page.map(toLedgerRow), total: Number(total) };
}

/** Every row booked under one of `reasons` (in one account, when given), oldest first: what invariants compare. */
export async function ledgerRows(q: Db | Tx, filter: { reasons: readonly string[]; account?: LedgerAccount }): Promise<LedgerRow[]> {
  if (filter.reasons.length === 0) return [];
  let rows = q.selectFrom('kernel_ledger').selectAll().where('reason', 'in', [...filter.reasons]);
  if (filter.account) rows = rows.where('account', '=', filter.account);
  return (await rows.orderBy('id').execute()).map(toLedgerRow);
}

function toLedgerRow(row: Selectable<KernelLedgerTable>): LedgerRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    account: row.account,
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    reason: row.reason,
    ref: row.ref,
    memo: row.memo,
    createdAt: Number(row.created_at),
  };
}
