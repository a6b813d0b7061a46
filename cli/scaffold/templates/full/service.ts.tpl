/**
 * The __id__ plugin's rules and storage: each shopper's own list, newest first, a title at most
 * once per list, and at most `max` entries (the site's `maxEntries` setting).
 */
import { BizError } from '@kernel/core/errors';
import type { Db, OperatorContext } from '@kernel/server/plugin';
import type { __Id__Entry } from './contract';
import type {} from './tables';

export interface NewEntry {
  userId: number;
  title: string;
  max: number;
  /** Milliseconds, from the kernel's clock (tests move it). */
  now: number;
}

export async function listEntries(db: Db, userId: number): Promise<__Id__Entry[]> {
  const rows = await db
    .selectFrom('__id___entry')
    .select(['id', 'title', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // PostgreSQL answers bigint columns as strings.
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

export async function addEntry(db: Db, entry: NewEntry): Promise<__Id__Entry> {
  return db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('__id___entry')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', entry.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= entry.max) throw new BizError('__id__:message.full', { max: entry.max });
    // The unique index settles two identical adds racing each other: the second inserts nothing.
    const row = await tx
      .insertInto('__id___entry')
      .values({ user_id: entry.userId, title: entry.title, created_at: Math.floor(entry.now / 1000) })
      .onConflict((oc) => oc.columns(['user_id', 'title']).doNothing())
      .returning(['id', 'title', 'created_at'])
      .executeTakeFirst();
    if (!row) throw new BizError('__id__:message.duplicate', { title: entry.title });
    return { ...row, created_at: Number(row.created_at) };
  });
}

/**
 * The newest entries of every shopper, or of one: what operators see (`storefront __id__ list`).
 * Accounts are the kernel's: names come through `services.users`, never its tables.
 */
export async function latestEntries({ db, services }: Pick<OperatorContext, 'db' | 'services'>, options: { username?: string; limit: number }) {
  let query = db
    .selectFrom('__id___entry')
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
