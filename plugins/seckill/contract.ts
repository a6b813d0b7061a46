/**
 * The flash-sale plugin's calls. The sale itself is open to visitors (`auth: 'optional'`): anyone
 * sees the sessions, prices and what is left; a logged-in shopper also gets how many of each item
 * they bought (against the quota). Buying goes through the order plugin's settlement and
 * confirmation with `source: 'seckill'` (the order source in ./source.ts). Money travels as yuan
 * strings ("9.90"), times as unix seconds with the server's own time beside them, so countdowns
 * run on the server's clock.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id } from '@kernel/core/schemas';

/** Spec §4: 0 not started, 1 countdown to start (later today), 2 countdown to end (running), 3 ended. */
export type SessionState = 0 | 1 | 2 | 3;
export const SESSION_STATE = { notStarted: 0, startsToday: 1, running: 2, ended: 3 } as const;

export interface SeckillSession {
  id: number;
  /** "10:00", or the operator's own title. */
  title: string;
  /** Unix seconds. */
  start_at: number;
  end_at: number;
  state: SessionState;
  /** Starts on a later business day than today (Asia/Shanghai): the tab says so. */
  later_day: boolean;
}

/** One goods of a session, as shoppers see it. */
export interface SeckillItem {
  id: number;
  /** The session's id (the push message's `seckill_id`). */
  seckill_id: number;
  goods_id: number;
  sku_id: number;
  /** In the request's language. */
  name: string;
  image: string;
  /** The SKU's spec values, e.g. "黑 / 128G"; '' without specs. */
  spec: string;
  /** The flash price, yuan. */
  price: string;
  /** The SKU's normal price, yuan. */
  original_price: string;
  /** Set aside for the session; `sold + left = stock`. */
  stock: number;
  sold: number;
  left: number;
  /** The most one shopper may buy of it in this session. */
  quota: number;
  /** What the token's shopper bought of it so far (0 for a visitor). */
  bought: number;
}

export interface SeckillIndex {
  /** The server's clock now, unix seconds: countdowns run on it, not the device's. */
  server_time: number;
  /** Today's sessions and the next business day's, by start. */
  sessions: SeckillSession[];
  /** The session whose goods follow: the one asked for, else the running one, else the next, else the last; null without sessions. */
  session_id: number | null;
  goods: SeckillItem[];
}

export interface SeckillHome {
  server_time: number;
  /** The running session, else the next one to start; null when none is running or coming. */
  session: SeckillSession | null;
  /** A few of its goods (the plugin setting `homeGoods`). */
  goods: SeckillItem[];
}

export interface SeckillOffer {
  server_time: number;
  session: SeckillSession;
  item: SeckillItem;
  /** Minutes an order of it may wait for payment (the plugin setting `payMinutes`). */
  pay_minutes: number;
}

/**
 * What every purchase (`buy`) and every unpaid order given back (`release`: cancelled or expired)
 * pushes to every open socket, visitors' included (spec §3: type, event, seckill_id, goods_id,
 * buy_num). `item_id` and `left` are ours: a page that missed a message still shows the right figure.
 */
export interface SeckillPush {
  type: 'seckill';
  event: 'buy' | 'release';
  seckill_id: number;
  goods_id: number;
  buy_num: number;
  item_id: number;
  left: number;
}

declare module '@kernel/core/site' {
  interface FirstScreenData {
    /** The `/api/seckill/home` reply for a visitor, written into index.html: the home section needs no call (nor zod). */
    seckill: SeckillHome;
  }
}

export const seckillContract = {
  index: defineCall({
    path: '/api/seckill/index',
    auth: 'optional',
    payload: z.object({ session_id: z.optional(id()) }),
    reply: shape<SeckillIndex>(),
    summary: "Today's and the next day's flash-sale sessions, and the goods of one of them",
  }),
  home: defineCall({
    path: '/api/seckill/home',
    auth: 'optional',
    payload: empty(),
    reply: shape<SeckillHome>(),
    summary: 'The running (else the next) flash-sale session and a few of its goods, for the home page',
  }),
  offer: defineCall({
    path: '/api/seckill/offer',
    auth: 'optional',
    payload: z.object({ goods_id: id(), sku_id: id() }),
    reply: shape<SeckillOffer>(),
    summary: 'The SKU in the running flash-sale session, for its settlement; refused when it is in none',
  }),
} as const;
