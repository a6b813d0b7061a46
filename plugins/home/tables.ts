/** The home plugin's tables, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export interface HomeBannerTable {
  id: Generated<number>;
  image: string;
  title: string;
  /** A route path, optionally with a query (`/goods/list/list?keyword=...`); '' for none. */
  link: string;
  /** Lower comes first. */
  sort: number;
  /** 1 shown, 0 hidden. */
  status: number;
  /** English title, '' when there is none (home_002). */
  title_en: Generated<string>;
}

export interface HomeNoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  created_at: number;
  status: number;
  /** English title and text, '' when there are none (home_002). */
  title_en: Generated<string>;
  content_en: Generated<string>;
}

declare module '@kernel/server/database' {
  interface Database {
    home_banner: HomeBannerTable;
    home_notice: HomeNoticeTable;
  }
}
