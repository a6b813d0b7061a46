/**
 * Articles as shoppers read them: the list (category tabs, keyword, paging) and one article with
 * its linked goods, in the request's language (English falls back to Chinese). Only what
 * ./visibility.ts lets through; bodies are sanitised again when read.
 */
import { BizError } from '@kernel/core/errors';
import { textIn } from '@kernel/core/language';
import { containsPattern } from '@kernel/core/like';
import { likeAnyCase } from '@kernel/server/like';
import type { Db, Lang } from '@kernel/server/plugin';
import { sanitizeRichText } from '@kernel/server/rich-text';
import { cardsByIds } from '@plugins/goods/public';
import type { ArticleCard, ArticleCategory, ArticleDetail, ArticlePage } from './contract';
import { businessDay, countRead } from './reads';
import { visiblePosts } from './visibility';
import type {} from './tables';

const CARD = ['p.id', 'p.category_id', 'p.title', 'p.title_en', 'p.summary', 'p.summary_en', 'p.cover', 'p.published_at', 'p.reads'] as const;

interface CardRow {
  id: number;
  category_id: number | null;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  published_at: number | string;
  reads: number;
}

const toCard = (row: CardRow, lang: Lang): ArticleCard => ({
  id: row.id,
  category_id: row.category_id,
  title: textIn(lang, row.title, row.title_en),
  summary: textIn(lang, row.summary, row.summary_en),
  cover: row.cover,
  // PostgreSQL answers bigint columns as strings.
  published_at: Number(row.published_at),
  reads: Number(row.reads),
});

/** The text a keyword matches: titles in both languages, the summary in the request's. */
const searched = (lang: Lang) => (lang === 'en' ? (['p.title', 'p.title_en', 'p.summary', 'p.summary_en'] as const) : (['p.title', 'p.title_en', 'p.summary'] as const));

/** The shown categories holding a published article, by sort order: the list's tabs. */
async function categoryTabs(db: Db, now: number, lang: Lang): Promise<ArticleCategory[]> {
  const rows = await db
    .selectFrom('article_category as c')
    .select(['c.id', 'c.name', 'c.name_en'])
    .where('c.status', '=', 1)
    .where('c.id', 'in', visiblePosts(db, 'article', now).select('p.category_id').where('p.category_id', 'is not', null).$narrowType<{ category_id: number }>())
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: textIn(lang, row.name, row.name_en) }));
}

export interface ArticleQuery {
  /** 0 or none: every category. */
  categoryId?: number;
  keyword?: string;
  page: number;
  limit: number;
  now: number;
  lang: Lang;
}

/** Published articles, newest first, of one category and matching a keyword, with the tabs. */
export async function listArticles(db: Db, q: ArticleQuery): Promise<ArticlePage> {
  let query = visiblePosts(db, 'article', q.now);
  if (q.categoryId) query = query.where('p.category_id', '=', q.categoryId);
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    query = query.where((eb) => eb.or(searched(q.lang).map((column) => likeAnyCase(column, pattern))));
  }
  const [categories, rows, count] = await Promise.all([
    categoryTabs(db, q.now, q.lang),
    query
      .select(CARD)
      .orderBy('p.published_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
  ]);
  return { categories, list: rows.map((row) => toCard(row, q.lang)), total: Number(count?.total ?? 0), page: q.page, limit: q.limit };
}

/**
 * One published article (not found when hidden or still to come), its category's name and its
 * goods on sale, in order; the read counted for `reader` (./reads.ts), and the count as it stands.
 */
export async function articleDetail(db: Db, read: { id: number; reader: string; now: number; lang: Lang }): Promise<ArticleDetail> {
  const { id, now, lang } = read;
  const row = await visiblePosts(db, 'article', now)
    .leftJoin('article_category as c', 'c.id', 'p.category_id')
    .select(CARD)
    .select(['p.body_html', 'p.body_html_en', 'c.name as category', 'c.name_en as category_en'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BizError('article:message.not_found', { id });
  const counted = await countRead(db, { postId: id, reader: read.reader, day: businessDay(now * 1000) });
  const links = await db.selectFrom('article_goods').select('goods_id').where('article_id', '=', id).orderBy('sort').orderBy('goods_id').execute();
  return {
    ...toCard({ ...row, reads: counted ?? row.reads }, lang),
    category: textIn(lang, row.category ?? '', row.category_en),
    body: sanitizeRichText(textIn(lang, row.body_html, row.body_html_en), { links: true }),
    goods: await cardsByIds(db, links.map((link) => link.goods_id), lang),
  };
}
