/** The cash plugin's settings (a site sets them under `plugins.cash.settings`). Money in fen. */
import * as z from 'zod/mini';
import { setting as whole } from '@kernel/core/schemas';

export const cashSettings = z.object({
  /** The smallest cash-out (spec §5: 10 yuan). */
  minAmount: whole(1, 100_000_000, 1000),
  /** The largest single cash-out (a bank transfer's usual limit); keeps the fee maths exact too. */
  maxAmount: whole(1, 1_000_000_000, 5_000_000),
  /** The fee in basis points of the amount (60 = 0.6%), rounded up to the fen; DESIGN §6: 0 by default. */
  feeRate: whole(0, 5000, 0),
  /** Cash-outs a shopper may request per business day (Asia/Shanghai); 0 = no limit. */
  dailyLimit: whole(0, 1000, 3),
  /** Bank cards a shopper may keep. */
  maxCards: whole(1, 100, 10),
});
export type CashSettings = z.output<typeof cashSettings>;
