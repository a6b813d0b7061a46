/**
 * The cash-out form's check before sending, against the rules the server sent (`cashInfo`):
 * a plain amount above zero, within the minimum and maximum, and covered by the balance.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isYuan, toFen, type Fen } from '@kernel/core/money';
import type { CashInfo } from '../contract';

/** Fen of a typed amount; null unless it is a plain amount above zero with at most two decimals. */
export function typedFen(text: string): Fen | null {
  const value = text.trim();
  if (!isYuan(value) || value.startsWith('-')) return null;
  const fen = toFen(value);
  return fen > 0 ? fen : null;
}

export function amountProblem(text: string, info: CashInfo): FieldProblem | null {
  const fen = typedFen(text);
  const problem = (key: string, params?: Record<string, unknown>): FieldProblem => ({ field: 'amount', key, params });
  if (fen === null) return problem('cash:validation.amount');
  if (fen < toFen(info.min_amount)) return problem('cash:message.below_minimum', { min: info.min_amount });
  if (fen > toFen(info.max_amount)) return problem('cash:message.above_maximum', { max: info.max_amount });
  if (fen > toFen(info.money)) return problem('kernel:message.balance_not_enough');
  return null;
}
