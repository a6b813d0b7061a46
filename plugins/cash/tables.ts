/**
 * The cash plugin's tables, merged into the kernel's `Database`. Money is integer fen; times are
 * unix seconds (null until they happen). A cash-out keeps a snapshot of the card it pays out to,
 * so deleting or re-adding a card later never changes where a requested amount goes.
 */
import type { Generated } from 'kysely';
import type { CashState } from './states';

export interface CashCardTable {
  id: Generated<number>;
  user_id: number;
  holder: string;
  /** The full number: payouts need it. Replies only ever show it masked. */
  card_no: string;
  bank: string;
  /** Card scheme from the number (`unionpay`, `visa`…), '' when unknown. */
  card_type: string;
  /** The mobile the bank holds for the card (reserved mobile). */
  mobile: string;
  created_at: number;
}

export interface CashWithdrawalTable {
  id: Generated<number>;
  user_id: number;
  card_id: number;
  state: CashState;
  amount: number;
  fee: number;
  /** amount − fee: what reaches the card. */
  actual: number;
  holder: string;
  bank: string;
  card_no: string;
  /** Why staff rejected it; '' otherwise. */
  reason: Generated<string>;
  created_at: number;
  reviewed_at: number | null;
  paid_at: number | null;
}

declare module '@kernel/server/database' {
  interface Database {
    cash_card: CashCardTable;
    cash_withdrawal: CashWithdrawalTable;
  }
}
