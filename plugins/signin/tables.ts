/** The sign-in plugin's tables, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export type SignedKind = 'checkin' | 'fill';

/** One signed day of one shopper: unique per (user_id, date), so a day is signed and credited once. */
export interface SigninDayTable {
  id: Generated<number>;
  user_id: number;
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  date: string;
  /** Signed on the day, or filled afterwards. */
  kind: SignedKind;
  /** Points credited for it, streak bonus included. */
  points: number;
  /** The streak this day made when it was signed. */
  streak: number;
  created_at: number;
}

/** Retroactive sign-ins a shopper used in a month: one row each, counted up only while under the limit. */
export interface SigninFillMonthTable {
  id: Generated<number>;
  user_id: number;
  /** `YYYY-MM`. */
  month: string;
  used: number;
}

declare module '@kernel/server/database' {
  interface Database {
    signin_day: SigninDayTable;
    signin_fill_month: SigninFillMonthTable;
  }
}
