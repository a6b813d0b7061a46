import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderContract } from '@plugins/order/contract';
import { seckillContract, type SeckillPush } from './contract';
import { closeSession } from './setup';
import { seckillFixture, type SeckillFixture } from './testing';

let f: SeckillFixture;
beforeAll(async () => {
  f = await seckillFixture();
});
afterEach(() => f.t.closeSockets());
afterAll(() => f.t.close());

describe('what shoppers and visitors read', () => {
  it("lists the sessions with their state for a visitor, and what a shopper bought of each item", async () => {
    const item = await f.item(10, 3);
    const visitor = await f.t.call(seckillContract.index, {});
    expect(visitor.body.code).toBe(1);
    const index = visitor.body.data;
    expect(index.server_time).toBe(f.t.clock.nowSeconds());
    expect(index.session_id).toBe(item.sessionId);
    expect(index.sessions.find((s) => s.id === item.sessionId)?.state).toBe(2);
    expect(index.goods.map((g) => [g.id, g.price, g.stock, g.sold, g.left, g.quota, g.bought])).toEqual([[item.itemId, '1.00', 10, 0, 10, 3, 0]]);

    const [ann] = await f.buyers(1, 10_000);
    expect((await f.buy(ann, item, 2)).body.code).toBe(1);
    const mine = (await f.t.call(seckillContract.index, { session_id: item.sessionId }, { token: ann.token })).body.data;
    expect(mine.goods.map((g) => [g.sold, g.left, g.bought])).toEqual([[2, 8, 2]]);
    const home = (await f.t.call(seckillContract.home, {})).body.data;
    expect(home.session?.id).toBe(item.sessionId);
    const offer = (await f.t.call(seckillContract.offer, { goods_id: item.goodsId, sku_id: item.skuId })).body.data;
    expect([offer.item.id, offer.pay_minutes, offer.session.state]).toEqual([item.itemId, 15, 2]);
  });

  it('refuses, in the shopper’s language, a SKU not in a sale, a sale not started or ended, and over the quota', async () => {
    const item = await f.item(10, 1);
    const [ann] = await f.buyers(1);
    const stray = await f.sku(5);
    const none = await f.buy(ann, stray);
    expect(none.body.msg).toBe('该商品不在秒杀活动中');
    const en = await f.t.call(orderContract.settlement, { source: 'seckill', goods_id: stray.goodsId, sku_id: stray.skuId, num: 1 }, { token: ann.token, lang: 'en' });
    expect(en.body.msg).toBe('This item is not in a flash sale');
    expect((await f.buy(ann, item, 2)).body.msg).toBe('每人限购 1 件，您已购买 0 件');
    expect((await f.buy(ann, item)).body.code).toBe(1);
    expect((await f.buy(ann, item)).body.msg).toBe('每人限购 1 件，您已购买 1 件');
    await closeSession(f.t.db, item.sessionId, f.t.clock.nowSeconds());
    expect((await f.buy(ann, item)).body.msg).toBe('秒杀已结束');
    const later = await f.item(10, 1);
    await f.t.db.updateTable('seckill_session').set({ start_at: f.t.clock.nowSeconds() + 600 }).where('id', '=', later.sessionId).execute();
    expect((await f.buy(ann, later)).body.msg).toBe('秒杀尚未开始');
  });

  it('prices at the flash price with no coupon unless the setting says so, and sets its own payment deadline', async () => {
    const item = await f.item(10, 5);
    const [ann] = await f.buyers(1);
    const preview = (await f.t.call(orderContract.settlement, { source: 'seckill', goods_id: item.goodsId, sku_id: item.skuId, num: 2 }, { token: ann.token })).body.data;
    expect([preview.pay_amount, preview.pay_minutes, preview.lines[0].price]).toEqual(['2.00', 15, '1.00']);
    await f.t.editSite((file) => {
      file.plugins.seckill = { ...file.plugins.seckill, enabled: true, settings: { payMinutes: 5 } };
    });
    const placed = (await f.buy(ann, item)).body.data;
    expect(placed.pay_deadline).toBe(f.t.clock.nowSeconds() + 5 * 60);
    await f.t.editSite((file) => {
      file.plugins.seckill = { ...file.plugins.seckill, enabled: true, settings: {} };
    });
  });
});

describe('stock going back', () => {
  it('gives the unsold stock of a closed session back to the SKU once, and an order released later too', async () => {
    const item = await f.item(10, 2);
    const skuBefore = await f.skuStock(item.skuId);
    const [ann] = await f.buyers(1);
    const orderNo = (await f.buy(ann, item, 2)).body.data.order_no as string;
    await closeSession(f.t.db, item.sessionId, f.t.clock.nowSeconds());
    await f.t.runJobs();
    await f.t.runJobs();
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 2, sold: 2 });
    expect(await f.skuStock(item.skuId)).toBe(skuBefore + 8);
    expect((await f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    expect(await f.itemRow(item.itemId)).toEqual({ stock: 0, sold: 0 });
    expect(await f.skuStock(item.skuId)).toBe(skuBefore + 10);
    expect(await f.t.violations()).toEqual([]);
  });
});

describe('the push', () => {
  it("tells every open socket of a purchase as it commits, and of an order given back, with what is left", async () => {
    const item = await f.item(10, 2);
    const [ann, bob] = await f.buyers(2);
    const socket = await f.t.socket(bob);
    // Earlier tests' orders may be pushed too: this item's messages only.
    const nextOfItem = async (): Promise<SeckillPush> => {
      for (;;) {
        const message = (await socket.next('seckill', 5000)) as unknown as SeckillPush;
        if (message.item_id === item.itemId) return message;
      }
    };
    const orderNo = (await f.buy(ann, item, 2)).body.data.order_no as string;
    // Pushed as the order commits: no job has to run.
    const bought = await nextOfItem();
    expect(bought).toEqual({ type: 'seckill', event: 'buy', seckill_id: item.sessionId, goods_id: item.goodsId, buy_num: 2, item_id: item.itemId, left: 8 });
    await f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token });
    // Given back through the durable subscriber of order.cancelled: delivered by the event job.
    await f.t.runJobs();
    const released = await nextOfItem();
    expect([released.event, released.buy_num, released.left]).toEqual(['release', 2, 10]);
  });
});

describe('the doctor', () => {
  it('reports an item whose sold count is not its live orders, and a shopper above the quota', async () => {
    const item = await f.item(10, 1);
    const [ann] = await f.buyers(1);
    expect((await f.buy(ann, item)).body.code).toBe(1);
    expect(await f.t.violations()).toEqual([]);
    await f.t.db.updateTable('seckill_goods').set({ sold: 3 }).where('id', '=', item.itemId).execute();
    await f.t.db.updateTable('seckill_quota').set({ bought: 2 }).where('item_id', '=', item.itemId).execute();
    try {
      expect(await f.t.violations()).toEqual([
        expect.stringContaining(`seckill item ${item.itemId}: stock 10, sold 3, live orders 1`),
        expect.stringContaining(`seckill item ${item.itemId}, user ${ann.id}: bought 2, quota 1, live orders 1`),
      ]);
    } finally {
      await f.t.db.updateTable('seckill_goods').set({ sold: 1 }).where('id', '=', item.itemId).execute();
      await f.t.db.updateTable('seckill_quota').set({ bought: 1 }).where('item_id', '=', item.itemId).execute();
    }
  });
});
