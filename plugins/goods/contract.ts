/**
 * The goods plugin's calls. Paths are fixed by the spec (§7); money travels as yuan strings,
 * images as paths the browser prefixes with the CDN address (spec §5).
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id, limit, optionalText, page, whole, yuan } from '@kernel/core/schemas';

export const SORTS = ['default', 'price', 'sales', 'newest'] as const;
export type GoodsSort = (typeof SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export interface CategoryNode {
  id: number;
  parentId: number;
  categoryName: string;
  categoryImage: string;
  /** Pinyin initial; the spec's spelling. */
  initails: string;
  children: CategoryNode[];
  /** A few best sellers of a second-level category, when the call asks for them. */
  goodsList?: GoodsCard[];
}

export interface GoodsCard {
  id: number;
  category_id: number;
  name: string;
  subtitle: string;
  image: string;
  /** Lowest SKU price, yuan. */
  price: string;
  market_price: string;
  sales: number;
  stock: number;
  unit: string;
  brand_name: string;
  recommend: boolean;
}

export interface GoodsPage {
  list: GoodsCard[];
  total: number;
  page: number;
  limit: number;
}

export interface Brand {
  id: number;
  name: string;
  logo: string;
  initails: string;
}

export interface SpecDimension {
  /** The spec's own name (Chinese in the demo); SKU spec objects are keyed by it. */
  name: string;
  values: string[];
  /** What to show for the name in the request's language, when it differs from `name`. */
  label?: string;
  /** What to show for a value in the request's language, by value, where it differs. */
  valueLabels?: Record<string, string>;
}

export interface Sku {
  id: number;
  /** Spec name → chosen value; empty for a goods without specs. */
  spec: Record<string, string>;
  price: string;
  /**
   * The SKU's crossed-out "was" price, yuan; '0.00' when it has none. Shown only when above `price`.
   * The server always sends it; optional so a reply from an older server still reads.
   */
  market_price?: string;
  stock: number;
  /** The SKU's own picture, or '' to keep the goods' picture. */
  image: string;
}

export interface GoodsDetail extends GoodsCard {
  images: string[];
  model: string;
  packing_list: string;
  specs: SpecDimension[];
  skus: Sku[];
  brand: Brand | null;
  category: { id: number; name: string; parentId: number };
  /** Sanitized HTML. */
  detail: string;
  created_at: number;
}

export interface AreaNode {
  code: string;
  name: string;
  children?: AreaNode[];
}

const flag = () => z.union([z.boolean(), z.literal(0), z.literal(1)]);

/** What index.html carries for the home page (see server.ts `firstScreen`). */
export interface GoodsFirstScreen {
  /** The `/api/goods/allCategoryTree` reply. */
  categories: CategoryNode[];
  /** The first page of recommended goods (./recommend.ts). */
  recommend: GoodsPage;
}

declare module '@kernel/core/site' {
  interface FirstScreenData {
    goods: GoodsFirstScreen;
  }
}

export const goodsContract = {
  categoryTree: defineCall({
    path: '/api/goods/allCategoryTree',
    payload: z.object({
      /** How many best sellers to attach to each second-level category (0: none). */
      goods_limit: z._default(whole({ max: 10 }), 0),
    }),
    reply: shape<CategoryNode[]>(),
    summary: 'Category tree, first level with their children, sorted',
  }),
  goodsList: defineCall({
    path: '/api/goods/goodsList',
    payload: z.object({
      /** A first-level category includes its children's goods. */
      category_id: z.optional(id()),
      /** Matches name, subtitle or brand name. */
      keyword: optionalText(60),
      brand_id: z.optional(id()),
      price_min: z.optional(yuan()),
      price_max: z.optional(yuan()),
      sort: z._default(z.enum(SORTS), 'default'),
      /** Defaults to ascending for price, descending otherwise. */
      order: z.optional(z.enum(['asc', 'desc'])),
      recommend: z.optional(flag()),
      page: page(),
      limit: limit(50, 10),
    }),
    labels: {
      category_id: 'goods:field.category', brand_id: 'goods:field.brand', sort: 'goods:field.sort', order: 'goods:field.order',
      price_min: 'goods:field.price_min', price_max: 'goods:field.price_max', recommend: 'goods:field.recommend',
    },
    reply: shape<GoodsPage>(),
    summary: 'Goods on sale, filtered by category, keyword, brand and price range, sorted and paged',
  }),
  brands: defineCall({
    path: '/api/goods/getBrand',
    payload: z.object({ category_id: z.optional(id()) }),
    reply: shape<Brand[]>(),
    summary: 'Brands, or the brands with goods on sale in a category (and its children)',
  }),
  detail: defineCall({
    path: '/api/goods/getGoods',
    payload: z.object({ id: id() }),
    labels: { id: 'goods:field.goods' },
    reply: shape<GoodsDetail>(),
    summary: 'One goods on sale with its SKUs, specs, brand, category, pictures and detail text',
  }),
  areaTree: defineCall({
    path: '/api/goods/areaTree',
    payload: empty(),
    reply: shape<AreaNode[]>(),
    summary: 'Province → city → district tree of mainland China',
  }),
} as const;
