import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderContract } from './contract';
import { orderInvariants } from './invariants';
import { orderFixture, type OrderFixture } from './testing';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(() => f.t.close());

const paidOrdersDebited = orderInvariants.find((i) => i.id === 'paid-orders-debited')!;

describe('the order invariants (storefront doctor)', () => {
  it('holds for a paid order, and names a paid order whose payment is missing from the ledger or booked twice', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(5);
    const placed = await f.t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: ann.addressId, request_key: 'inv-order-1' }, { token: ann.token });
    const { order_no } = placed.body.data;
    expect((await f.t.call(orderContract.pay, { order_no }, { token: ann.token })).body.code).toBe(1);
    expect(await paidOrdersDebited.check(f.t.db)).toEqual([]);

    // The ledger is the kernel's; only a test tampers with it.
    const payment = () => f.t.db.updateTable('kernel_ledger').where('reason', '=', 'order:ledger.pay');
    await payment().set({ ref: 'gone' }).where('ref', '=', order_no).execute();
    expect(await paidOrdersDebited.check(f.t.db)).toEqual([`order ${order_no}: 0 payments`]);
    await payment().set({ ref: order_no }).where('ref', '=', 'gone').execute();

    const row = await f.t.db.selectFrom('kernel_ledger').selectAll().where('reason', '=', 'order:ledger.pay').where('ref', '=', order_no).executeTakeFirstOrThrow();
    await f.t.db.insertInto('kernel_ledger').values({ ...row, id: undefined, account: 'score' }).execute();
    expect(await paidOrdersDebited.check(f.t.db)).toEqual([`order ${order_no}: 2 payments`]);
  });
});
