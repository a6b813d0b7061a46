import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderContract } from '@plugins/order/contract';
import { closeSession } from './setup';
import { seckillFixture, type SeckillFixture } from './testing';
import { returnUnsold } from './unsold';

/** A flash sale's crowd on one item: hot transactions, READ COMMITTED on PostgreSQL. */
let f: SeckillFixture;
beforeAll(async () => {
  f = await seckillFixture();
});
afterAll(() => f.t.close());

const ordersOf = (itemId: number) => f.t.db.selectFrom('seckill_order').select(['order_id', 'user_id', 'quantity', 'released_at']).where('item_id', '=', itemId).execute();

describe('a crowd on one flash-sale item', () => {
  it('500 buyers on a stock of 20 with a quota of 1: exactly 20 orders, the rest sold out, no failure', async () => {
    const item = await f.item(20, 1);
    const buyers = await f.buyers(500);
    const replies = await Promise.all(buyers.map((b) => f.buy(b, item)));
    expect(replies.filter((r) => r.status !== 200)).toEqual([]);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(20);
    expect(new Set(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg))).toEqual(new Set(['已抢光']));
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 20, sold: 20 });
    expect(await ordersOf(item.itemId)).toHaveLength(20);
    expect(await f.t.db.selectFrom('order_order').select('id').where('source', '=', 'seckill').where('status', '=', 1).execute()).toHaveLength(20);
    expect(await f.t.violations()).toEqual([]);
  }, 60_000);

  it('one shopper sending 30 buys at once with a quota of 2: 2 orders, the rest over the quota', async () => {
    const item = await f.item(50, 2);
    const [ann] = await f.buyers(1);
    const replies = await Promise.all(Array.from({ length: 30 }, () => f.buy(ann, item)));
    expect(replies.filter((r) => r.status !== 200)).toEqual([]);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(2);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg.startsWith('每人限购 2 件'))).toBe(true);
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 50, sold: 2 });
    const counted = await f.t.db.selectFrom('seckill_quota').select('bought').where('item_id', '=', item.itemId).where('user_id', '=', ann.id).executeTakeFirstOrThrow();
    expect(Number(counted.bought)).toBe(2);
    expect(await f.t.violations()).toEqual([]);
  });

  it('unpaid orders expire at their deadline (15 minutes by default) and their stock returns exactly to the session', async () => {
    const item = await f.item(10, 2);
    const buyers = await f.buyers(4, 100_000);
    const placed = await Promise.all(buyers.map((b, i) => f.buy(b, item, i % 2 === 0 ? 2 : 1)));
    expect(placed.map((r) => r.body.code)).toEqual([1, 1, 1, 1]);
    expect(placed[0].body.data.pay_deadline).toBe(f.t.clock.nowSeconds() + 15 * 60);
    // One is paid before the deadline: it keeps its stock.
    const paid = await f.t.call(orderContract.pay, { order_no: placed[1].body.data.order_no }, { token: buyers[1].token });
    expect(paid.body.code).toBe(1);
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 10, sold: 6 });
    f.t.clock.advance((15 * 60 + 1) * 1000);
    await f.t.runJobs();
    await f.t.runJobs();
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 10, sold: 1 });
    expect((await ordersOf(item.itemId)).map((o) => o.released_at !== null).sort()).toEqual([false, true, true, true]);
    const counts = await f.t.db.selectFrom('seckill_quota').select(['user_id', 'bought']).where('item_id', '=', item.itemId).execute();
    expect(counts.filter((c) => Number(c.bought) > 0).map((c) => Number(c.user_id))).toEqual([buyers[1].id]);
    // The SKU's own stock did not change: the session's stock came back to the session.
    expect(await f.t.violations()).toEqual([]);
  });

  it('10 pays racing 10 cancels on one order: one outcome, the stock and the money consistent (5 rounds)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const item = await f.item(5, 1);
      const [ann] = await f.buyers(1, 10_000);
      const orderNo = (await f.buy(ann, item)).body.data.order_no;
      const moves = Array.from({ length: 20 }, (_, i) =>
        i % 2 === round % 2 ? f.t.call(orderContract.pay, { order_no: orderNo }, { token: ann.token }) : f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token }),
      );
      const replies = await Promise.all(moves);
      expect(replies.filter((r) => r.status !== 200)).toEqual([]);
      const order = await f.t.db.selectFrom('order_order').select(['status', 'paid_at']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
      const balance = await f.t.services.ledger.balance(f.t.db, ann.id, 'money');
      const [row] = await ordersOf(item.itemId);
      const outcome = [await f.itemRow(item.itemId), balance, row.released_at !== null];
      if (order.status === -1 && order.paid_at === null) {
        // Cancelled unpaid: the stock back once, no money moved.
        expect(outcome).toEqual([{ stock: 5, sold: 0 }, 10_000, true]);
      } else if (order.status === -1) {
        // Paid, then cancelled by a later cancel: refunded once; the stock never returns after a payment.
        expect(outcome).toEqual([{ stock: 5, sold: 1 }, 10_000, false]);
      } else {
        expect(order.status).toBe(2);
        expect(outcome).toEqual([{ stock: 5, sold: 1 }, 10_000 - item.price, false]);
      }
    }
    expect(await f.t.violations()).toEqual([]);
  });

  it('cancels racing the return of a closed session’s unsold stock: every item back in the SKU exactly once', async () => {
    const item = await f.item(10, 2);
    const buyers = await f.buyers(4);
    const orders = await Promise.all(buyers.map(async (b) => (await f.buy(b, item, 2)).body.data.order_no));
    const skuBefore = await f.skuStock(item.skuId);
    await closeSession(f.t.db, item.sessionId, f.t.clock.nowSeconds());
    const now = f.t.clock.nowSeconds();
    const cancels = buyers.map((b, i) => f.t.call(orderContract.cancel, { order_no: orders[i] }, { token: b.token }));
    const [replies] = await Promise.all([Promise.all(cancels), returnUnsold(f.t.db, now), returnUnsold(f.t.db, now)]);
    expect(replies.map((r) => r.body.code)).toEqual([1, 1, 1, 1]);
    await returnUnsold(f.t.db, now);
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 0, sold: 0 });
    expect(await f.skuStock(item.skuId)).toBe(skuBefore + 10);
    expect(await f.t.violations()).toEqual([]);
  });
});
