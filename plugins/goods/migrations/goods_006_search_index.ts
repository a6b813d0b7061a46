import type { Kysely } from 'kysely';
import { createTrigramIndexes } from '@kernel/server/migrations/trigram';
import type { Migration } from '@kernel/server/plugin';

/**
 * A search reads the goods' names and subtitles with `lower(column) like '%word%'` (../search.ts):
 * on PostgreSQL a trigram index per column serves it, so a search over a large catalogue is no
 * full scan. SQLite gets none (and needs none at a shop's size).
 */
export const goods006SearchIndex: Migration = {
  name: 'goods_006_search_index',
  async up(db: Kysely<unknown>) {
    await createTrigramIndexes(db, 'goods_goods', ['name', 'name_en', 'subtitle', 'subtitle_en']);
  },
};
