/**
 * What a shopper may see: a post of the kind asked for that is not hidden and whose time has
 * come. Every read of posts for shoppers starts here (lists, details, counts, the notice bar,
 * the unread count), so a scheduled or hidden post never slips through one of them.
 */
import type { Db, Tx } from '@kernel/server/plugin';
import type { PostKind } from './tables';

export function visiblePosts(db: Db | Tx, kind: PostKind, now: number) {
  return db
    .selectFrom('article_post as p')
    .where('p.kind', '=', kind)
    .where('p.hidden', '=', 0)
    .where('p.published_at', '<=', now);
}
