import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsContract } from '@plugins/goods/contract';
import { orderContract } from './contract';
import { orderFixture, type OrderFixture } from './testing';

/** A flash sale's load on placing and paying: hot transactions, READ COMMITTED on PostgreSQL. */
let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(() => f.t.close());

type Shopper = Awaited<ReturnType<OrderFixture['shopper']>>;
type Sku = Awaited<ReturnType<OrderFixture['sku']>>;
let keys = 0;
const buy = (who: Shopper, sku: Sku) =>
  f.t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: who.addressId, request_key: `crowd-${++keys}-key` }, { token: who.token });
const stockOf = async (skuId: number) => (await f.t.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const salesOf = async (goodsId: number) => (await f.t.db.selectFrom('goods_goods').select('sales').where('id', '=', goodsId).executeTakeFirstOrThrow()).sales;

describe('a crowd on one SKU', () => {
  it('30 shoppers placing 4 orders each at once on a stock of 50: 50 placed, the rest "stock short", none oversold, no failure', async () => {
    const sku = await f.sku(50);
    const goodsStock = async () => (await f.t.call(goodsContract.detail, { id: sku.goodsId })).body.data.stock as number;
    const goodsBefore = await goodsStock();
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => f.shopper()));
    const replies = await Promise.all(shoppers.flatMap((s) => Array.from({ length: 4 }, () => buy(s, sku))));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(50);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg.includes('库存不足'))).toBe(true);
    expect(await stockOf(sku.skuId)).toBe(0);
    // The goods' stock, the sum of its SKUs', served 50 fewer.
    expect(await goodsStock()).toBe(goodsBefore - 50);
    const lines = await f.t.db.selectFrom('order_goods').select('quantity').where('sku_id', '=', sku.skuId).execute();
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(50);
    expect(await f.t.violations()).toEqual([]);
  });

  it('30 orders of one goods paid at once: each paid once, its sales counted 30 times, every balance equal to its rows', async () => {
    const sku = await f.sku(30);
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => f.shopper(sku.price)));
    const orders = await Promise.all(shoppers.map(async (s) => (await buy(s, sku)).body.data.order_no));
    const salesBefore = await salesOf(sku.goodsId);
    const replies = await Promise.all(shoppers.map((s, i) => f.t.call(orderContract.pay, { order_no: orders[i] }, { token: s.token })));
    expect(replies.map((r) => [r.status, r.body.code, r.body.data?.status])).toEqual(Array(30).fill([200, 1, 2]));
    expect(await salesOf(sku.goodsId)).toBe(salesBefore + 30);
    for (const s of shoppers) expect(await f.t.services.ledger.balance(f.t.db, s.id, 'money')).toBe(0);
    expect(await f.t.violations()).toEqual([]);
  });

  it('one order paid 10 times at once without a request key: one debit, and every reply says paid', async () => {
    const sku = await f.sku(5);
    const ann = await f.shopper(10 * sku.price);
    const orderNo = (await buy(ann, sku)).body.data.order_no;
    const replies = await Promise.all(Array.from({ length: 10 }, () => f.t.call(orderContract.pay, { order_no: orderNo }, { token: ann.token })));
    expect(replies.map((r) => [r.status, r.body.code, r.body.data?.status])).toEqual(Array(10).fill([200, 1, 2]));
    const debits = await f.t.db.selectFrom('kernel_ledger').select('ref').where('user_id', '=', ann.id).where('reason', '=', 'order:ledger.pay').execute();
    expect(debits).toEqual([{ ref: orderNo }]);
    expect(await f.t.services.ledger.balance(f.t.db, ann.id, 'money')).toBe(9 * sku.price);
    expect(await f.t.violations()).toEqual([]);
  });
});
