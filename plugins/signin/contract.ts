/**
 * The sign-in plugin's calls: sign today in (the spec's `POST /api/user/checkIn`), a month's
 * calendar, and filling a missed day. All act on the token's shopper; a `user_id` naming anyone
 * else is refused by the kernel.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id } from '@kernel/core/schemas';
import { isDate, MONTH_PATTERN } from './dates';

/**
 * A day of the calendar: signed that day, signed afterwards (`filled`), missed, today unsigned,
 * still ahead, or before the account existed (`before`: nothing to sign, miss or fill).
 */
export type DayState = 'signed' | 'filled' | 'missed' | 'today' | 'future' | 'before';

export interface CalendarDay {
  /** `YYYY-MM-DD`, Asia/Shanghai. */
  date: string;
  state: DayState;
  /** What the day gave (signed, filled), or would give: today, days ahead if every day is signed, a missed day if filled. */
  points: number;
  /** A missed day the shopper may fill now (an earlier day of this month, retroactive sign-in allowed, some left). */
  fillable: boolean;
}

export interface SigninCalendar {
  /** `YYYY-MM`. */
  month: string;
  /** Today's business date (`YYYY-MM-DD`): the server's clock decides, never the browser's. */
  today: string;
  signed_today: boolean;
  /** Consecutive days signed up to today (or yesterday, while today is not signed yet). */
  streak: number;
  /** What today's sign-in gives (or gave), streak bonus included, whichever month is shown. */
  today_points: number;
  /** Days of this month signed, filled ones included (the spec's unit: days). */
  signed_days: number;
  days: CalendarDay[];
  /** Points per sign-in and the streak bonuses, for the rules the page shows. */
  points: number;
  bonuses: { days: number; points: number }[];
  /** Retroactive sign-in: allowed at all, its score cost, the monthly limit and what is left of it this month. */
  fill: { allowed: boolean; cost: number; limit: number; left: number };
  /** The shopper's score now. */
  score: number;
}

export interface CheckedIn {
  date: string;
  /** Points credited, streak bonus included. */
  points: number;
  streak: number;
  /** The score after the credit. */
  score: number;
}

export interface Filled {
  date: string;
  points: number;
  /** Score the fill cost. */
  cost: number;
  /** Retroactive sign-ins left this month. */
  left: number;
  score: number;
}

const owner = { user_id: z.optional(id()) };

export const signinContract = {
  checkIn: defineCall({
    path: '/api/user/checkIn',
    auth: 'required',
    owner: 'user_id',
    payload: z.object(owner),
    reply: shape<CheckedIn>(),
    summary: 'Signs the shopper in for today (Asia/Shanghai) and credits its points, once a day',
  }),
  calendar: defineCall({
    path: '/api/signin/calendar',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, month: z.optional(z.string().check(z.regex(MONTH_PATTERN, { error: 'signin:validation.month' }))) }),
    labels: { month: 'signin:field.month' },
    reply: shape<SigninCalendar>(),
    summary: "A month's sign-in calendar (default: this month): days signed, today, streak, points per day and retroactive sign-ins left",
  }),
  fill: defineCall({
    path: '/api/signin/fill',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, date: z.string().check(z.refine(isDate, { error: 'signin:validation.date' })) }),
    labels: { date: 'signin:field.date' },
    reply: shape<Filled>(),
    summary: 'Signs a missed earlier day of this month afterwards, for the site’s score cost and within its monthly limit',
  }),
} as const;
