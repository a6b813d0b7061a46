/** Wire-shaped sample data for the goods plugin's browser tests. */
import type { Brand, CategoryNode, GoodsCard, GoodsDetail } from './contract';

export const categoryTree = (): CategoryNode[] => [
  {
    id: 1, parentId: 0, categoryName: '数码', categoryImage: '/c1.svg', initails: 'S',
    children: [
      { id: 11, parentId: 1, categoryName: '手机', categoryImage: '/c11.svg', initails: 'S', children: [] },
      { id: 12, parentId: 1, categoryName: '耳机', categoryImage: '/c12.svg', initails: 'E', children: [] },
    ],
  },
  {
    id: 2, parentId: 0, categoryName: '服饰', categoryImage: '/c2.svg', initails: 'F',
    children: [{ id: 21, parentId: 2, categoryName: '男装', categoryImage: '/c21.svg', initails: 'N', children: [] }],
  },
];

export function card(id: number, fields: Partial<GoodsCard> = {}): GoodsCard {
  return {
    id, category_id: 11, name: `商品 ${id}`, subtitle: '', image: `/g${id}.svg`, price: '99.00', market_price: '129.00',
    sales: 10 * id, stock: 5, unit: '件', brand_name: '极光', recommend: false, ...fields,
  };
}

export const brandList = (): Brand[] => [
  { id: 1, name: '极光', logo: '/b1.svg', initails: 'J' },
  { id: 2, name: '声悦', logo: '/b2.svg', initails: 'S' },
];

/**
 * A phone in two colours and two sizes: 白/256G is sold out, prices differ by storage, each SKU
 * has its own "was" price — 白/256G is sold at full price (its "was" price is not above it).
 */
export function detail(fields: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    ...card(7, { name: '极光 X5 手机', price: '2999.00', market_price: '3299.00', stock: 9, sales: 1280, unit: '台' }),
    subtitle: '高刷屏 | 大电池',
    images: ['/x5-1.svg', '/x5-2.svg', '/x5-3.svg'],
    model: 'JG-X5',
    packing_list: '手机 ×1，数据线 ×1',
    specs: [{ name: '颜色', values: ['黑', '白'] }, { name: '存储', values: ['128G', '256G'] }],
    skus: [
      { id: 1, spec: { 颜色: '黑', 存储: '128G' }, price: '2999.00', market_price: '3299.00', stock: 5, image: '/x5-black.svg' },
      { id: 2, spec: { 颜色: '黑', 存储: '256G' }, price: '3299.00', market_price: '3599.00', stock: 2, image: '/x5-black.svg' },
      { id: 3, spec: { 颜色: '白', 存储: '128G' }, price: '2999.00', market_price: '3199.00', stock: 2, image: '/x5-white.svg' },
      { id: 4, spec: { 颜色: '白', 存储: '256G' }, price: '3299.00', market_price: '3299.00', stock: 0, image: '/x5-white.svg' },
    ],
    brand: { id: 1, name: '极光', logo: '/b1.svg', initails: 'J' },
    category: { id: 11, name: '手机', parentId: 1 },
    detail: '<h3>商品亮点</h3><p><img src="/uploads/seed/x5.svg" alt="x5" /></p>',
    created_at: 1_750_000_000,
    ...fields,
  };
}
