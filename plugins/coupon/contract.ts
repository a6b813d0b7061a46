/**
 * The coupon plugin's calls (spec: "calls not shown"): the claim centre, claiming, and my coupons
 * by state. Usable coupons at settlement come with the order's preview (`options.coupon`), priced
 * by the server. Money on the wire is yuan; identity always comes from the token.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, limit, page } from '@kernel/core/schemas';
import type { CopyState, UnusableReason } from './rules';
import type { CouponKind } from './tables';

/** A coupon's terms and validity as the pages show them. */
export interface CouponView {
  id: number;
  name: string;
  kind: CouponKind;
  /** Yuan off (`full`, `any`). */
  amount: string;
  /** Percent paid (`rate`: 85 is "8.5折"). */
  rate: number | null;
  /** Most yuan off (`rate`), null: no cap. */
  cap: string | null;
  /** Goods amount needed, yuan ("0.00": none). */
  min_amount: string;
  starts_at: number | null;
  ends_at: number | null;
  valid_days: number | null;
  /** Withdrawn by the shop (`storefront coupon disable`): copies held stay, but no longer take anything off. */
  disabled: boolean;
}

export interface CentreCoupon extends CouponView {
  /** How many are left to claim. */
  left: number;
  /** How many the caller holds (claimed). */
  mine: number;
  per_user: number;
}

export interface MyCoupon {
  /** The copy's id (what settlement chooses). */
  id: number;
  coupon: CouponView;
  state: CopyState;
  starts_at: number;
  expires_at: number;
  used_at: number | null;
  order_no: string | null;
}

export interface MyCouponPage {
  list: MyCoupon[];
  total: number;
  page: number;
  limit: number;
}

/** One of the shopper's unused coupons at settlement: usable on this order (with its discount), or why not. */
export interface CouponOption {
  id: number;
  coupon: CouponView;
  expires_at: number;
  usable: boolean;
  reason: UnusableReason | null;
  /** Yuan, when usable. */
  discount: string | null;
}

/** `options.coupon` of the order's settlement preview. */
export interface CouponOptions {
  coupons: CouponOption[];
  /** The copy this preview was asked to price (the shopper's choice), or null. */
  requested: number | null;
  /** The requested copy when it is usable on this order, else null. */
  chosen: number | null;
}

export const MY_STATES = ['unused', 'used', 'expired'] as const;
export type MyState = (typeof MY_STATES)[number];

export const couponContract = {
  centre: defineCall({
    path: '/api/coupon/centre',
    // Anyone may browse what there is to claim; claiming asks to log in.
    auth: 'optional',
    payload: z.object({}),
    reply: shape<CentreCoupon[]>(),
    summary: 'Coupons to claim, with how many are left and how many the caller holds (none when anonymous)',
  }),
  claim: defineCall({
    path: '/api/coupon/claim',
    auth: 'required',
    payload: z.object({ coupon_id: id() }),
    labels: { coupon_id: 'coupon:field.coupon' },
    reply: shape<MyCoupon>(),
    summary: 'Claims one copy of a coupon (stock and the per-shopper limit hold under concurrency)',
  }),
  mine: defineCall({
    path: '/api/coupon/mine',
    auth: 'required',
    payload: z.object({ state: z._default(z.enum(MY_STATES), 'unused'), page: page(), limit: limit(50, 10) }),
    reply: shape<MyCouponPage>(),
    summary: "The caller's coupons in one state: unused (soonest to expire first), used or expired (newest first)",
  }),
};
