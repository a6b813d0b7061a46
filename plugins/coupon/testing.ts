/** Test set-up for the coupon plugin: the order fixture with coupons on, and coupons made as an operator would. */
import type { OperatorCommand } from '@kernel/server/plugin';
import { runOperator } from '../../cli/commands/operator';
import { orderFixture, type OrderFixture } from '../order/testing';
import coupon from './server';

export type CouponFixture = OrderFixture & {
  /** `storefront coupon <name> …` against the test site (options as commander hands them over). */
  run(name: string, options?: Record<string, unknown>, args?: string[]): ReturnType<typeof runOperator>;
  /** Creates a coupon; returns its id. */
  create(options: Record<string, unknown>): Promise<number>;
};

export async function couponFixture(): Promise<CouponFixture> {
  const f = await orderFixture(['coupon']);
  const command = (name: string) => coupon.commands?.find((c) => c.command.startsWith(`coupon ${name}`)) as OperatorCommand;
  const run: CouponFixture['run'] = (name, options = {}, args = []) => runOperator(f.t.app, coupon as never, command(name), args, options);
  return {
    ...f,
    run,
    async create(options) {
      const result = await run('create', { total: '100', days: '7', ...options });
      return (result.data as { id: number }).id;
    },
  };
}
