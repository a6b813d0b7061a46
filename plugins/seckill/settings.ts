/** The flash-sale plugin's settings (a site sets them under `plugins.seckill.settings` in its config file). */
import * as z from 'zod/mini';
import { setting } from '@kernel/core/schemas';

export const seckillSettings = z.object({
  /** Minutes a flash-sale order may wait for payment; then it expires and its stock returns to the session. */
  payMinutes: setting(1, 1440, 15),
  /** 1: coupons (and other price adjusters) apply to flash-sale orders too; 0: the flash price is final. */
  combineCoupons: setting(0, 1, 0),
  /** 1: flash-sale orders earn the team programme's commission too; 0: they earn none. */
  teamCommission: setting(0, 1, 0),
  /** How many goods of the running session the home page shows. */
  homeGoods: setting(1, 20, 4),
});
export type SeckillSettings = z.output<typeof seckillSettings>;
