/**
 * From stored lines and their SKUs as the catalogue sells them now to the wire's cart (spec §3,
 * §4): prices come from the SKU today, totals are exact in fen, the count is the sum of the
 * quantities. Pure.
 */
import { formatYuan, lineTotal } from '@kernel/core/money';
import type { SkuForSale } from '@plugins/goods/public';
import type { CartLine, CartView } from './contract';

/** A `cart_line` row as the cart reads it. */
export interface StoredLine {
  id: number;
  goods_id: number;
  sku_id: number;
  quantity: number;
  /** 1 chosen for checkout. */
  selected: number;
}

/** The goods is on sale and the SKU still belongs to it: the line may be bought while there is stock. */
export const onSale = (line: StoredLine, sku: SkuForSale | undefined): boolean =>
  sku !== undefined && sku.onSale && sku.goodsId === Number(line.goods_id);

/** Can be bought now (the quantity may still exceed the stock; the order decides). */
export const buyable = (line: StoredLine, sku: SkuForSale | undefined): boolean => onSale(line, sku) && (sku?.stock ?? 0) > 0;

/** `sku` is undefined when the SKU (or its goods) is gone. */
export function toCartLine(line: StoredLine, sku: SkuForSale | undefined): CartLine {
  const quantity = Number(line.quantity);
  const price = sku?.price ?? 0;
  const valid = buyable(line, sku);
  return {
    id: Number(line.id),
    goods_id: Number(line.goods_id),
    sku_id: Number(line.sku_id),
    name: sku?.name ?? '',
    image: sku?.image ?? '',
    spec: sku?.specText ?? '',
    sale_num: quantity,
    sale_price: formatYuan(price),
    total: formatYuan(lineTotal(price, quantity)),
    stock: Math.max(0, sku?.stock ?? 0),
    selected: valid && Number(line.selected) === 1,
    on_sale: onSale(line, sku),
    valid,
  };
}

export function toCartView(lines: readonly StoredLine[], skus: ReadonlyMap<number, SkuForSale>): CartView {
  const cartList = lines.map((line) => toCartLine(line, skus.get(Number(line.sku_id))));
  return { cartNum: cartList.reduce((sum, line) => sum + line.sale_num, 0), cartList };
}
