/**
 * The wallet's calls (spec §7): the balance (`/api/account/balance {page, limit, user_id, type}`)
 * and the score (`/api/account/integral {page, limit, user_id}`), each with the caller's ledger,
 * newest first. `type` filters: 0 all, 1 income, 2 expense.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, limit, page } from '@kernel/core/schemas';

/** The ledger filter as the wire numbers it. */
export const LEDGER_TYPES = { all: 0, income: 1, expense: 2 } as const;
export type LedgerFilter = keyof typeof LEDGER_TYPES;
export type LedgerType = (typeof LEDGER_TYPES)[LedgerFilter];

/** One booking. `V` is a signed yuan string ("+50.00", "-12.00") for money, signed points for score. */
export interface LedgerRow<V> {
  id: number;
  amount: V;
  /** The account after this booking: yuan for money, points for score. */
  balance_after: V;
  /** What booked it, in the request's language ("订单支付", "卡密兑换"). */
  reason: string;
  memo: string;
  /** Unix seconds. */
  createtime: number;
}

interface LedgerPage<V> {
  list: LedgerRow<V>[];
  total: number;
  page: number;
  limit: number;
}

export interface BalancePage extends LedgerPage<string> {
  /** The balance now, yuan. */
  money: string;
}

export interface ScorePage extends LedgerPage<number> {
  /** The points now. */
  score: number;
}

/** 0, 1 or 2, as a number or a digit string. */
const type = () => {
  const error = 'wallet:validation.type';
  return z._default(z.pipe(z.coerce.number({ error }), z.union([z.literal(0), z.literal(1), z.literal(2)], { error })), 0);
};

const ledgerQuery = () => z.object({ page: page(), limit: limit(50, 10), user_id: z.optional(id()), type: type() });

export const walletContract = {
  balance: defineCall({
    path: '/api/account/balance',
    auth: 'required',
    owner: 'user_id',
    payload: ledgerQuery(),
    reply: shape<BalancePage>(),
    summary: "The caller's balance and money ledger, newest first (type 0 all, 1 income, 2 expense)",
  }),
  integral: defineCall({
    path: '/api/account/integral',
    auth: 'required',
    owner: 'user_id',
    payload: ledgerQuery(),
    reply: shape<ScorePage>(),
    summary: "The caller's points and score ledger, newest first (type 0 all, 1 income, 2 expense)",
  }),
};
