/**
 * Test set-up for the commission: the order fixture with the team plugin on, a chain of shoppers
 * (a grandparent invited a parent, who invited buyers), orders placed and paid with "buy now", and
 * the order's later moves (shipped, received, completed; refunded by staff).
 */
import { orderContract } from '@plugins/order/contract';
import { refundOrder, shipOrder } from '@plugins/order/lifecycle';
import { orderFixture, type OrderFixture } from '@plugins/order/testing';
import type { TestUser } from '@kernel/server/testing';
import type {} from './tables';

export type Shopper = TestUser & { addressId: number };

export interface CommissionFixture extends OrderFixture {
  /** A parent invited by a grandparent, and `buyers` invited by the parent. */
  team(buyers: number): Promise<{ grand: Shopper; parent: Shopper; buyers: Shopper[] }>;
  /** Places and pays an order of one unit of each SKU (buy now for one, the cart for several; a fresh SKU when none); its number and what it paid (fen). */
  buyAndPay(buyer: Shopper, skus?: readonly { goodsId: number; skuId: number }[]): Promise<{ orderNo: string; orderId: number; paid: number }>;
  /** A fresh logged-in token of `user` (the tests move the clock past a token's life). */
  token(user: TestUser): Promise<string>;
  /** Ships, receives and completes the order (the clock moves past the after-sales window), events delivered. */
  complete(buyer: Shopper, orderNo: string): Promise<void>;
  refund(orderNo: string): Promise<void>;
  /** Runs the background jobs: event deliveries and the release. */
  settle(): Promise<void>;
  rows(orderId?: number): Promise<{ user_id: number; level: number; amount: number; rate: number; state: string }[]>;
  money(user: TestUser): Promise<number>;
}

let keys = 0;

export async function commissionFixture(): Promise<CommissionFixture> {
  const f = await orderFixture(['order', 'cart', 'team']);
  const { t } = f;
  const invited = async (parent: Shopper | null, money = 0): Promise<Shopper> => {
    const user = await f.shopper(money);
    if (parent) await t.db.updateTable('kernel_user').set({ parent_id: parent.id }).where('id', '=', user.id).execute();
    return user;
  };
  // The tests move the clock by weeks, past a token's life: every call logs in afresh.
  const token = async (user: TestUser) => (await t.login(user.username, user.password)).token;
  const settle = async () => {
    await t.runJobs();
  };
  return {
    ...f,
    async team(count) {
      const grand = await invited(null);
      const parent = await invited(grand);
      const buyers = await Promise.all(Array.from({ length: count }, () => invited(parent, 10_000_000)));
      return { grand, parent, buyers };
    },
    async buyAndPay(buyer, skus) {
      const items = skus ?? [await f.sku(1000)];
      const request_key = `team-key-${++keys}-abc`;
      const address_id = buyer.addressId;
      let payload: Record<string, unknown> = { source: 'buy', goods_id: items[0].goodsId, sku_id: items[0].skuId, num: 1, address_id, request_key };
      if (items.length > 1) {
        for (const item of items) await t.call('/api/cart/add', { goods_id: item.goodsId, sku_id: item.skuId, num: 1 }, { token: await token(buyer) });
        payload = { source: 'cart', address_id, request_key };
      }
      const placed = await t.call(orderContract.confirm, payload as never, { token: await token(buyer) });
      if (placed.body.code !== 1) throw new Error(`confirm: ${placed.body.msg}`);
      const orderNo = (placed.body.data as { order_no: string }).order_no;
      const paid = await t.call(orderContract.pay, { order_no: orderNo }, { token: await token(buyer) });
      if (paid.body.code !== 1) throw new Error(`pay: ${paid.body.msg}`);
      const row = await t.db.selectFrom('order_order').select(['id', 'pay_amount']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
      return { orderNo, orderId: Number(row.id), paid: Number(row.pay_amount) };
    },
    async complete(buyer, orderNo) {
      await shipOrder(t.app.storefront, orderNo, 3);
      const received = await t.call(orderContract.receive, { order_no: orderNo }, { token: await token(buyer) });
      if (received.body.code !== 1) throw new Error(`receive: ${received.body.msg}`);
      t.clock.advance(8 * 86_400_000);
      await settle();
    },
    async refund(orderNo) {
      const done = await refundOrder(t.app.storefront, orderNo);
      if (!done?.refunded) throw new Error(`refund of ${orderNo}: ${JSON.stringify(done)}`);
    },
    settle,
    token,
    async rows(orderId) {
      let query = t.db.selectFrom('team_commission').select(['user_id', 'level', 'amount', 'rate', 'state']).orderBy('order_id').orderBy('level');
      if (orderId !== undefined) query = query.where('order_id', '=', orderId);
      return (await query.execute()).map((r) => ({ user_id: Number(r.user_id), level: Number(r.level), amount: Number(r.amount), rate: Number(r.rate), state: r.state }));
    },
    money: (user) => t.services.ledger.balance(t.db, user.id, 'money'),
  };
}
