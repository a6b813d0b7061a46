/** Reading cash-outs: a shopper's own log, and the operators' queue. */
import type { Db, OperatorContext } from '@kernel/server/plugin';
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
export async function latestCash({ db, services }: Pick<OperatorContext, 'db' | 'services'>, options: { state?: CashState; limit: number }) {
  let query = db
    .selectFrom('cash_withdrawal')
    .select(['id', 'user_id', 'state', 'amount', 'fee', 'actual', 'holder', 'bank', 'card_no', 'reason', 'created_at'])
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.state !== undefined) query = query.where('state', '=', options.state);
  const rows = await query.execute();
  const shoppers = await services.users.byIds(db, rows.map((row) => row.user_id));
  return rows.map(({ id, user_id, ...row }) => ({
    id,
    username: shoppers.get(user_id)?.username ?? `user ${user_id}`,
    ...row,
    amount: Number(row.amount),
    fee: Number(row.fee),
    actual: Number(row.actual),
    created_at: Number(row.created_at),
  }));
}
