/** The article plugin's table, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export interface ArticleEntryTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  created_at: number;
}

declare module '@kernel/server/database' {
  interface Database {
    article_entry: ArticleEntryTable;
  }
}
