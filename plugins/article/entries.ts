/** Reading the article entries: a shopper's own list, and the newest of everyone for operators. */
import type { Db, OperatorContext } from '@kernel/server/plugin';
import type { ArticleEntry } from './contract';
import type {} from './tables';

/** The shopper's own entries, newest first. */
export async function listEntries(db: Db, userId: number): Promise<ArticleEntry[]> {
  const rows = await db
    .selectFrom('article_entry')
    .select(['id', 'title', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // PostgreSQL answers bigint columns as strings.
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

/**
 * The newest entries of every shopper, or of one: what operators see (`storefront article list`).
 * Accounts are the kernel's: names come through `services.users`, never its tables.
 */
export async function latestEntries({ db, services }: Pick<OperatorContext, 'db' | 'services'>, options: { username?: string; limit: number }) {
  let query = db
    .selectFrom('article_entry')
    .select(['id', 'user_id', 'title', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.username) {
    const user = await services.users.find(db, { username: options.username });
    if (!user) return [];
    query = query.where('user_id', '=', user.id);
  }
  const rows = await query.execute();
  const users = await services.users.byIds(db, rows.map((row) => row.user_id));
  return rows.map((row) => ({ id: row.id, username: users.get(row.user_id)?.username ?? '', title: row.title, created_at: Number(row.created_at) }));
}
