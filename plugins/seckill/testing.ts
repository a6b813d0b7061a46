/**
 * Test set-up for the flash-sale plugin's server tests: the order fixture with seckill on (clock at
 * 10:00 Shanghai time), a session running now with one item of a known stock and quota, and many
 * buyers made quickly (user and address written directly).
 */
import { orderFixture, type OrderFixture } from '@plugins/order/testing';
import { orderContract } from '@plugins/order/contract';
import type { TestReply, TestUser } from '@kernel/server/testing';
import { addItem, addSession } from './setup';

export type Buyer = TestUser & { addressId: number };

export interface SeckillFixture extends OrderFixture {
  /** A session running from a minute ago for an hour, with one SKU at 1.00 yuan: stock and quota as given. */
  item(stock: number, quota: number): Promise<{ itemId: number; sessionId: number; goodsId: number; skuId: number; price: number }>;
  /** `n` shoppers with `money` fen and a default address, made in parallel. */
  buyers(n: number, money?: number): Promise<Buyer[]>;
  /** Places a flash-sale order of `num`; the raw reply. */
  buy(who: Buyer, item: { goodsId: number; skuId: number }, num?: number): Promise<TestReply<{ order_no: string; pay_amount: string; pay_deadline: number }>>;
  /** The item's stock and sold. */
  itemRow(itemId: number): Promise<{ stock: number; sold: number }>;
  skuStock(skuId: number): Promise<number>;
}

/** `plugins`: those the test needs besides seckill (e.g. coupon). */
export async function seckillFixture(plugins: readonly string[] = []): Promise<SeckillFixture> {
  const f = await orderFixture(['seckill', ...plugins]);
  const { t } = f;
  // The demo sessions run at the fixture's clock too: the tests' own items are the only ones.
  await t.db.deleteFrom('seckill_goods').execute();
  await t.db.deleteFrom('seckill_session').execute();
  let skus = 0;
  let keys = 0;
  return {
    ...f,
    async item(stock, quota) {
      const sku = await f.sku(stock + 100);
      skus += 1;
      const now = t.clock.nowSeconds();
      const sessionId = await addSession(t.db, { start: now - 60 - skus, end: now + 3600, now });
      const itemId = await addItem(t.db, { sessionId, skuId: sku.skuId, price: 100, stock, quota, now });
      return { itemId, sessionId, goodsId: sku.goodsId, skuId: sku.skuId, price: 100 };
    },
    async buyers(n, money = 0) {
      const now = t.clock.nowSeconds();
      return Promise.all(
        Array.from({ length: n }, async () => {
          const user = await t.createUser({ money });
          const row = await t.db
            .insertInto('address_address')
            .values({ user_id: user.id, name: '王小明', mobile: '13800138000', province: '广东省', province_code: '44', city: '深圳市', city_code: '4403', district: '南山区', district_code: '440305', detail: '科技园路1号', is_default: 1, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { ...user, addressId: Number(row.id) };
        }),
      );
    },
    buy: (who, item, num = 1) =>
      t.call(orderContract.confirm, { source: 'seckill', goods_id: item.goodsId, sku_id: item.skuId, num, address_id: who.addressId, request_key: `seckill-${++keys}-key` }, { token: who.token }),
    async itemRow(itemId) {
      const row = await t.db.selectFrom('seckill_goods').select(['stock', 'sold']).where('id', '=', itemId).executeTakeFirstOrThrow();
      return { stock: Number(row.stock), sold: Number(row.sold) };
    },
    async skuStock(skuId) {
      return Number((await t.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock);
    },
  };
}
