import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Articles and notices (one table, by `kind`), their categories and linked goods, the reads
 * counted (once per reader and business day: the primary key settles a crowd of reads) and the
 * notices each shopper has read (the primary key again).
 */
export const article001Init: Migration = {
  name: 'article_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('article_category'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(60)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // Operators name a category; two adds naming a new one at once make one.
    await db.schema.createIndex('article_category_name').on('article_category').column('name').unique().execute();

    await withId(db, db.schema.createTable('article_post'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('category_id', 'integer')
      .addColumn('title', 'varchar(120)', (c) => c.notNull())
      .addColumn('title_en', 'varchar(160)', (c) => c.notNull().defaultTo(''))
      .addColumn('summary', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('summary_en', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('body_html_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('cover', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('article_post_kind_published').on('article_post').columns(['kind', 'hidden', 'published_at']).execute();

    await db.schema
      .createTable('article_goods')
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_goods_pk', ['article_id', 'goods_id'])
      .execute();

    await db.schema
      .createTable('article_read')
      .addColumn('post_id', 'integer', (c) => c.notNull())
      .addColumn('reader', 'varchar(80)', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_read_pk', ['post_id', 'reader', 'day'])
      .execute();

    await db.schema
      .createTable('article_notice_read')
      .addColumn('post_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_notice_read_pk', ['post_id', 'user_id'])
      .execute();
    await db.schema.createIndex('article_notice_read_user').on('article_notice_read').columns(['user_id', 'post_id']).execute();
  },
};
