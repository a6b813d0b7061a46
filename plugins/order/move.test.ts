import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderContract } from './contract';
import { expireUnpaid, refundOrder, shipOrder } from './lifecycle';
import { orderFixture, type OrderFixture } from './testing';

/** Every move of an order through moveOrder (./move.ts): racing twins change it once, on SQLite and PostgreSQL. */
let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(() => f.t.close());

type Shopper = Awaited<ReturnType<OrderFixture['shopper']>>;
let keys = 0;
async function placed(who: Shopper, stock = 10) {
  const sku = await f.sku(stock);
  const reply = await f.t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 2, address_id: who.addressId, request_key: `move-${++keys}-key` }, { token: who.token });
  expect(reply.body.code).toBe(1);
  return { orderNo: reply.body.data.order_no, sku };
}
const pay = (who: Shopper, orderNo: string) => f.t.call(orderContract.pay, { order_no: orderNo }, { token: who.token });
const stockOf = async (skuId: number) => (await f.t.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const statusOf = async (orderNo: string) => (await f.t.db.selectFrom('order_order').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status;
const refundsOf = (orderNo: string) => f.t.db.selectFrom('kernel_ledger').select(['amount']).where('ref', '=', orderNo).where('reason', '=', 'order:ledger.refund').execute();
const eventsOf = async (orderNo: string) =>
  (await f.t.db.selectFrom('kernel_event').select(['name', 'payload']).orderBy('id').execute()).filter((e) => e.payload.includes(`"${orderNo}"`)).map((e) => e.name);

describe('one way to move an order', () => {
  it('cancels a paid order asked 10 times at once exactly once: one refund, the stock back once, one pair of events', async () => {
    const ann = await f.shopper();
    const { orderNo, sku } = await placed(ann);
    expect((await pay(ann, orderNo)).body.code).toBe(1);
    const replies = await Promise.all(Array.from({ length: 10 }, () => f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })));
    expect(replies.map((r) => [r.status, r.body.code, r.body.data?.status])).toEqual(Array(10).fill([200, 1, -1]));
    expect(await refundsOf(orderNo)).toHaveLength(1);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect(await eventsOf(orderNo)).toEqual(['order.placed', 'order.paid', 'order.cancelled', 'order.refunded']);
    expect(await f.t.violations()).toEqual([]);
  });

  it('refunds a shipped order asked 10 times at once exactly once, through the balance that paid it', async () => {
    const ann = await f.shopper();
    const before = await f.t.services.ledger.balance(f.t.db, ann.id, 'money');
    const { orderNo, sku } = await placed(ann);
    await pay(ann, orderNo);
    await shipOrder(f.t.app.storefront, orderNo, 3);
    const results = await Promise.all(Array.from({ length: 10 }, () => refundOrder(f.t.app.storefront, orderNo)));
    expect(results.filter((r) => r?.refunded)).toHaveLength(1);
    expect(results.every((r) => r?.status === 6)).toBe(true);
    expect(await statusOf(orderNo)).toBe(6);
    expect(await f.t.services.ledger.balance(f.t.db, ann.id, 'money')).toBe(before);
    // The parcel has left: its stock does not come back.
    expect(await stockOf(sku.skuId)).toBe(8);
    expect(await eventsOf(orderNo)).toEqual(['order.placed', 'order.paid', 'order.shipped', 'order.refunded']);
    expect(await f.t.violations()).toEqual([]);
  });

  it('refuses to refund an unpaid order, and changes nothing', async () => {
    const ann = await f.shopper();
    const { orderNo } = await placed(ann);
    expect(await refundOrder(f.t.app.storefront, orderNo)).toMatchObject({ refunded: false, status: 1 });
    expect(await refundsOf(orderNo)).toEqual([]);
  });

  it('lets the deadline and the shopper cancel the same order at once: cancelled once, the stock back once', async () => {
    const ann = await f.shopper();
    const { orderNo, sku } = await placed(ann);
    f.t.clock.advance(31 * 60_000);
    const [, ...cancels] = await Promise.all([
      expireUnpaid(f.t.app.storefront),
      ...Array.from({ length: 5 }, () => f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })),
    ]);
    expect(cancels.every((r) => r.status === 200 && r.body.code === 1)).toBe(true);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect((await eventsOf(orderNo)).filter((name) => name === 'order.cancelled')).toHaveLength(1);
  });

  it('has no state written anywhere but moveOrder', () => {
    // A second writer of `status` would bypass the conditional update, the hooks and the events.
    const files = fs.readdirSync(__dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'move.ts');
    const writers = files.filter((name) => /updateTable\('order_order'\)[\s\S]{0,80}\.set\(\{[^}]*\bstatus\b/.test(fs.readFileSync(path.join(__dirname, name), 'utf8')));
    expect(writers).toEqual([]);
  });
});
