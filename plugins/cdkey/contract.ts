/** The cdkey plugin's call (spec §7): `/api/user/applyCdkey {user_id, card, password}`. */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, requestKey } from '@kernel/core/schemas';

/** What a redemption credited, and the shopper's balance and points after it (for the session). */
export type Redeemed = ({ kind: 'balance'; /** Yuan. */ amount: string } | { kind: 'score'; /** Points. */ amount: number }) & {
  money: string;
  score: number;
};

/** Longer than any card number or password, dashes and spaces included. */
const MAX_TYPED = 64;
const typed = (required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }), z.maxLength(MAX_TYPED, { error: 'cdkey:validation.too_long' }));

export const cdkeyContract = {
  applyCdkey: defineCall({
    path: '/api/user/applyCdkey',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({
      user_id: z.optional(id()),
      card: typed('cdkey:validation.card'),
      password: typed('cdkey:validation.password'),
      /** The redeem screen's: a repeat answers the first redemption's reply. */
      request_key: z.optional(requestKey()),
    }),
    reply: shape<Redeemed>(),
    summary: 'Redeem a card key once: its balance or points go to the caller',
  }),
};
