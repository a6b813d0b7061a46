/** Reading cash-outs: a shopper's own log, and the operators' queue. */
import type { Db } from '@kernel/server/plugin';
import type { CashLogPage } from './contract';
import { toCashRecord, type Translate } from './records';
import type { CashState } from './states';

export async function cashLog(db: Db, userId: number, page: number, limit: number, t: Translate): Promise<CashLogPage> {
  const mine = db.selectFrom('cash_withdrawal').where('user_id', '=', userId);
  const [{ total }] = await mine.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await mine
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { list: rows.map((row) => toCashRecord(row, t)), total: Number(total), page, limit };
}

/** The newest cash-outs (of one state), with their shoppers: what operators review and pay. */
export async function latestCash(db: Db, options: { state?: CashState; limit: number }) {
  let query = db
    .selectFrom('cash_withdrawal as c')
    .innerJoin('kernel_user as u', 'u.id', 'c.user_id')
    .select(['c.id', 'u.username', 'c.state', 'c.amount', 'c.fee', 'c.actual', 'c.holder', 'c.bank', 'c.card_no', 'c.reason', 'c.created_at'])
    .orderBy('c.id', 'desc')
    .limit(options.limit);
  if (options.state !== undefined) query = query.where('c.state', '=', options.state);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount), fee: Number(row.fee), actual: Number(row.actual), created_at: Number(row.created_at) }));
}
