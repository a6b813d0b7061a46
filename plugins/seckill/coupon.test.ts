import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCommand } from '@kernel/server/plugin';
import { couponContract } from '@plugins/coupon/contract';
import coupon from '@plugins/coupon/server';
import { orderContract } from '@plugins/order/contract';
import { runOperator } from '../../cli/commands/operator';
import { seckillFixture, type SeckillFixture } from './testing';

let f: SeckillFixture;
beforeAll(async () => {
  f = await seckillFixture(['coupon']);
});
afterAll(() => f.t.close());

const createCoupon = async (options: Record<string, unknown>) => {
  const command = coupon.commands?.find((c) => c.command.startsWith('coupon create')) as OperatorCommand;
  return ((await runOperator(f.t.app, coupon as never, command, [], { total: '100', days: '7', ...options })).data as { id: number }).id;
};

describe('coupons on a flash-sale order', () => {
  it('do not combine with the flash price unless the setting `combineCoupons` says so', async () => {
    const item = await f.item(10, 5);
    const [ann] = await f.buyers(1);
    const couponId = await createCoupon({ name: '无门槛1元', kind: 'any', amount: '1' });
    const copy = (await f.t.call(couponContract.claim, { coupon_id: couponId }, { token: ann.token })).body.data as { id: number };
    const preview = () => f.t.call(orderContract.settlement, { source: 'seckill', goods_id: item.goodsId, sku_id: item.skuId, num: 3, choices: { coupon: copy.id } }, { token: ann.token });

    const alone = (await preview()).body.data;
    expect([alone.pay_amount, alone.adjustments, alone.options]).toEqual(['3.00', [], {}]);
    await f.t.editSite((file) => {
      file.plugins.seckill = { ...file.plugins.seckill, enabled: true, settings: { combineCoupons: 1 } };
    });
    const combined = (await preview()).body.data;
    expect([combined.pay_amount, combined.adjustments.map((a) => a.amount)]).toEqual(['2.00', ['-1.00']]);
  });
});
