/**
 * A shopper's search: the words of the keyword (split on any white space, the full-width one too),
 * each of which must appear in the goods' name, subtitle or brand, in any order ("口红 红" finds
 * 红色口红). Relevance counts where the words appear: in the name 4, the subtitle 2, the brand 1.
 *
 * Each word is matched column by column (`lower(column) like '%word%'`), and the brand by the ids
 * of the brands it matches (a small table, read first): on PostgreSQL every arm of a word's OR is
 * then one table's indexed expression (the trigram indexes of goods_006), so a search is no full scan.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { containsPattern } from '@kernel/core/like';
import { likeAnyCase } from '@kernel/server/like';
import type { Db, Lang } from '@kernel/server/plugin';
import type {} from './tables';

/** The searched text, in the request's language too; weights of the relevance. */
const FIELDS = (lang: Lang) => ({
  name: { weight: 4, columns: ['g.name', 'g.name_en'] },
  subtitle: { weight: 2, columns: lang === 'en' ? ['g.subtitle', 'g.subtitle_en'] : ['g.subtitle'] },
});
const BRAND_WEIGHT = 1;

export interface Search {
  /** True when every word appears somewhere (on `goods_goods as g`). */
  matches: Expression<SqlBool>;
  /** The relevance, for `order by … desc`. */
  relevance: Expression<number>;
}

/** The filter and relevance of `words` (./filters.ts's searchWords), with the brands each word names read now. */
export async function goodsSearch(db: Db, words: readonly string[], lang: Lang): Promise<Search> {
  const brandNames = (b: { name: string; name_en: string }) => (lang === 'en' ? [b.name, b.name_en] : [b.name]).map((n) => n.toLowerCase());
  const brands = await db.selectFrom('goods_brand').select(['id', 'name', 'name_en']).execute();
  const perWord = words.map((word) => {
    const pattern = containsPattern(word);
    const fields = Object.values(FIELDS(lang)).map(({ weight, columns }) => ({ weight, hit: anyOf(columns.map((column) => likeAnyCase(column, pattern))) }));
    const brandIds = brands.filter((b) => brandNames(b).some((n) => n.includes(word))).map((b) => b.id);
    if (brandIds.length > 0) fields.push({ weight: BRAND_WEIGHT, hit: sql<boolean>`${sql.ref('g.brand_id')} in (${sql.join(brandIds)})` });
    return fields;
  });
  return {
    matches: sql<boolean>`(${sql.join(
      perWord.map((fields) => anyOf(fields.map((f) => f.hit))),
      sql` and `,
    )})`,
    relevance: sql<number>`(${sql.join(
      perWord.flat().map((f) => sql`case when ${f.hit} then ${sql.lit(f.weight)} else 0 end`),
      sql` + `,
    )})`,
  };
}

const anyOf = (hits: Expression<SqlBool>[]) => sql<boolean>`(${sql.join(hits, sql` or `)})`;
