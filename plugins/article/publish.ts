/**
 * Publishing, as the operator commands and the demo seed do it: an article or notice written with
 * its body sanitised (and read back through the sanitiser again), a summary taken from the body
 * when none is given, its category found or made by name, its goods linked in order; and hiding
 * or showing one again. Visibility to shoppers is ./visibility.ts's.
 */
import type { Db, Tx } from '@kernel/server/plugin';
import { plainTextOf, sanitizeRichText } from '@kernel/server/rich-text';
import type { PostKind } from './tables';

/** A summary is a line or two of the list: this many characters of the body's text. */
export const SUMMARY_LENGTH = 60;

export function summaryOf(html: string): string {
  const text = plainTextOf(html);
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH).trimEnd()}…` : text;
}

export interface NewPost {
  kind: PostKind;
  title: string;
  titleEn?: string;
  bodyHtml: string;
  bodyHtmlEn?: string;
  /** The body's first words when left out. */
  summary?: string;
  summaryEn?: string;
  /** A category's Chinese name, made when new (articles only). */
  category?: string;
  categoryEn?: string;
  cover?: string;
  /** Linked goods, in this order (articles only). */
  goodsIds?: readonly number[];
  /** Unix seconds; may be to come (scheduled). */
  publishedAt: number;
  now: number;
}

/** The id of the category named `name`, made (after the others) when there is none; two racing adds make one. */
export async function categoryNamed(tx: Tx, name: string, nameEn = ''): Promise<number> {
  const found = await tx.selectFrom('article_category').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const { sort } = await tx
    .selectFrom('article_category')
    .select((eb) => eb.fn.coalesce(eb.fn.max('sort'), eb.lit(0)).as('sort'))
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('article_category')
    .values({ name, name_en: nameEn, sort: Number(sort) + 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await tx.selectFrom('article_category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Writes a post and its goods links; its id. */
export async function addPost(db: Db, post: NewPost): Promise<number> {
  const body = sanitizeRichText(post.bodyHtml, { links: true });
  const bodyEn = post.bodyHtmlEn ? sanitizeRichText(post.bodyHtmlEn, { links: true }) : '';
  return db.transaction().execute(async (tx) => {
    const categoryId = post.category ? await categoryNamed(tx, post.category, post.categoryEn) : null;
    const row = await tx
      .insertInto('article_post')
      .values({
        kind: post.kind,
        category_id: categoryId,
        title: post.title,
        title_en: post.titleEn ?? '',
        summary: post.summary || summaryOf(body),
        summary_en: post.summaryEn || (bodyEn ? summaryOf(bodyEn) : ''),
        body_html: body,
        body_html_en: bodyEn,
        cover: post.cover ?? '',
        published_at: post.publishedAt,
        created_at: post.now,
        updated_at: post.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const goods = [...new Set(post.goodsIds ?? [])];
    if (goods.length > 0) await tx.insertInto('article_goods').values(goods.map((goodsId, sort) => ({ article_id: id, goods_id: goodsId, sort }))).execute();
    return id;
  });
}

/** Hides a post from shoppers, or shows it again; false when there is no such post. */
export async function setHidden(db: Db, id: number, hidden: boolean, now: number): Promise<boolean> {
  const result = await db.updateTable('article_post').set({ hidden: hidden ? 1 : 0, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
