/** The article plugin's tables, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export interface ArticleCategoryTable {
  id: Generated<number>;
  name: string;
  /** '' when there is none: the Chinese is shown. */
  name_en: Generated<string>;
  /** Lower comes first. */
  sort: Generated<number>;
  /** 1 shown, 0 hidden. */
  status: Generated<number>;
}

export type PostKind = 'article' | 'notice';

/**
 * An article or a notice. A shopper sees it only when `hidden = 0 AND published_at <= now`
 * (./visibility.ts). The English columns are '' when the operator wrote none: the Chinese is shown.
 */
export interface ArticlePostTable {
  id: Generated<number>;
  kind: PostKind;
  /** Articles only; null for a notice or an article outside every category. */
  category_id: number | null;
  title: string;
  title_en: Generated<string>;
  /** Plain text. */
  summary: Generated<string>;
  summary_en: Generated<string>;
  /** Sanitised when written (and again when read). */
  body_html: string;
  body_html_en: Generated<string>;
  /** A picture path or URL; '' for none. */
  cover: Generated<string>;
  published_at: number;
  hidden: Generated<number>;
  /** Reads: once per reader per business day (article_read). */
  reads: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** The goods an article links, in `sort` order. */
export interface ArticleGoodsTable {
  article_id: number;
  goods_id: number;
  sort: number;
}

/** One row per post, reader (`u:<user>`, `v:<visitor>` or `ip:<ip>`) and business day (YYYYMMDD): a read counted. */
export interface ArticleReadTable {
  post_id: number;
  reader: string;
  day: number;
}

/** The notices a logged-in shopper has opened. */
export interface ArticleNoticeReadTable {
  post_id: number;
  user_id: number;
  read_at: number;
}

declare module '@kernel/server/database' {
  interface Database {
    article_category: ArticleCategoryTable;
    article_post: ArticlePostTable;
    article_goods: ArticleGoodsTable;
    article_read: ArticleReadTable;
    article_notice_read: ArticleNoticeReadTable;
  }
}
