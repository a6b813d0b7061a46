/**
 * Counting an article's reads: once per reader and business day. The read is a row keyed by
 * (post, reader, day) inserted ON CONFLICT DO NOTHING, and only the request that inserted it adds
 * one to the post's count, in the same transaction: a crowd of reads by one shopper (a page opened
 * in many tabs, a retrying client) counts one, and no read is lost to another's.
 */
import { businessDate } from '@kernel/server/clock';
import { hotTransaction } from '@kernel/server/hot-transaction';
import type { Db } from '@kernel/server/plugin';
import type {} from './tables';

/** Who reads: a logged-in shopper by account, else a visitor by the id their browser keeps, else by address. */
export function readerOf(input: { userId: number | null; visitor?: string; ip: string }): string {
  if (input.userId !== null) return `u:${input.userId}`;
  if (input.visitor) return `v:${input.visitor}`;
  return `ip:${input.ip}`;
}

/** The business day (Asia/Shanghai) containing `ms`, as a number: 20260301. */
export const businessDay = (ms: number): number => Number(businessDate(ms).replaceAll('-', ''));

/** Counts a read of `postId` by `reader` on `day` unless one was counted already: the post's new count, or null when it was counted before. */
export async function countRead(db: Db, read: { postId: number; reader: string; day: number }): Promise<number | null> {
  // The post's row is hot (everyone reading it adds to it): a conditional change at READ COMMITTED, never a retry storm.
  return hotTransaction(db).execute(async (tx) => {
    const inserted = await tx
      .insertInto('article_read')
      .values({ post_id: read.postId, reader: read.reader, day: read.day })
      .onConflict((oc) => oc.columns(['post_id', 'reader', 'day']).doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (!inserted) return null;
    const post = await tx
      .updateTable('article_post')
      .set((eb) => ({ reads: eb('reads', '+', 1) }))
      .where('id', '=', read.postId)
      .returning('reads')
      .executeTakeFirstOrThrow();
    return Number(post.reads);
  });
}
