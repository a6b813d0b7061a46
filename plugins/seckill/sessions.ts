/**
 * What shoppers read of the sale: today's and the next business day's sessions with their state,
 * the goods of one session (the asked one, else the running one, else the next, else the last),
 * the home page's few goods, and a SKU's offer for its settlement. Visitors see the same; a
 * logged-in shopper also what they bought of each item.
 */
import { formatYuan } from '@kernel/core/money';
import { businessDayStart } from '@kernel/server/clock';
import type { Db, Lang } from '@kernel/server/plugin';
import { skusForSale } from '@plugins/goods/public';
import { SESSION_STATE, type SeckillHome, type SeckillIndex, type SeckillItem, type SeckillOffer, type SeckillSession } from './contract';
import { boughtOf, itemOf, runningItem, sessionOf, type ItemRow, type SessionRow } from './offer';
import { laterDay, sessionState } from './state';
import type {} from './tables';

export interface Viewer {
  db: Db;
  userId: number | null;
  lang: Lang;
  /** Unix seconds. */
  now: number;
}

export const wireSession = (s: SessionRow, now: number): SeckillSession => ({
  id: s.id,
  title: s.title,
  start_at: s.start_at,
  end_at: s.end_at,
  state: sessionState(s, now),
  later_day: laterDay(s.start_at, now),
});

/** Sessions starting today or on the next business day, by start. */
export async function sessionsAround(db: Db, now: number): Promise<SessionRow[]> {
  const dayStart = Math.floor(businessDayStart(now * 1000) / 1000);
  const rows = await db
    .selectFrom('seckill_session')
    .select(['id', 'title', 'start_at', 'end_at', 'closed_at'])
    .where('start_at', '>=', dayStart)
    .where('start_at', '<', dayStart + 2 * 86400)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
  return rows.map(sessionOf);
}

/** The running session, else the next to start, else (`fallback`) the last. */
export function featured(sessions: readonly SessionRow[], now: number, fallback: boolean): SessionRow | null {
  const states = sessions.map((s) => sessionState(s, now));
  const running = sessions[states.indexOf(SESSION_STATE.running)];
  const next = sessions.find((s, i) => states[i] !== SESSION_STATE.ended && s.start_at > now);
  return running ?? next ?? (fallback ? (sessions.at(-1) ?? null) : null);
}

/** Items as shoppers see them, with the SKU's name, picture and normal price. */
export async function wireItems({ db, userId, lang }: Viewer, items: readonly ItemRow[]): Promise<SeckillItem[]> {
  const skus = await skusForSale(db, items.map((i) => i.sku_id), lang);
  const bought = await boughtOf(db, userId, items.map((i) => i.id));
  return items.flatMap((i) => {
    const sku = skus.get(i.sku_id);
    if (!sku) return [];
    return [{
      id: i.id,
      seckill_id: i.session_id,
      goods_id: i.goods_id,
      sku_id: i.sku_id,
      name: sku.name,
      image: sku.image,
      spec: sku.specText,
      price: formatYuan(i.price),
      original_price: formatYuan(sku.price),
      stock: i.stock,
      sold: i.sold,
      left: Math.max(0, i.stock - i.sold),
      quota: i.quota,
      bought: bought.get(i.id) ?? 0,
    }];
  });
}

async function itemsOf(db: Db, sessionId: number, limit?: number): Promise<ItemRow[]> {
  let query = db.selectFrom('seckill_goods as i').select(['i.id', 'i.session_id', 'i.goods_id', 'i.sku_id', 'i.price', 'i.stock', 'i.sold', 'i.quota']).where('i.session_id', '=', sessionId).orderBy('i.id');
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(itemOf);
}

export async function seckillIndex(viewer: Viewer, sessionId: number | undefined): Promise<SeckillIndex> {
  const sessions = await sessionsAround(viewer.db, viewer.now);
  const chosen = sessions.find((s) => s.id === sessionId) ?? featured(sessions, viewer.now, true);
  return {
    server_time: viewer.now,
    sessions: sessions.map((s) => wireSession(s, viewer.now)),
    session_id: chosen?.id ?? null,
    goods: chosen ? await wireItems(viewer, await itemsOf(viewer.db, chosen.id)) : [],
  };
}

export async function seckillHome(viewer: Viewer, homeGoods: number): Promise<SeckillHome> {
  const session = featured(await sessionsAround(viewer.db, viewer.now), viewer.now, false);
  return {
    server_time: viewer.now,
    session: session ? wireSession(session, viewer.now) : null,
    goods: session ? await wireItems(viewer, await itemsOf(viewer.db, session.id, homeGoods)) : [],
  };
}

export async function seckillOffer(viewer: Viewer, goodsId: number, skuId: number, payMinutes: number): Promise<SeckillOffer> {
  const { item, session } = await runningItem(viewer.db, goodsId, skuId, viewer.now);
  const [wire] = await wireItems(viewer, [item]);
  return { server_time: viewer.now, session: wireSession(session, viewer.now), item: wire, pay_minutes: payMinutes };
}
