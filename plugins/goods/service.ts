/**
 * Reading the catalogue: category tree, goods list, brands, goods detail. Shoppers only ever see
 * goods on sale; the rules that need no database live in filters.ts, category-tree.ts and mappers.ts.
 */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { BizError } from '@kernel/core/errors';
import type { Database } from '@kernel/server/database';
import type { Db, Lang } from '@kernel/server/plugin';
import type { Brand, CategoryNode, GoodsDetail, GoodsPage, GoodsCard } from './contract';
import { buildTree, leaves, subtreeIds, type CategoryRow } from './category-tree';
import type { GoodsFilters } from './filters';
import { goodsSearch } from './search';
import { labelSpecs, localizedName } from './localized';
import { parseImages, parseJson, parseSpecs, toBrand, toCard, toSku, type CardRow } from './mappers';
import { statement } from '@kernel/server/db-statement';
import { sanitizeRichText } from '@kernel/server/rich-text';
import type {} from './tables';

const ON_SALE = 1;

const isNameMap = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

type GoodsFrom = Database & { g: Database['goods_goods']; b: Database['goods_brand'] };
type CardQuery = SelectQueryBuilder<GoodsFrom, 'g' | 'b', CardRow>;

/**
 * A goods' stock: the sum of its SKUs' (goods_005 dropped the copy on the goods row). Cast so it
 * reads as a number on PostgreSQL too, where sum() of integers is a bigint (a string in node-postgres).
 */
const GOODS_STOCK = sql<number>`cast((select coalesce(sum(s.stock), 0) from goods_sku s where s.goods_id = g.id) as integer)`.as('stock');

/** The card's columns but its text, which `cardText` picks in the request's language. */
const CARD_COLUMNS = ['g.id', 'g.category_id', 'g.image', 'g.price', 'g.market_price', 'g.sales', GOODS_STOCK, 'g.unit', 'g.recommend'] as const;

/** The card's name, subtitle and brand name in the request's language. */
const cardText = (lang: Lang) => (eb: ExpressionBuilder<GoodsFrom, 'g' | 'b'>) => [
  localizedName(lang, eb.ref('g.name'), eb.ref('g.name_en')).as('name'),
  localizedName(lang, eb.ref('g.subtitle'), eb.ref('g.subtitle_en')).as('subtitle'),
  localizedName(lang, eb.ref('b.name'), eb.ref('b.name_en')).as('brand_name'),
];

function cards(db: Db) {
  return db
    .selectFrom('goods_goods as g')
    .leftJoin('goods_brand as b', 'b.id', 'g.brand_id')
    .where('g.status', '=', ON_SALE);
}

export function categoryRows(db: Db, lang: Lang = 'zh-Hans'): Promise<CategoryRow[]> {
  return db
    .selectFrom('goods_category')
    .select(['id', 'parent_id', 'image', 'initials', 'sort'])
    .select((eb) => localizedName(lang, eb.ref('name'), eb.ref('name_en')).as('name'))
    .execute();
}

export async function categoryTree(db: Db, goodsPerCategory: number, lang: Lang = 'zh-Hans'): Promise<CategoryNode[]> {
  const tree = buildTree(await categoryRows(db, lang));
  if (goodsPerCategory > 0) {
    const best = await bestSellers(db, goodsPerCategory, lang);
    for (const node of leaves(tree)) node.goodsList = best.filter((c) => c.category_id === node.id).map(toCard);
  }
  return tree;
}

/** The top sellers of every category in one query (a window per category). */
function bestSellers(db: Db, perCategory: number, lang: Lang): Promise<CardRow[]> {
  const ranked = cards(db)
    .select(CARD_COLUMNS)
    .select(cardText(lang))
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('g.category_id').orderBy('g.sales', 'desc').orderBy('g.id', 'desc'))
        .as('rank'),
    );
  return db
    .selectFrom(ranked.as('ranked'))
    .select(['id', 'category_id', 'name', 'subtitle', 'image', 'price', 'market_price', 'sales', 'stock', 'unit', 'recommend', 'brand_name'])
    .where('rank', '<=', perCategory)
    .orderBy('category_id')
    .orderBy('rank')
    .execute();
}

async function narrow(db: Db, f: GoodsFilters, lang: Lang) {
  let query = cards(db);
  if (f.categoryId !== undefined) {
    const ids = subtreeIds(await categoryRows(db), f.categoryId);
    if (ids.length === 0) return null;
    query = query.where('g.category_id', 'in', ids);
  }
  if (f.brandId !== undefined) query = query.where('g.brand_id', '=', f.brandId);
  if (f.minPrice !== undefined) query = query.where('g.price', '>=', f.minPrice);
  if (f.maxPrice !== undefined) query = query.where('g.price', '<=', f.maxPrice);
  if (f.recommendOnly) query = query.where('g.recommend', '=', 1);
  const search = f.keywords.length > 0 ? await goodsSearch(db, f.keywords, lang) : null;
  if (search) query = query.where(search.matches);
  return { query, relevance: search?.relevance ?? null };
}

/** In the order the shopper asked for; a search's default order is by relevance, then sales. */
function sorted(query: CardQuery, f: Pick<GoodsFilters, 'sort' | 'order'>, relevance: Expression<number> | null): CardQuery {
  if (f.sort === 'default' && relevance) return query.orderBy(relevance, 'desc').orderBy('g.sales', 'desc').orderBy('g.id', 'desc');
  switch (f.sort) {
    case 'price':
      return query.orderBy('g.price', f.order).orderBy('g.id', f.order);
    case 'sales':
      return query.orderBy('g.sales', f.order).orderBy('g.id', 'desc');
    case 'newest':
      return query.orderBy('g.created_at', f.order).orderBy('g.id', f.order);
    case 'default':
      return query.orderBy('g.recommend', 'desc').orderBy('g.sales', 'desc').orderBy('g.id', 'desc');
  }
}

export async function listGoods(db: Db, f: GoodsFilters, lang: Lang = 'zh-Hans'): Promise<GoodsPage> {
  const empty: GoodsPage = { list: [], total: 0, page: f.page, limit: f.limit };
  if (isPlain(f)) {
    const [rows, count] = await Promise.all([PLAIN_PAGES[lang](db, { limit: f.limit, offset: f.offset }), plainCount(db, {})]);
    return { ...empty, list: rows.rows.map(toCard), total: Number(count.rows[0]?.total ?? 0) };
  }
  const narrowed = await narrow(db, f, lang);
  if (!narrowed) return empty;
  const { query, relevance } = narrowed;
  const [rows, count] = await Promise.all([
    sorted(query.select(CARD_COLUMNS).select(cardText(lang)), f, relevance).limit(f.limit).offset(f.offset).execute(),
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
  ]);
  return { ...empty, list: rows.map(toCard), total: Number(count?.total ?? 0) };
}

/**
 * The catalogue as it opens (the home's list, its next pages): no filter, the default order. Its
 * two queries are built and compiled once per language (kernel/server/db-statement.ts); building
 * them per request took about an eighth of the call's CPU.
 */
const isPlain = (f: GoodsFilters) =>
  f.sort === 'default' && f.categoryId === undefined && f.brandId === undefined && f.minPrice === undefined && f.maxPrice === undefined && !f.recommendOnly && f.keywords.length === 0;

const PLAIN_ORDER: Pick<GoodsFilters, 'sort' | 'order'> = { sort: 'default', order: 'desc' };
const plainPageIn = (lang: Lang) =>
  statement((db, a: { limit: number; offset: number }) => sorted(cards(db).select(CARD_COLUMNS).select(cardText(lang)), PLAIN_ORDER, null).limit(a.limit).offset(a.offset));
/** Compiled at their first run (`statement`). */
const PLAIN_PAGES: Record<Lang, ReturnType<typeof plainPageIn>> = { 'zh-Hans': plainPageIn('zh-Hans'), en: plainPageIn('en') };
const plainCount = statement((db, _a: Record<string, never>) => cards(db).select((eb) => eb.fn.countAll<number | string>().as('total')));

/** The cards of the goods among `ids` that are on sale, in the order of `ids` (a list another plugin keeps: an agent's). */
export async function cardsByIds(db: Db, ids: readonly number[], lang: Lang = 'zh-Hans'): Promise<GoodsCard[]> {
  if (ids.length === 0) return [];
  const rows = await cards(db).where('g.id', 'in', [...ids]).select(CARD_COLUMNS).select(cardText(lang)).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every brand, or the brands with goods on sale in a category and its children; names in the request's language. */
export async function brands(db: Db, categoryId?: number, lang: Lang = 'zh-Hans'): Promise<Brand[]> {
  let query = db
    .selectFrom('goods_brand')
    .select(['id', 'logo', 'initials'])
    .select((eb) => localizedName(lang, eb.ref('name'), eb.ref('name_en')).as('name'));
  if (categoryId !== undefined) {
    const ids = subtreeIds(await categoryRows(db), categoryId);
    if (ids.length === 0) return [];
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('goods_goods')
        .select('brand_id')
        .where('status', '=', ON_SALE)
        .where('category_id', 'in', ids)
        .where('brand_id', 'is not', null)
        .$narrowType<{ brand_id: number }>(),
    );
  }
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map(toBrand);
}

export async function goodsDetail(db: Db, id: number, lang: Lang = 'zh-Hans'): Promise<GoodsDetail> {
  const row = await db
    .selectFrom('goods_goods as g')
    .leftJoin('goods_brand as b', 'b.id', 'g.brand_id')
    .leftJoin('goods_category as c', 'c.id', 'g.category_id')
    .select(CARD_COLUMNS)
    .select(cardText(lang))
    .select((eb) => [
      localizedName(lang, eb.ref('c.name'), eb.ref('c.name_en')).as('category_name'),
      localizedName(lang, eb.ref('g.detail_html'), eb.ref('g.detail_html_en')).as('detail_html'),
    ])
    .select([
      'g.status', 'g.images', 'g.model', 'g.packing_list', 'g.specs', 'g.spec_names_en', 'g.spec_values_en', 'g.created_at',
      'b.id as brand_id', 'b.logo as brand_logo', 'b.initials as brand_initials', 'c.parent_id as category_parent',
    ])
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BizError('goods:error.not_found', { id });
  if (row.status !== ON_SALE) throw new BizError('goods:error.off_sale', { name: row.name });
  const skus = await db
    .selectFrom('goods_sku')
    .select(['id', 'spec', 'price', 'market_price', 'stock', 'image'])
    .where('goods_id', '=', id)
    .orderBy('id')
    .execute();
  const images = parseImages(row.images);
  return {
    ...toCard(row),
    images: images.length ? images : [row.image].filter(Boolean),
    model: row.model,
    packing_list: row.packing_list,
    specs: labelSpecs(parseSpecs(row.specs), parseJson<Record<string, string>>(row.spec_names_en, {}, isNameMap), lang, parseJson<Record<string, string>>(row.spec_values_en, {}, isNameMap)),
    skus: skus.map(toSku),
    brand:
      row.brand_id === null
        ? null
        : toBrand({ id: row.brand_id, name: row.brand_name ?? '', logo: row.brand_logo ?? '', initials: row.brand_initials ?? '' }),
    category: { id: row.category_id, name: row.category_name ?? '', parentId: row.category_parent ?? 0 },
    detail: sanitizeRichText(row.detail_html),
    created_at: row.created_at,
  };
}
