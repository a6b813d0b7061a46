/**
 * The cart page's arithmetic on the lines the server priced: a line at a new quantity (shown
 * while the change is on its way), and the totals of the selection. Exact in fen; pure.
 */
import { formatYuan, lineTotal, toFen } from '@kernel/core/money';
import type { CartLine } from './contract';

/** The line at `quantity`: its total follows (price × quantity, two decimals). */
export function withQuantity(line: CartLine, quantity: number): Pick<CartLine, 'sale_num' | 'total'> {
  return { sale_num: quantity, total: formatYuan(lineTotal(toFen(line.sale_price), quantity)) };
}

export interface SelectionTotals {
  /** Selected lines. */
  lines: number;
  /** Sum of their quantities. */
  quantity: number;
  /** Sum of their totals, yuan. */
  total: string;
}

export function selectionTotals(lines: readonly CartLine[]): SelectionTotals {
  const chosen = lines.filter((line) => line.valid && line.selected);
  return {
    lines: chosen.length,
    quantity: chosen.reduce((sum, line) => sum + line.sale_num, 0),
    total: formatYuan(chosen.reduce((sum, line) => sum + toFen(line.total), 0)),
  };
}

/** Every line that can be bought is selected (and there is at least one). */
export function allSelected(lines: readonly CartLine[]): boolean {
  const valid = lines.filter((line) => line.valid);
  return valid.length > 0 && valid.every((line) => line.selected);
}
