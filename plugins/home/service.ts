/** Reading the home page's content: enabled banners by sort, the newest enabled notices. */
import type { Db } from '@kernel/server/plugin';
import type { HomeContent } from './contract';
import type {} from './tables';

const SHOWN = 1;
/** The notice bar rotates a handful; the full list belongs to the notices page. */
export const NOTICE_LIMIT = 5;

export async function homeContent(db: Db): Promise<HomeContent> {
  const [banners, notices] = await Promise.all([
    db
      .selectFrom('home_banner')
      .select(['id', 'image', 'title', 'link'])
      .where('status', '=', SHOWN)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('home_notice')
      .select(['id', 'title', 'content', 'created_at'])
      .where('status', '=', SHOWN)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTICE_LIMIT)
      .execute(),
  ]);
  return { banners, notices: notices.map((n) => ({ ...n, created_at: Number(n.created_at) })) };
}
