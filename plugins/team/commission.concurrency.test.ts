import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriberContext } from '@kernel/server/events';
import { refundOrder } from '@plugins/order/lifecycle';
import { earnCommission } from './commission';
import type { TeamSettings } from './settings';
import { commissionFixture, type CommissionFixture } from './testing';

let f: CommissionFixture;
beforeAll(async () => {
  f = await commissionFixture();
});
afterAll(() => f.t.close());

const SETTINGS: TeamSettings = { membersPerPage: 20, level1Rate: 1000, level2Rate: 500, freezeDays: 7, referralDays: 7, maxAgentGoods: 100 };

describe('commission under a crowd', () => {
  it('30 orders of one team paid at once earn exactly one row per order and level, to the fen', async () => {
    const { grand, parent, buyers } = await f.team(30);
    const orders = await Promise.all(buyers.map((buyer) => f.buyAndPay(buyer)));
    await f.settle();
    const rows = await f.rows();
    const mine = rows.filter((r) => r.user_id === parent.id || r.user_id === grand.id);
    expect(mine).toHaveLength(60);
    const total = (userId: number) => mine.filter((r) => r.user_id === userId).reduce((sum, r) => sum + r.amount, 0);
    expect(total(parent.id)).toBe(orders.reduce((sum, o) => sum + Math.floor(o.paid / 10), 0));
    expect(total(grand.id)).toBe(orders.reduce((sum, o) => sum + Math.floor(o.paid / 20), 0));
  });

  it('a refund racing the release job ends reversed, or released then clawed back: never both, never neither', async () => {
    const { parent, buyers } = await f.team(10);
    const orders = [];
    for (const buyer of buyers) {
      const order = await f.buyAndPay(buyer);
      await f.settle();
      await f.complete(buyer, order.orderNo);
      orders.push(order);
    }
    // Some are credited already (each completion moved the clock by days), the rest are due now.
    f.t.clock.advance(7 * 86_400_000);
    // The release job and the refunds (and their deliveries) at once.
    await Promise.all([f.settle(), ...orders.map((o) => refundOrder(f.t.app.storefront, o.orderNo)), f.settle()]);
    await f.settle();
    for (const order of orders) {
      const states = (await f.rows(order.orderId)).map((r) => r.state);
      expect(states.every((s) => s === 'reversed' || s === 'clawed'), states.join()).toBe(true);
    }
    // Whatever was credited was taken back in full: the parent, who had nothing else, ends with nothing.
    expect(await f.money(parent)).toBe(0);
    expect(await f.t.violations()).toEqual([]);
  });

  it('the same order.paid delivered twice (or at once) earns once', async () => {
    const { parent, buyers } = await f.team(1);
    const order = await f.buyAndPay(buyers[0]);
    const payload = { orderNo: order.orderNo, orderId: order.orderId, userId: buyers[0].id, source: 'buy', payAmount: order.paid };
    const deliver = () =>
      f.t.db.transaction().execute((tx) => {
        const event = { id: 1, name: 'order.paid', emittedAt: f.t.clock.nowSeconds() };
        const ctx = { tx, services: f.t.services, settings: SETTINGS, settingsOf: () => ({}), clock: f.t.clock, event } as unknown as SubscriberContext<TeamSettings>;
        return earnCommission(payload, ctx);
      });
    await Promise.all([deliver(), deliver(), deliver()]);
    await f.settle();
    const rows = await f.rows(order.orderId);
    expect(rows.map((r) => [r.user_id, r.level])).toEqual([
      [parent.id, 1],
      [rows[1].user_id, 2],
    ]);
  });

  it('a flash-sale order earns only when the flash-sale setting teamCommission is 1', async () => {
    const { buyers } = await f.team(1);
    const order = await f.buyAndPay(buyers[0]);
    const payload = { orderNo: order.orderNo, orderId: order.orderId, userId: buyers[0].id, source: 'seckill', payAmount: order.paid };
    const deliver = (seckill: Record<string, unknown>) =>
      f.t.db.transaction().execute((tx) => {
        const event = { id: 1, name: 'order.paid', emittedAt: f.t.clock.nowSeconds() };
        const ctx = { tx, services: f.t.services, settings: SETTINGS, settingsOf: (id: string) => (id === 'seckill' ? seckill : {}), clock: f.t.clock, event } as unknown as SubscriberContext<TeamSettings>;
        return earnCommission(payload, ctx);
      });
    await deliver({});
    expect(await f.rows(order.orderId)).toEqual([]);
    await deliver({ teamCommission: 0 });
    expect(await f.rows(order.orderId)).toEqual([]);
    await deliver({ teamCommission: 1 });
    expect((await f.rows(order.orderId)).map((r) => r.level)).toEqual([1, 2]);
  });
});
