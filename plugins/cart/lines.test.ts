import { describe, expect, it } from 'vitest';
import type { SkuForSale } from '@plugins/goods/public';
import { toCartLine, toCartView, type StoredLine } from './lines';

const line = (fields: Partial<StoredLine> = {}): StoredLine => ({ id: 1, goods_id: 7, sku_id: 70, quantity: 3, selected: 1, ...fields });
const sku = (fields: Partial<SkuForSale> = {}): SkuForSale => ({
  goodsId: 7, skuId: 70, name: '极光 X5 手机', nameEn: '', image: '/x5-black.svg', specText: '黑 / 128G', specTextEn: '', price: 299_990, stock: 5, onSale: true, ...fields,
});

describe('cart lines on the wire', () => {
  it("prices a line from its SKU now: line total = price × quantity, two decimals, exact", () => {
    expect(toCartLine(line({ quantity: 3 }), sku({ price: 1999 }))).toMatchObject({ sale_num: 3, sale_price: '19.99', total: '59.97' });
    expect(toCartLine(line({ quantity: 9999 }), sku({ price: 10 }))).toMatchObject({ total: '999.90' });
  });

  it("carries the SKU's name, picture, spec and stock for the page", () => {
    expect(toCartLine(line(), sku())).toEqual({
      id: 1, goods_id: 7, sku_id: 70, name: '极光 X5 手机', image: '/x5-black.svg', spec: '黑 / 128G', sale_num: 3,
      sale_price: '2999.90', total: '8999.70', stock: 5, selected: true, on_sale: true, valid: true,
    });
  });

  it('marks a line invalid and unselected when its goods is off sale or gone, its SKU moved, or sold out', () => {
    expect(toCartLine(line(), sku({ onSale: false }))).toMatchObject({ on_sale: false, valid: false, selected: false });
    expect(toCartLine(line(), sku({ goodsId: 8 }))).toMatchObject({ on_sale: false, valid: false });
    expect(toCartLine(line(), sku({ stock: 0 }))).toMatchObject({ on_sale: true, valid: false, selected: false });
    expect(toCartLine(line({ quantity: 9 }), sku({ stock: 5 }))).toMatchObject({ valid: true, selected: true, stock: 5 });
    expect(toCartLine(line({ selected: 0 }), sku())).toMatchObject({ valid: true, selected: false });
    expect(toCartLine(line(), undefined)).toMatchObject({
      name: '', image: '', spec: '', sale_price: '0.00', total: '0.00', stock: 0, on_sale: false, valid: false, selected: false,
    });
  });

  it('counts the cart as the sum of its quantities, invalid lines included', () => {
    const skus = new Map([[70, sku()], [71, sku({ skuId: 71, onSale: false })]]);
    expect(toCartView([line({ id: 1, quantity: 2 }), line({ id: 2, sku_id: 71, quantity: 5 })], skus).cartNum).toBe(7);
    expect(toCartView([], new Map())).toEqual({ cartNum: 0, cartList: [] });
  });
});
