/** Reading the home page's content: enabled banners by sort, the newest enabled notices, in the request's language. */
import { textIn } from '@kernel/core/language';
import type { Db, Lang } from '@kernel/server/plugin';
import type { HomeContent } from './contract';
import type {} from './tables';

const SHOWN = 1;
/** The notice bar rotates a handful; the full list belongs to the notices page. */
export const NOTICE_LIMIT = 5;

export async function homeContent(db: Db, lang: Lang = 'zh-Hans'): Promise<HomeContent> {
  const [banners, notices] = await Promise.all([
    db
      .selectFrom('home_banner')
      .select(['id', 'image', 'title', 'title_en', 'link'])
      .where('status', '=', SHOWN)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('home_notice')
      .select(['id', 'title', 'title_en', 'content', 'content_en', 'created_at'])
      .where('status', '=', SHOWN)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTICE_LIMIT)
      .execute(),
  ]);
  return {
    banners: banners.map(({ title_en, ...b }) => ({ ...b, title: textIn(lang, b.title, title_en) })),
    notices: notices.map(({ title_en, content_en, ...n }) => ({
      ...n,
      title: textIn(lang, n.title, title_en),
      content: textIn(lang, n.content, content_en),
      created_at: Number(n.created_at),
    })),
  };
}
