/**
 * Demo articles and notices (./seed-posts.ts), in Chinese and English, published over the past
 * days: articles in three categories with covers and pictures from the goods and home seeds'
 * pictures under /uploads/seed/, some linking demo goods (one of them off sale, which the
 * detail leaves out). Runs once per site, as every seed (kernel/server/seed.ts).
 */
import { escapeXml } from '@kernel/core/svg';
import type { SeedContext } from '@kernel/server/plugin';
import { addPost } from './publish';
import { ARTICLES, CATEGORIES, NOTICES } from './seed-posts';
import type {} from './tables';

const DAY = 86_400;
const HOUR = 3_600;

const html = (paragraphs: string[], picture: { src: string; alt: string }) =>
  paragraphs.map((p) => (p === '{picture}' ? `<p><img src="${picture.src}" alt="${escapeXml(picture.alt)}"></p>` : `<p>${escapeXml(p)}</p>`)).join('');

export async function seedArticles({ db, services }: SeedContext): Promise<void> {
  const now = services.clock.nowSeconds();
  const names = [...new Set(ARTICLES.flatMap((a) => [...a.goods, a.picture.replace(/^goods:/, '')]))];
  // The goods seed's rows, by name (it ran first: article requires goods).
  const goods = new Map((await db.selectFrom('goods_goods').select(['id', 'name']).where('name', 'in', names).execute()).map((g) => [g.name, Number(g.id)]));
  const pictureOf = (picture: string, n: 1 | 2) => {
    if (!picture.startsWith('goods:')) return `/uploads/seed/${picture}`;
    const id = goods.get(picture.slice('goods:'.length));
    return id === undefined ? '/uploads/seed/banner-1.jpg' : `/uploads/seed/goods-${id}-${n}.svg`;
  };

  await db.transaction().execute(async (tx) => {
    for (const [sort, category] of CATEGORIES.entries()) await tx.insertInto('article_category').values({ name: category.name, name_en: category.nameEn, sort }).execute();
  });
  for (const [i, a] of ARTICLES.entries()) {
    const body = { src: pictureOf(a.picture, 2), alt: a.title };
    const id = await addPost(db, {
      kind: 'article',
      title: a.title,
      titleEn: a.titleEn,
      summary: a.summary,
      summaryEn: a.summaryEn,
      bodyHtml: html(a.body, body),
      bodyHtmlEn: html(a.bodyEn, { ...body, alt: a.titleEn }),
      category: a.category,
      cover: pictureOf(a.picture, 1),
      goodsIds: a.goods.flatMap((name) => goods.get(name) ?? []),
      publishedAt: now - a.daysAgo * DAY - (i + 1) * HOUR,
      now,
    });
    await db.updateTable('article_post').set({ reads: a.reads }).where('id', '=', id).execute();
  }
  for (const [i, n] of NOTICES.entries()) {
    await addPost(db, {
      kind: 'notice',
      title: n.title,
      titleEn: n.titleEn,
      bodyHtml: n.body.map((p) => `<p>${escapeXml(p)}</p>`).join(''),
      bodyHtmlEn: n.bodyEn.map((p) => `<p>${escapeXml(p)}</p>`).join(''),
      publishedAt: now - n.daysAgo * DAY - (i + 1) * HOUR,
      now,
    });
  }
}
