/**
 * Demo flash sales: three sessions today (10:00, 14:00, 20:00) and one tomorrow at 10:00, two
 * hours each, relative to the business day of the seed's clock, each with 3–4 of the demo
 * catalogue's SKUs at about 60 % of their price, so a fresh `npm start` shows a sale running or coming.
 */
import { businessDayStart } from '@kernel/server/clock';
import type { SeedContext } from '@kernel/server/plugin';
import { addItem, addSession } from './setup';
import type {} from './tables';

const HOURS = [10, 14, 20, 34];

export async function seedSeckill({ db, services }: SeedContext): Promise<string[]> {
  const now = services.clock.nowSeconds();
  const day = Math.floor(businessDayStart(services.clock.now()) / 1000);
  const skus = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods_goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.price', 's.stock'])
    .where('g.status', '=', 1)
    .where('s.stock', '>=', 30)
    .where('s.price', '>=', 200)
    .orderBy('g.id')
    .orderBy('s.id')
    .limit(40)
    .execute();
  // One SKU per goods is enough for a demo: every other row keeps the list varied.
  let next = 0;
  let items = 0;
  for (const [index, hour] of HOURS.entries()) {
    const start = day + hour * 3600;
    const sessionId = await addSession(db, { start, end: start + 2 * 3600, now });
    for (let k = 0; k < (index % 2 === 0 ? 4 : 3) && next < skus.length; k += 1, next += 2) {
      const sku = skus[next];
      await addItem(db, { sessionId, skuId: sku.id, price: Math.max(1, Math.round((Number(sku.price) * 0.6) / 10) * 10 - 10), stock: 20, quota: 2, now: Math.min(now, start) });
      items += 1;
    }
  }
  return [`${HOURS.length} flash-sale sessions, ${items} goods`];
}
