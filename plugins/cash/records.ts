/** Rows as the wire shows them: yuan strings, masked card numbers, the state's name translated. */
import type { Selectable } from 'kysely';
import { formatYuan } from '@kernel/core/money';
import { maskCard } from './card-rules';
import type { BankCard, CashRecord } from './contract';
import { stateKey } from './states';
import type { CashCardTable, CashWithdrawalTable } from './tables';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

// PostgreSQL answers bigint columns as strings: every number read goes through Number().
const time = (value: number | null): number | null => (value === null ? null : Number(value));

export const toBankCard = (row: Selectable<CashCardTable>): BankCard => ({
  id: row.id,
  holder: row.holder,
  bank: row.bank,
  card: maskCard(row.card_no),
  type: row.card_type,
  createtime: Number(row.created_at),
});

export const toCashRecord = (row: Selectable<CashWithdrawalTable>, t: Translate): CashRecord => ({
  id: row.id,
  state: row.state,
  state_text: t(stateKey(row.state)),
  amount: formatYuan(Number(row.amount)),
  fee: formatYuan(Number(row.fee)),
  actual: formatYuan(Number(row.actual)),
  holder: row.holder,
  bank: row.bank,
  card: maskCard(row.card_no),
  reason: row.reason,
  createtime: Number(row.created_at),
  reviewtime: time(row.reviewed_at),
  paytime: time(row.paid_at),
});
