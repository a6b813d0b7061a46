/** Replies of the article calls for the browser tests (pages, the home's notice bar). */
import type { ArticleCard, ArticleCategory, ArticleDetail, ArticlePage, NoticeCard, NoticeDetail, NoticePage } from './contract';

/** Unix seconds of a local wall-clock time, so a shown time reads the same in any time zone. */
export const at = (year: number, month: number, day: number, hour = 0, minute = 0): number =>
  Math.floor(new Date(year, month - 1, day, hour, minute).getTime() / 1000);

export const categories = (): ArticleCategory[] => [
  { id: 1, name: '新品速递' },
  { id: 2, name: '生活方式' },
];

export function article(id: number, fields: Partial<ArticleCard> = {}): ArticleCard {
  return {
    id,
    category_id: 1,
    title: `文章${id}`,
    summary: `文章${id}的摘要`,
    cover: `/uploads/seed/article-${id}.jpg`,
    published_at: at(2026, 11, 20, 9, 30),
    reads: 10 * id,
    ...fields,
  };
}

export const articlePage = (list: ArticleCard[], fields: Partial<ArticlePage> = {}): ArticlePage => ({
  categories: categories(),
  list,
  total: list.length,
  page: 1,
  limit: 10,
  ...fields,
});

export function articleDetail(id: number, fields: Partial<ArticleDetail> = {}): ArticleDetail {
  return { ...article(id), category: '新品速递', body: `<p>正文${id}</p>`, goods: [], ...fields };
}

export function notice(id: number, fields: Partial<NoticeCard> = {}): NoticeCard {
  return { id, title: `公告${id}`, summary: `公告${id}的摘要`, published_at: at(2026, 11, 18, 8, 0), read: 0, ...fields };
}

export const noticePage = (list: NoticeCard[], fields: Partial<NoticePage> = {}): NoticePage => ({
  list,
  total: list.length,
  unread: list.filter((n) => n.read === 0).length,
  page: 1,
  limit: 10,
  ...fields,
});

export function noticeDetail(id: number, fields: Partial<NoticeDetail> = {}): NoticeDetail {
  return { id, title: `公告${id}`, body: `<p>公告${id}的正文</p>`, published_at: at(2026, 11, 18, 8, 0), read: 1, ...fields };
}
