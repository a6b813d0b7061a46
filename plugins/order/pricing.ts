/** Order money maths (pure): line totals, the goods amount, and the payable amount after adjustments. */
import { formatYuan, lineTotal } from '@kernel/core/money';
import type { PricedLine } from './adjusters';
import type { Adjustment } from './contract';

export function priceLines(lines: readonly { goodsId: number; skuId: number; price: number; quantity: number }[]): PricedLine[] {
  return lines.map((line) => ({ ...line, total: lineTotal(line.price, line.quantity) }));
}

export function goodsAmount(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.total, 0);
}

/** Goods amount plus adjustments, never below zero (a discount larger than the order costs nothing more). */
export function payable(goods: number, adjustments: readonly { amount: number }[]): { adjust: number; pay: number } {
  const adjust = adjustments.reduce((sum, a) => sum + a.amount, 0);
  const pay = Math.max(0, goods + adjust);
  return { adjust: pay - goods, pay };
}

/** An adjustment as stored on the order (fen) → as the wire carries it (yuan). */
export const wireAdjustment = (a: { id: string; label: string; amount: number; detail?: string }): Adjustment => ({
  id: a.id,
  label: a.label,
  amount: formatYuan(a.amount),
  ...(a.detail ? { detail: a.detail } : {}),
});
