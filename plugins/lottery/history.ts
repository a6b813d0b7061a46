/** The shopper's own draws ("my prizes"), newest first, paged. */
import type { Db } from '@kernel/server/plugin';
import type { DrawPage } from './contract';
import { prizeLabel, worth } from './prizes';
import type {} from './tables';

type Translate = (key: string, params?: Record<string, string | number>) => string;

export async function myDraws(db: Db, query: { userId: number; page: number; limit: number }, t: Translate): Promise<DrawPage> {
  const { userId, page, limit } = query;
  const mine = db.selectFrom('lottery_draw').where('user_id', '=', userId);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .select(['id', 'slot', 'kind', 'amount', 'label', 'cost', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const list = rows.map((row) => {
    const amount = Number(row.amount);
    return { ...worth(row.kind, amount), id: row.id, slot: row.slot, label: prizeLabel(t, { kind: row.kind, amount, label: row.label }), cost: row.cost, created_at: Number(row.created_at) };
  });
  return { list, total: Number(total), page, limit };
}

/** Today's draws of one shopper (the counter the draw increments). */
export async function drawsToday(db: Db, userId: number, today: string): Promise<number> {
  const row = await db.selectFrom('lottery_daily').select('draws').where('user_id', '=', userId).where('business_date', '=', today).executeTakeFirst();
  return row ? Number(row.draws) : 0;
}
