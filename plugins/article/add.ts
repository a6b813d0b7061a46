/**
 * Adding an entry to a shopper's list: a title at most once per list (the unique index settles
 * two identical adds racing each other), and at most `max` entries (the site's `maxEntries`).
 * A rule takes domain inputs, never a call's context or wire names: the server, an operator
 * command or a test calls it alike.
 */
import { BizError } from '@kernel/core/errors';
import type { Db } from '@kernel/server/plugin';
import type { ArticleEntry } from './contract';
import type {} from './tables';

export interface NewEntry {
  userId: number;
  title: string;
  max: number;
  /** Milliseconds, from the kernel's clock (tests move it). */
  now: number;
}

export async function addEntry(db: Db, entry: NewEntry): Promise<ArticleEntry> {
  return db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('article_entry')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', entry.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= entry.max) throw new BizError('article:message.full', { max: entry.max });
    const row = await tx
      .insertInto('article_entry')
      .values({ user_id: entry.userId, title: entry.title, created_at: Math.floor(entry.now / 1000) })
      .onConflict((oc) => oc.columns(['user_id', 'title']).doNothing())
      .returning(['id', 'title', 'created_at'])
      .executeTakeFirst();
    if (!row) throw new BizError('article:message.duplicate', { title: entry.title });
    // PostgreSQL answers bigint columns as strings.
    return { ...row, created_at: Number(row.created_at) };
  });
}
