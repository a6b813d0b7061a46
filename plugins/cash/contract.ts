/**
 * The cash plugin's calls (spec §7 names addBankCard, bankCardList, chkBank, applyCash and
 * cashLog; delBankCard and cashInfo follow their style). All need a login and act on the token's
 * user only: a `user_id` naming anyone else is refused, a card id of anyone else is "not found".
 * Amounts travel as yuan; the server computes the fee and what reaches the card.
 */
import { defineCall, shape } from '@kernel/core/contract';
import { toFen } from '@kernel/core/money';
import * as z from 'zod/mini';
import { id, limit, page, phone, requestKey, yuan } from '@kernel/core/schemas';
import { BANK_MAX, cardDigits, isBankName, isCardLength, isHolder, passesCardCheck } from './card-rules';
import type { CashState } from './states';

export interface BankCard {
  id: number;
  holder: string;
  bank: string;
  /** Masked: "**** **** **** 1234". */
  card: string;
  /** Card scheme: `unionpay`, `visa`…, '' when unknown. */
  type: string;
  /** Unix seconds. */
  createtime: number;
}

export interface BankGuess {
  /** The bank's name, '' when the digits do not tell. */
  bank: string;
  type: string;
}

export interface CashInfo {
  /** The caller's balance, yuan. */
  money: string;
  min_amount: string;
  max_amount: string;
  /** Basis points of the amount (60 = 0.6%), rounded up to the fen. */
  fee_rate: number;
  /** Cash-outs allowed per day; 0 = no limit. */
  daily_limit: number;
  today_count: number;
  /** Yuan held from the balance by the caller's cash-outs not paid yet (pending or approved). */
  pending: string;
}

export interface CashRecord {
  id: number;
  state: CashState;
  /** The state's name in the request's language. */
  state_text: string;
  /** Yuan: requested, fee, and what reaches the card. */
  amount: string;
  fee: string;
  actual: string;
  holder: string;
  bank: string;
  /** Masked. */
  card: string;
  /** Why staff rejected it; '' otherwise. */
  reason: string;
  /** Unix seconds; null until it happens. */
  createtime: number;
  reviewtime: number | null;
  paytime: number | null;
}

export interface CashLogPage {
  list: CashRecord[];
  total: number;
  page: number;
  limit: number;
}

const owner = { user_id: z.optional(id()) };

const holder = () => z.string().check(z.trim(), z.refine(isHolder, { error: 'cash:validation.holder' }));
/** Digits with spaces allowed (the form groups them in fours); stored without them. A wrong length and a failed check digit say different things. */
const cardNumber = () =>
  z.string({ error: 'cash:validation.card' }).check(
    z.overwrite(cardDigits),
    z.refine(isCardLength, { error: 'cash:validation.card' }),
    z.refine((digits) => !isCardLength(digits) || passesCardCheck(digits), { error: 'cash:validation.card_check' }),
  );
/** Optional: the server fills it from the number; needed when the number does not tell. */
const bankName = () =>
  z.optional(z.string().check(z.trim(), z.maxLength(BANK_MAX, { error: 'cash:validation.bank' }), z.refine((v) => v === '' || isBankName(v), { error: 'cash:validation.bank' })));
/** The digits typed so far; numbers are taken as the digits they print. */
const bankSuffix = () =>
  z.pipe(
    z.union([z.string(), z.number().check(z.int(), z.nonnegative())], { error: 'cash:validation.bank_suff' }),
    z.pipe(z.transform((v: string | number) => cardDigits(String(v))), z.string().check(z.regex(/^\d{6,19}$/, { error: 'cash:validation.bank_suff' }))),
  );
/** Yuan with at most two decimals, above zero; the handler gets fen. */
const amount = () =>
  z.pipe(
    yuan(),
    z.pipe(
      z.transform((v: string | number) => toFen(String(v).trim())),
      z.number().check(z.positive({ error: 'cash:validation.amount' })),
    ),
  );

export const cashContract = {
  addBankCard: defineCall({
    path: '/api/account/addBankCard',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, holder: holder(), card: cardNumber(), bank: bankName(), mobile: phone() }),
    reply: shape<BankCard>(),
    summary: "Adds a bank card to the caller's own (once per number); replies it masked",
  }),
  bankCardList: defineCall({
    path: '/api/account/bankCardList',
    auth: 'required',
    owner: 'user_id',
    payload: z.object(owner),
    reply: shape<BankCard[]>(),
    summary: "The caller's bank cards, newest first, masked",
  }),
  delBankCard: defineCall({
    path: '/api/account/delBankCard',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, bank_id: id() }),
    reply: shape<{ bank_id: number }>(),
    summary: "Removes one of the caller's cards, unless a cash-out to it is still unpaid",
  }),
  chkBank: defineCall({
    path: '/api/account/chkBank',
    auth: 'required',
    payload: z.object({ bank_suff: bankSuffix() }),
    reply: shape<BankGuess>(),
    summary: 'The bank and card scheme of a card number from its first digits (at least six)',
  }),
  cashInfo: defineCall({
    path: '/api/account/cashInfo',
    auth: 'required',
    owner: 'user_id',
    payload: z.object(owner),
    reply: shape<CashInfo>(),
    summary: "The caller's balance and the site's cash-out rules: minimum, maximum, fee rate, daily count",
  }),
  applyCash: defineCall({
    path: '/api/account/applyCash',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({
      ...owner,
      amount: amount(),
      bank_id: id(),
      /** One key per submission: the same key never makes a second cash-out. */
      request_key: z.optional(requestKey()),
    }),
    reply: shape<CashRecord & { money: string }>(),
    summary: 'Requests a cash-out to one of the caller’s cards: the amount is held from the balance at once',
  }),
  cashLog: defineCall({
    path: '/api/account/cashLog',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, page: page(), limit: limit(50, 10) }),
    reply: shape<CashLogPage>(),
    summary: "The caller's cash-outs, newest first, with their states",
  }),
};
