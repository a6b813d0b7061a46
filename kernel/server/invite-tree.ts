/**
 * Who invited whom: the kernel user's `parent_id` (set at registration from an invite code, user
 * info `invite` being the user's own code). The kernel owns the table; the team programme reads
 * and changes the tree only through these functions. Plain functions of a query executor, like
 * ./services/ledger-reads.ts: an invariant gets no services.
 */
import { sql } from 'kysely';
import { containsPattern } from '../core/like';
import { likeAnyCase } from './like';
import type { Db, Tx } from './plugin';

type Q = Db | Tx;

/** Who invited `userId` (null: nobody) and when `userId` joined; null when there is no such user. */
export async function inviterOf(q: Q, userId: number): Promise<{ parentId: number | null; joinedAt: number } | null> {
  const row = await q.selectFrom('kernel_user').select(['parent_id', 'jointime']).where('id', '=', userId).executeTakeFirst();
  return row ? { parentId: row.parent_id === null ? null : Number(row.parent_id), joinedAt: Number(row.jointime) } : null;
}

/** Upwards from `userId`: its inviter, the inviter's inviter…, nearest first (at most `levels`). */
export async function invitersOf(q: Q, userId: number, levels = 1000): Promise<number[]> {
  const rows = await q
    .withRecursive('up(id, parent_id, depth)', (w) =>
      w
        .selectFrom('kernel_user')
        .select(['id', 'parent_id', sql<number>`0`.as('depth')])
        .where('id', '=', userId)
        .unionAll((r) =>
          r
            .selectFrom('kernel_user as u')
            .innerJoin('up', 'up.parent_id', 'u.id')
            .select(['u.id', 'u.parent_id', sql<number>`up.depth + 1`.as('depth')])
            .where('up.depth', '<', levels),
        ),
    )
    .selectFrom('up')
    .select(['id', 'depth'])
    .where('depth', '>', 0)
    .orderBy('depth')
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface Invitee {
  id: number;
  parentId: number;
  username: string;
  nickname: string;
  avatar: string;
  mobile: string | null;
  joinedAt: number;
}

export interface InviteesQuery {
  /** Whose team. */
  of: number;
  /** 1: invited by `of`; 2: invited by those. */
  level: 1 | 2;
  /** Part of a nickname, username or mobile, case-insensitive; `%` and `_` match themselves. */
  keyword?: string;
  page: number;
  limit: number;
}

const SEARCHED = ['u.nickname', 'u.username', 'u.mobile'] as const;

function inviteesQuery(q: Q, of: number, level: 1 | 2, keyword?: string) {
  // Never `of` themselves, even where hand-edited data made a cycle.
  let users = q.selectFrom('kernel_user as u').where('u.id', '<>', of);
  users = level === 1 ? users.where('u.parent_id', '=', of) : users.where('u.parent_id', 'in', q.selectFrom('kernel_user as d').select('d.id').where('d.parent_id', '=', of));
  const text = keyword?.trim();
  if (text) users = users.where((eb) => eb.or(SEARCHED.map((column) => likeAnyCase(column, containsPattern(text)))));
  return users;
}

/** One page of a user's team on a level, newest first, and how many match in all. */
export async function invitees(q: Q, query: InviteesQuery): Promise<{ rows: Invitee[]; total: number }> {
  const users = inviteesQuery(q, query.of, query.level, query.keyword);
  const { total } = await users.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await users
    .select(['u.id', 'u.parent_id', 'u.username', 'u.nickname', 'u.avatar', 'u.mobile', 'u.jointime'])
    .orderBy('u.jointime', 'desc')
    .orderBy('u.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    rows: rows.map((r) => ({ id: Number(r.id), parentId: Number(r.parent_id), username: r.username, nickname: r.nickname, avatar: r.avatar, mobile: r.mobile, joinedAt: Number(r.jointime) })),
    total: Number(total),
  };
}

/** How many a user's team holds on a level. */
export async function inviteeCount(q: Q, of: number, level: 1 | 2): Promise<number> {
  const { n } = await inviteesQuery(q, of, level).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Makes `parentId` the inviter of `userId`, in the caller's transaction; with `onlyIfNone`, only
 * when nobody invited them yet (a conditional update). Whether it changed. Checking for a cycle
 * is the caller's, in the same transaction (`invitersOf`).
 */
export async function setInviter(tx: Tx, userId: number, parentId: number, options: { onlyIfNone?: boolean } = {}): Promise<boolean> {
  let update = tx.updateTable('kernel_user').set({ parent_id: parentId }).where('id', '=', userId);
  if (options.onlyIfNone) update = update.where('parent_id', 'is', null);
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Users who are their own inviter at some depth (none, unless the data was edited by hand), ascending. */
export async function selfInviters(q: Q): Promise<number[]> {
  // Walk up from every invited user, at most 1,000 steps (deeper than any real team); a walk that meets its start is a cycle.
  const rows = await q
    .withRecursive('up(start, id, depth)', (w) =>
      w
        .selectFrom('kernel_user')
        .select(['id as start', 'parent_id as id', sql<number>`1`.as('depth')])
        .where('parent_id', 'is not', null)
        .unionAll((r) =>
          r
            .selectFrom('up')
            .innerJoin('kernel_user as u', 'u.id', 'up.id')
            .select(['up.start', 'u.parent_id as id', sql<number>`up.depth + 1`.as('depth')])
            .where('u.parent_id', 'is not', null)
            .where('up.id', '<>', sql.ref('up.start'))
            .where('up.depth', '<', 1000),
        ),
    )
    .selectFrom('up')
    .select('start')
    .distinct()
    .whereRef('up.id', '=', 'up.start')
    .execute();
  return rows.map((r) => Number(r.start)).sort((a, b) => a - b);
}
