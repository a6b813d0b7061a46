/** Each shopper's paid orders, as other plugins count them (the team page): orders moved by the real calls and operator moves. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderContract } from './contract';
import { refundOrder, shipOrder } from './lifecycle';
import { paidOrderCounts } from './paid-counts';
import { orderFixture, type OrderFixture } from './testing';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(() => f.t.close());

type Shopper = Awaited<ReturnType<OrderFixture['shopper']>>;
let keys = 0;

/** Places one order of one unit; its number. */
async function place(who: Shopper): Promise<string> {
  const sku = await f.sku(50);
  const reply = await f.t.call(
    orderContract.confirm,
    { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: who.addressId, request_key: `paid-counts-${++keys}-key` },
    { token: who.token },
  );
  if (reply.body.code !== 1) throw new Error(reply.body.msg);
  return reply.body.data.order_no;
}

async function paid(who: Shopper): Promise<string> {
  const orderNo = await place(who);
  expect((await f.t.call(orderContract.pay, { order_no: orderNo }, { token: who.token })).body.code).toBe(1);
  return orderNo;
}

const cancel = async (who: Shopper, orderNo: string) => expect((await f.t.call(orderContract.cancel, { order_no: orderNo }, { token: who.token })).body.code).toBe(1);

describe('paidOrderCounts', () => {
  it('counts orders paid and kept, shipped and received ones too, but not unpaid, cancelled or refunded ones', async () => {
    const ann = await f.shopper();
    const bob = await f.shopper();
    const cid = await f.shopper();

    await paid(ann);
    await shipOrder(f.t.app.storefront, await paid(ann), 3);
    const received = await paid(ann);
    await shipOrder(f.t.app.storefront, received, 3);
    expect((await f.t.call(orderContract.receive, { order_no: received }, { token: ann.token })).body.code).toBe(1);
    // Not counted: unpaid, cancelled unpaid, cancelled after paying (refunded at once), refunded after shipping.
    await place(ann);
    await cancel(ann, await place(ann));
    await cancel(ann, await paid(ann));
    const refunded = await paid(ann);
    await shipOrder(f.t.app.storefront, refunded, 3);
    expect(await refundOrder(f.t.app.storefront, refunded)).toMatchObject({ refunded: true });

    await paid(bob);
    await place(cid);

    const counts = await paidOrderCounts(f.t.db, [ann.id, bob.id, cid.id]);
    expect([...counts]).toEqual([
      [ann.id, 3],
      [bob.id, 1],
      [cid.id, 0],
    ]);
  });

  it('gives 0 for a shopper with no order, counts a repeated id once, and asks nothing for no ids', async () => {
    const dan = await f.shopper();
    await paid(dan);
    expect([...(await paidOrderCounts(f.t.db, [dan.id, dan.id, 999_999]))]).toEqual([
      [dan.id, 1],
      [999_999, 0],
    ]);
    expect((await paidOrderCounts(f.t.db, [])).size).toBe(0);
  });
});
