import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { orderContract } from '@plugins/order/contract';
import { couponContract } from './contract';
import { couponFixture, type CouponFixture } from './testing';

/** Claiming and using coupons in a crowd: hot transactions, READ COMMITTED on PostgreSQL. */
let f: CouponFixture;
beforeAll(async () => {
  f = await couponFixture();
});
afterAll(() => f.t.close());

const claim = (who: TestUser, couponId: number) => f.t.call(couponContract.claim, { coupon_id: couponId }, { token: who.token, lang: 'en' });

describe('a coupon claimed by a crowd', () => {
  it('12 shoppers claiming 5 times each at once a coupon of 15, 2 per shopper: 15 given, none over 2 a shopper, no failure', async () => {
    const id = await f.create({ name: '抢券', kind: 'any', amount: '1', total: '15', perUser: '2' });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => f.t.createUser()));
    const replies = await Promise.all(shoppers.flatMap((s) => Array.from({ length: 5 }, () => claim(s, id))));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(15);
    expect(new Set(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg))).toEqual(
      new Set(['This coupon has all been claimed', 'Each shopper may claim 2: you have them all']),
    );
    const copies = await f.t.db.selectFrom('coupon_user').select('user_id').where('coupon_id', '=', id).execute();
    expect(copies).toHaveLength(15);
    const perShopper = shoppers.map((s) => copies.filter((c) => c.user_id === s.id).length);
    expect(Math.max(...perShopper)).toBeLessThanOrEqual(2);
    expect((await f.t.db.selectFrom('coupon_coupon').select('claimed').where('id', '=', id).executeTakeFirstOrThrow()).claimed).toBe(15);
    expect(await f.t.violations()).toEqual([]);
  });

  it('one copy chosen by 10 orders placed at once pays for one of them; the others are refused and take no stock', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(50);
    const copy = (await claim(ann, await f.create({ name: '一张券', kind: 'any', amount: '1' }))).body.data.id;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        f.t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: ann.addressId, request_key: `crowd-coupon-${i}-key`, choices: { coupon: copy } }, { token: ann.token, lang: 'en' }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    const orders = await f.t.db.selectFrom('order_order').select(['order_no', 'adjust_amount']).where('user_id', '=', ann.id).execute();
    expect(orders).toHaveLength(1);
    expect((await f.t.db.selectFrom('coupon_user').select('order_no').where('id', '=', copy).executeTakeFirstOrThrow()).order_no).toBe(orders[0].order_no);
    expect((await f.t.db.selectFrom('goods_sku').select('stock').where('id', '=', sku.skuId).executeTakeFirstOrThrow()).stock).toBe(49);
    expect(await f.t.violations()).toEqual([]);
  });
});
