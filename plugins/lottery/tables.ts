/** The lottery plugin's tables, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';
import type { PrizeKind } from './contract';

/** One slot of the wheel. `amount` is points (score) or fen (balance); `stock` null is unlimited. */
export interface LotteryPrizeTable {
  id: Generated<number>;
  slot: number;
  kind: PrizeKind;
  amount: number;
  coupon_id: number | null;
  /** The operator's own label; null: worded from the kind and amount in the shopper's language. */
  label: string | null;
  weight: number;
  stock: number | null;
  /** 1 on, 0 off. */
  enabled: number;
}

/** Every draw, with what it won as it was then (the slot may be changed later). */
export interface LotteryDrawTable {
  id: Generated<number>;
  user_id: number;
  prize_id: number;
  slot: number;
  kind: PrizeKind;
  amount: number;
  coupon_id: number | null;
  label: string | null;
  cost: number;
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  business_date: string;
  created_at: number;
}

/** Draws per shopper per business day: the daily limit is a conditional increment of this row. */
export interface LotteryDailyTable {
  user_id: number;
  business_date: string;
  draws: number;
}

declare module '@kernel/server/database' {
  interface Database {
    lottery_prize: LotteryPrizeTable;
    lottery_draw: LotteryDrawTable;
    lottery_daily: LotteryDailyTable;
  }
}
