import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderContract } from '@plugins/order/contract';
import { addItem, addSession } from './setup';
import { HINT_MS } from './sold-out';
import { seckillFixture, type SeckillFixture } from './testing';

let f: SeckillFixture;
beforeAll(async () => {
  f = await seckillFixture();
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => f.t.close());

const SOLD_OUT = '已抢光';
const keysOf = async (userId: number) => (await f.t.db.selectFrom('kernel_request').select('id').where('user_id', '=', userId).execute()).length;

describe('goods seen sold out, refused from memory', () => {
  it('refuses the late crowd without writing their request keys, and gives a buyer who retries their own order', async () => {
    const item = await f.item(1, 1);
    const [ann, bob, cat] = await f.buyers(3);
    const bought = { source: 'seckill', goods_id: item.goodsId, sku_id: item.skuId, num: 1, address_id: ann.addressId, request_key: 'ann-bought-it' };
    const first = await f.t.call(orderContract.confirm, bought, { token: ann.token });
    expect(first.body.code).toBe(1);
    // The first refusal reads the item and remembers it; the next ones do not write their keys.
    expect((await f.buy(bob, item)).body.msg).toBe(SOLD_OUT);
    expect((await f.buy(cat, item)).body.msg).toBe(SOLD_OUT);
    expect((await f.buy(cat, item)).body.msg).toBe(SOLD_OUT);
    expect([await keysOf(bob.id), await keysOf(cat.id)]).toEqual([0, 0]);
    expect((await f.t.call(orderContract.confirm, bought, { token: ann.token })).body).toEqual(first.body);
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 1, sold: 1 });
  });

  it('sells again at once what a cancel on this node gave back', async () => {
    const item = await f.item(1, 1);
    const [ann, bob] = await f.buyers(2);
    const orderNo = (await f.buy(ann, item)).body.data.order_no;
    expect((await f.buy(bob, item)).body.msg).toBe(SOLD_OUT);
    expect((await f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    expect((await f.buy(bob, item)).body.code).toBe(1);
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 1, sold: 1 });
  });

  it('forgets within the moment what it was not told of (stock given back on another node)', async () => {
    const item = await f.item(1, 1);
    const [ann, bob] = await f.buyers(2);
    expect((await f.buy(ann, item)).body.code).toBe(1);
    expect((await f.buy(bob, item)).body.msg).toBe(SOLD_OUT);
    // Another node's release: the row changes, this node is not told.
    await f.t.db.updateTable('seckill_goods').set({ sold: 0 }).where('id', '=', item.itemId).execute();
    expect((await f.buy(bob, item)).body.msg).toBe(SOLD_OUT);
    expect(await keysOf(bob.id)).toBe(0);
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + HINT_MS + 1);
    expect((await f.buy(bob, item)).body.code).toBe(1);
  });

  it('does not carry a sold-out item over to another session of the same goods', async () => {
    const item = await f.item(1, 1);
    const [ann, bob] = await f.buyers(2);
    expect((await f.buy(ann, item)).body.code).toBe(1);
    expect((await f.buy(bob, item)).body.msg).toBe(SOLD_OUT);
    // The session ends and the next one of the same SKU starts, within the moment.
    const end = Number((await f.t.db.selectFrom('seckill_session').select('end_at').where('id', '=', item.sessionId).executeTakeFirstOrThrow()).end_at);
    const next = await addSession(f.t.db, { start: end, end: end + 3600, now: end });
    await addItem(f.t.db, { sessionId: next, skuId: item.skuId, price: 100, stock: 1, quota: 1, now: end });
    f.t.clock.set(end * 1000);
    expect((await f.buy(bob, item)).body).toMatchObject({ code: 1 });
  });
});
