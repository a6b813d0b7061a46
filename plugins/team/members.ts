/**
 * The shopper's team on one level (1: the shoppers they invited, 2: those invited by them),
 * newest first, searchable by nickname, username or mobile; each member with a masked mobile and
 * their paid orders (the order plugin counts them) and the commission they brought the caller.
 * Only ever the caller's own team.
 */
import { sql } from 'kysely';
import { maskMobile } from '@kernel/core/mask';
import { formatYuan } from '@kernel/core/money';
import { invitees } from '@kernel/server/invite-tree';
import type { CallContext, Db } from '@kernel/server/plugin';
import { paidOrderCounts } from '@plugins/order/public';
import type { TeamMember, TeamMembers } from './contract';
import type { TeamSettings } from './settings';
import type {} from './tables';

export interface MembersQuery {
  /** Whose team. */
  userId: number;
  level: 1 | 2;
  /** Matches part of a nickname, username or mobile; % and _ match themselves. */
  keyword?: string;
  page: number;
  limit: number;
}

/** The call: the token's user's team; the site's page size when the payload gives none. */
export async function teamMembers(
  ctx: CallContext<TeamSettings>,
  input: { level: 1 | 2; keyword?: string; page: number; limit?: number },
): Promise<TeamMembers> {
  const limit = input.limit ?? ctx.settings.membersPerPage;
  const { rows, total } = await membersPage(ctx.db, { userId: ctx.requireUser().id, level: input.level, keyword: input.keyword, page: input.page, limit });
  const ids = rows.map((row) => row.id);
  const [orders, earned] = await Promise.all([paidOrderCounts(ctx.db, ids), commissionFrom(ctx.db, ctx.requireUser().id, ids)]);
  const list = rows.map((row): TeamMember => ({ ...row, orders: orders.get(row.id) ?? 0, commission: formatYuan(earned.get(row.id) ?? 0) }));
  return { list, total, page: input.page, limit };
}

/** What `userId` earned from each of `buyerIds`' orders (fen), frozen or credited: not reversed or taken back. */
async function commissionFrom(db: Db, userId: number, buyerIds: readonly number[]): Promise<Map<number, number>> {
  if (buyerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('team_commission')
    .select(['buyer_id', sql<number>`sum(amount)`.as('amount')])
    .where('user_id', '=', userId)
    .where('buyer_id', 'in', [...buyerIds])
    .where('state', 'in', ['frozen', 'available'])
    .groupBy('buyer_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.buyer_id), Number(r.amount)]));
}

/** One page of the team's members on a level, newest first, with the total that match. */
export async function membersPage(db: Db, query: MembersQuery): Promise<{ rows: Omit<TeamMember, 'orders' | 'commission'>[]; total: number }> {
  const { rows, total } = await invitees(db, { of: query.userId, level: query.level, keyword: query.keyword, page: query.page, limit: query.limit });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      nickname: row.nickname || row.username,
      avatar: row.avatar,
      mobile: row.mobile ? maskMobile(row.mobile) : '',
      joined_at: row.joinedAt,
    })),
    total,
  };
}
