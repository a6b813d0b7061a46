/** The member centre's order counts, and the balance the payment screen reads with an order. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { orderContract } from './contract';
import { shipOrder } from './lifecycle';
import { orderFixture, type OrderFixture } from './testing';

let f: OrderFixture;
beforeEach(async () => {
  f = await orderFixture();
});
afterEach(() => f.t.close());

type Shopper = TestUser & { addressId: number };
let keys = 0;

/** Places one order of one unit and returns its number. */
async function place(who: Shopper): Promise<string> {
  const sku = await f.sku(50);
  const reply = await f.t.call(
    orderContract.confirm,
    { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: who.addressId, request_key: `count-${++keys}-abcdef` },
    { token: who.token },
  );
  if (reply.body.code !== 1) throw new Error(reply.body.msg);
  return reply.body.data.order_no;
}

const pay = (who: Shopper, order_no: string) => f.t.call(orderContract.pay, { order_no }, { token: who.token });

describe('order counts of the member centre', () => {
  it("counts the caller's orders waiting in each state, and only the caller's", async () => {
    const ann = await f.shopper();
    const bob = await f.shopper();
    const placed: string[] = [];
    for (let i = 0; i < 6; i++) placed.push(await place(ann));
    // Two stay unpaid; the others move on.
    const [toShip, shipping, received, cancelled] = placed.slice(2);
    for (const no of [toShip, shipping, received]) await pay(ann, no);
    for (const no of [shipping, received]) await shipOrder(f.t.app.storefront, no, 3);
    await f.t.call(orderContract.receive, { order_no: received }, { token: ann.token });
    await f.t.call(orderContract.cancel, { order_no: cancelled }, { token: ann.token });
    await place(bob);

    const counts = await f.t.call(orderContract.count, {}, { token: ann.token });
    expect(counts.body).toMatchObject({ code: 1, data: { unpaid: 2, toship: 1, shipping: 1, received: 1 } });
    expect((await f.t.call(orderContract.count, { user_id: bob.id }, { token: bob.token })).body.data).toEqual({ unpaid: 1, toship: 0, shipping: 0, received: 0 });
  });

  it('answers zeros for a shopper without orders', async () => {
    const ann = await f.shopper();
    expect((await f.t.call(orderContract.count, {}, { token: ann.token })).body.data).toEqual({ unpaid: 0, toship: 0, shipping: 0, received: 0 });
  });

  it("refuses to count another shopper's orders, and anyone without a token", async () => {
    const ann = await f.shopper();
    const bob = await f.shopper();
    await place(bob);
    const other = await f.t.call(orderContract.count, { user_id: bob.id }, { token: ann.token });
    expect(other.body).toMatchObject({ code: 0, msg: '只能操作自己的账户' });
    expect((await f.t.call(orderContract.count, {})).status).toBe(401);
  });
});

describe('an order read for payment', () => {
  it("carries the caller's balance now, so the payment screen can say whether it is enough", async () => {
    const ann = await f.shopper(1_000);
    const order_no = await place(ann);
    const detail = await f.t.call(orderContract.detail, { order_no }, { token: ann.token });
    expect(detail.body.data.money).toBe('10.00');
    expect((await pay(ann, order_no)).body).toMatchObject({ code: 0, msg: '余额不足' });
  });
});
