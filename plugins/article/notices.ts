/**
 * Notices as shoppers read them: the list with each one's read flag and the shopper's unread
 * count, and one notice, which marks it read for a logged-in shopper (a row per shopper and
 * notice, inserted once however often it is opened). A visitor reads every notice as unread and
 * has no unread count. Only what ./visibility.ts lets through.
 */
import { BizError } from '@kernel/core/errors';
import { textIn } from '@kernel/core/language';
import type { Db, Lang } from '@kernel/server/plugin';
import { sanitizeRichText } from '@kernel/server/rich-text';
import type { NoticeDetail, NoticePage, ReadFlag } from './contract';
import { visiblePosts } from './visibility';
import type {} from './tables';

export interface NoticeQuery {
  /** The logged-in shopper; null for a visitor. */
  userId: number | null;
  page: number;
  limit: number;
  now: number;
  lang: Lang;
}

/** Published notices, newest first, with the shopper's read flags and unread count. */
export async function listNotices(db: Db, q: NoticeQuery): Promise<NoticePage> {
  // A visitor's reads are never kept: user 0 owns no row.
  const userId = q.userId ?? 0;
  const notices = visiblePosts(db, 'notice', q.now).leftJoin('article_notice_read as r', (join) => join.onRef('r.post_id', '=', 'p.id').on('r.user_id', '=', userId));
  const [rows, count] = await Promise.all([
    notices
      .select(['p.id', 'p.title', 'p.title_en', 'p.summary', 'p.summary_en', 'p.published_at', 'r.post_id as read_id'])
      .orderBy('p.published_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    notices.select((eb) => [eb.fn.countAll().as('total'), eb.fn.count('r.post_id').as('read')]).executeTakeFirst(),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    list: rows.map((row) => ({
      id: row.id,
      title: textIn(q.lang, row.title, row.title_en),
      summary: textIn(q.lang, row.summary, row.summary_en),
      published_at: Number(row.published_at),
      read: (row.read_id === null ? 0 : 1) as ReadFlag,
    })),
    total,
    unread: q.userId === null ? 0 : total - Number(count?.read ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** One published notice (not found when hidden or still to come), marked read for a logged-in shopper. */
export async function readNotice(db: Db, read: { id: number; userId: number | null; now: number; lang: Lang }): Promise<NoticeDetail> {
  const row = await visiblePosts(db, 'notice', read.now)
    .select(['p.id', 'p.title', 'p.title_en', 'p.body_html', 'p.body_html_en', 'p.published_at'])
    .where('p.id', '=', read.id)
    .executeTakeFirst();
  if (!row) throw new BizError('article:message.notice_not_found', { id: read.id });
  if (read.userId !== null) {
    await db
      .insertInto('article_notice_read')
      .values({ post_id: row.id, user_id: read.userId, read_at: read.now })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .execute();
  }
  return {
    id: row.id,
    title: textIn(read.lang, row.title, row.title_en),
    body: sanitizeRichText(textIn(read.lang, row.body_html, row.body_html_en), { links: true }),
    published_at: Number(row.published_at),
    read: read.userId === null ? 0 : 1,
  };
}
