/** Test data: card numbers of real bank prefixes with a Luhn check digit, and replies as the calls give them. */
import { luhn } from './card-rules';
import type { BankCard, CashInfo, CashRecord } from './contract';

/** `prefix` padded with zeros to `length − 1` digits, then the digit that passes Luhn. */
export function cardNumber(prefix: string, length = 19): string {
  const body = prefix.padEnd(length - 1, '0');
  for (let digit = 0; digit <= 9; digit += 1) if (luhn(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('unreachable: one digit always passes Luhn');
}

/** 中国农业银行 (622848), 中国工商银行 (622200), 招商银行 (622588), a Visa test number, an unknown UnionPay prefix. */
export const CARDS = {
  abc: cardNumber('622848', 19),
  icbc: cardNumber('622200', 19),
  cmb: cardNumber('622588', 16),
  visa: '4111111111111111',
  unknown: cardNumber('629999', 16),
};

/** A card as bankCardList replies it. */
export const bankCard = (id: number, fields: Partial<BankCard> = {}): BankCard => ({
  id,
  holder: '王小明',
  bank: '中国农业银行',
  card: `**** **** **** ${String(1000 + id).slice(-4)}`,
  type: 'unionpay',
  createtime: 1_772_416_800 + id,
  ...fields,
});

/** A cash-out as cashLog replies it. */
export const cashRecord = (id: number, fields: Partial<CashRecord> = {}): CashRecord => ({
  id,
  state: 0,
  state_text: '待审核',
  amount: '100.00',
  fee: '0.60',
  actual: '99.40',
  holder: '王小明',
  bank: '中国农业银行',
  card: '**** **** **** 0018',
  reason: '',
  createtime: 1_772_416_800 + id,
  reviewtime: null,
  paytime: null,
  ...fields,
});

export const cashInfoReply = (fields: Partial<CashInfo> = {}): CashInfo => ({
  money: '500.00',
  min_amount: '10.00',
  max_amount: '50000.00',
  fee_rate: 60,
  daily_limit: 3,
  today_count: 1,
  pending: '0.00',
  ...fields,
});
