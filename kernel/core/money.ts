/**
 * Money is held as integer fen everywhere inside; the wire carries yuan strings with two
 * decimals ("12.50"), as the spec's cart total does.
 */
export type Fen = number;

const YUAN = /^-?\d+(\.\d{1,2})?$/;

export function isYuan(text: string): boolean {
  return YUAN.test(text.trim());
}

/** "12.5" → 1250. Throws on anything that is not a plain amount with at most two decimals. */
export function toFen(yuan: string | number): Fen {
  const text = typeof yuan === 'number' ? yuan.toFixed(2) : yuan.trim();
  if (!YUAN.test(text)) throw new RangeError(`not an amount of money: "${yuan}"`);
  const negative = text.startsWith('-');
  const [whole, part = ''] = text.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return negative ? -fen : fen;
}

/** 1250 → "12.50". */
export function formatYuan(fen: Fen): string {
  if (!Number.isInteger(fen)) throw new RangeError(`fen must be an integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Line total of a cart or order line: price × quantity, exact in fen. */
export function lineTotal(price: Fen, quantity: number): Fen {
  return price * quantity;
}
