/** What the commission page reads: the shopper's totals and records, newest first. */
import { sql } from 'kysely';
import { formatYuan } from '@kernel/core/money';
import type { Db, ServerServices } from '@kernel/server/plugin';
import type { CommissionPage, CommissionStateName } from './contract';
import type {} from './tables';

/** A rate in basis points as people read it: 1000 → "10%", 1050 → "10.5%". */
export const ratePercent = (basisPoints: number): string => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export async function commissionTotals(db: Db, userId: number) {
  const sums = await db
    .selectFrom('team_commission')
    .select([
      sql<number>`coalesce(sum(case when state = 'frozen' then amount else 0 end), 0)`.as('frozen'),
      sql<number>`coalesce(sum(case when state = 'available' then amount else 0 end), 0)`.as('available'),
      sql<number>`coalesce(sum(case when released_at is not null then amount else 0 end), 0)`.as('paid_out'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const owed = await db.selectFrom('team_debt').select(sql<number>`coalesce(sum("left"), 0)`.as('owed')).where('user_id', '=', userId).where('settled_at', 'is', null).executeTakeFirstOrThrow();
  return { frozen: Number(sums.frozen), available: Number(sums.available), paidOut: Number(sums.paid_out), owed: Number(owed.owed) };
}

export async function commissionPage(db: Db, services: ServerServices, userId: number, input: { state?: CommissionStateName; page: number; limit: number }): Promise<CommissionPage> {
  let rows = db.selectFrom('team_commission as c').where('c.user_id', '=', userId);
  if (input.state) rows = rows.where('c.state', '=', input.state);
  const [{ n }, list, totals] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows
      .select(['c.id', 'c.order_no', 'c.buyer_id', 'c.level', 'c.via', 'c.amount', 'c.base', 'c.rate', 'c.state', 'c.created_at', 'c.release_at', 'c.released_at', 'c.reversed_at', 'c.clawed_at'])
      .orderBy('c.id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    commissionTotals(db, userId),
  ]);
  const time = (v: number | null) => (v === null ? null : Number(v));
  const buyers = await services.users.byIds(db, [...new Set(list.map((r) => Number(r.buyer_id)))]);
  const buyerName = (id: number) => {
    const buyer = buyers.get(id);
    return buyer ? buyer.nickname || buyer.username : '';
  };
  return {
    totals: { frozen: formatYuan(totals.frozen), available: formatYuan(totals.available), paid_out: formatYuan(totals.paidOut), owed: formatYuan(totals.owed) },
    list: list.map((r) => ({
      id: Number(r.id),
      order_no: r.order_no,
      buyer: buyerName(Number(r.buyer_id)),
      level: Number(r.level) === 2 ? 2 : 1,
      via: r.via === 'agent' ? 'agent' : 'invite',
      amount: formatYuan(Number(r.amount)),
      base: formatYuan(Number(r.base)),
      rate: ratePercent(Number(r.rate)),
      state: r.state,
      created_at: Number(r.created_at),
      release_at: time(r.release_at),
      released_at: time(r.released_at),
      reversed_at: time(r.reversed_at),
      clawed_at: time(r.clawed_at),
    })),
    total: Number(n),
    page: input.page,
    limit: input.limit,
  };
}
