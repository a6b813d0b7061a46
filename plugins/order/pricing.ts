/** Order money maths (pure): line totals, the goods amount, and the payable amount after adjustments. */
import { textIn, type Language as Lang } from '@kernel/core/language';
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

/** An adjustment as stored on the order (fen) → as the wire carries it (yuan), its detail in the reader's language. */
export const wireAdjustment = (a: StoredAdjustment, lang: Lang = 'zh-Hans'): Adjustment => ({
  id: a.id,
  label: a.label,
  amount: formatYuan(a.amount),
  ...(a.detail ? { detail: textIn(lang, a.detail, a.detailEn) } : {}),
});

/** One of an order's `adjustments` (JSON). */
export interface StoredAdjustment {
  id: string;
  label: string;
  amount: number;
  detail?: string;
  detailEn?: string;
}
