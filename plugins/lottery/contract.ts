/**
 * The lottery plugin's calls, all for a logged-in shopper and always about the token's user: the
 * wheel as the shopper sees it (no weights, no stock), a draw, and the shopper's own prizes.
 * Points travel as numbers, money as yuan strings ("5.00"), as everywhere on the wire.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id, limit, page } from '@kernel/core/schemas';

/** The wheel always has this many slots, numbered 0 … 7 clockwise from the top. */
export const SLOT_COUNT = 8;

export type PrizeKind = 'score' | 'balance' | 'coupon' | 'thanks';

/** What a prize is worth: points, yuan, a coupon (by its label), or nothing. */
export type PrizeWorth = { kind: 'score'; amount: number } | { kind: 'balance'; amount: string } | { kind: 'coupon'; amount: 0 } | { kind: 'thanks'; amount: 0 };

/** One slot of the wheel, as the shopper sees it. */
export type WheelPrize = PrizeWorth & {
  slot: number;
  /** In the request's language, or the operator's own label. */
  label: string;
  /** False when the prize is switched off or its stock is used up: it is never drawn. */
  available: boolean;
};

export interface Wheel {
  prizes: WheelPrize[];
  /** Points per draw. */
  cost: number;
  /** Draws allowed per day, and what is left of them today (Asia/Shanghai). */
  dailyDraws: number;
  drawsLeft: number;
  /** The shopper's points now. */
  score: number;
}

/** One logged draw: what was won (or "thanks for playing"), at what cost. */
export type DrawRecord = PrizeWorth & {
  id: number;
  slot: number;
  label: string;
  /** Points this draw cost. */
  cost: number;
  /** Unix seconds. */
  created_at: number;
};

export interface DrawResult {
  draw: DrawRecord;
  drawsLeft: number;
  /** The shopper's points and balance (yuan) after the draw and its prize. */
  score: number;
  money: string;
}

export interface DrawPage {
  list: DrawRecord[];
  total: number;
  page: number;
  limit: number;
}

const owner = { user_id: z.optional(id()) };

export const lotteryContract = {
  wheel: defineCall({
    path: '/api/lottery/wheel',
    auth: 'required',
    payload: empty(),
    reply: shape<Wheel>(),
    summary: "The wheel's eight prizes, a draw's cost, the shopper's points and draws left today",
  }),
  draw: defineCall({
    path: '/api/lottery/draw',
    auth: 'required',
    // Identity comes from the token: a `user_id` naming anyone else is refused by the kernel.
    owner: 'user_id',
    payload: z.object({ ...owner }),
    reply: shape<DrawResult>(),
    summary: 'Draws once: debits the cost in points, picks a prize on the server and credits it',
  }),
  prizes: defineCall({
    path: '/api/lottery/prizes',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, page: page(), limit: limit(50, 10) }),
    reply: shape<DrawPage>(),
    summary: "The shopper's draws and what each won, newest first",
  }),
} as const;
