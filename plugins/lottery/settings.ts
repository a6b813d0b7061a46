/** The lottery plugin's settings (a site sets them under `plugins.lottery.settings`). */
import * as z from 'zod/mini';
import { setting as whole } from '@kernel/core/schemas';

export const lotterySettings = z.object({
  /** Points one draw costs; 0 makes drawing free (the daily limit still holds). */
  drawCost: whole(0, 1_000_000, 10),
  /** Draws one shopper may make per business day (Asia/Shanghai). */
  dailyDraws: whole(1, 1000, 5),
});
export type LotterySettings = z.output<typeof lotterySettings>;
