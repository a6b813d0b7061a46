/**
 * Agent goods: any shopper may promote goods (pick them), share the list or a goods link carrying
 * their code (`?agent=<invite code>`), and a shopper who follows such a link is noted with it
 * (`visit`, the latest agent per shopper and goods). An order of those goods within `referralDays`
 * pays the agent first-level commission on their share of it (./commission.ts), whether or not
 * the buyer has an inviter. Nobody is their own agent.
 */
import { BizError, FieldsError } from '@kernel/core/errors';
import type { CallContext, Db, ServerServices, Tx } from '@kernel/server/plugin';
import { cardsByIds } from '@plugins/goods/public';
import type { AgentGoodsPage } from './contract';
import type { TeamSettings } from './settings';
import type {} from './tables';

const DAY = 86_400;

const countOf = async (q: Db | Tx, userId: number) =>
  Number((await q.selectFrom('team_agent_goods').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

/** Picks (`add`) or drops (`remove`) goods on sale; how many the shopper then promotes. */
export async function handleAgentGoods(ctx: CallContext<TeamSettings>, input: { goods_id: number; action: 'add' | 'remove' }): Promise<{ picked: boolean; count: number }> {
  const userId = ctx.requireUser().id;
  // Read before the transaction: inside it only `tx` may be used (SQLite has one connection).
  if (input.action === 'add' && (await cardsByIds(ctx.db, [input.goods_id], ctx.lang)).length === 0) throw new BizError('team:message.goods_not_on_sale');
  return ctx.db.transaction().execute(async (tx) => {
    if (input.action === 'remove') {
      await tx.deleteFrom('team_agent_goods').where('user_id', '=', userId).where('goods_id', '=', input.goods_id).execute();
      return { picked: false, count: await countOf(tx, userId) };
    }
    const count = await countOf(tx, userId);
    const already = await tx.selectFrom('team_agent_goods').select('id').where('user_id', '=', userId).where('goods_id', '=', input.goods_id).executeTakeFirst();
    if (!already && count >= ctx.settings.maxAgentGoods) throw new BizError('team:message.too_many_goods', { max: ctx.settings.maxAgentGoods });
    await tx
      .insertInto('team_agent_goods')
      .values({ user_id: userId, goods_id: input.goods_id, created_at: ctx.services.clock.nowSeconds() })
      .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
      .execute();
    return { picked: true, count: already ? count : count + 1 };
  });
}

export const agentGoodsCount = async (db: Db, agentId: number): Promise<{ count: number }> => ({ count: await countOf(db, agentId) });

/** The agent's promoted goods on sale, newest first: by their code, or the caller's own. */
export async function agentGoodsPage(ctx: CallContext<TeamSettings>, input: { agent?: string; page: number; limit: number }): Promise<AgentGoodsPage> {
  const code = input.agent?.trim().toUpperCase();
  const agent = code ? await ctx.services.users.find(ctx.db, { invite: code }) : await ctx.services.users.find(ctx.db, { id: ctx.requireUser().id });
  if (!agent) throw new FieldsError([{ field: 'agent', key: 'team:message.agent_unknown', params: { agent: code ?? '' } }]);
  const picked = await ctx.db.selectFrom('team_agent_goods').select('goods_id').where('user_id', '=', agent.id).orderBy('id', 'desc').execute();
  // Goods taken off sale leave the list, not the agent's picks: they come back if it goes on sale again.
  const cards = await cardsByIds(ctx.db, picked.map((p) => Number(p.goods_id)), ctx.lang);
  const start = (input.page - 1) * input.limit;
  return {
    agent: { code: agent.invite, nickname: agent.nickname || agent.username, avatar: agent.avatar },
    mine: ctx.user?.id === agent.id,
    list: cards.slice(start, start + input.limit),
    total: cards.length,
    page: input.page,
    limit: input.limit,
  };
}

export async function agentStatus(ctx: CallContext<TeamSettings>, goodsId: number): Promise<{ picked: boolean; code: string }> {
  const userId = ctx.requireUser().id;
  const [row, info] = await Promise.all([
    ctx.db.selectFrom('team_agent_goods').select('id').where('user_id', '=', userId).where('goods_id', '=', goodsId).executeTakeFirst(),
    ctx.services.users.info(userId),
  ]);
  return { picked: row !== undefined, code: info.invite };
}

/** The shopper followed `code`'s link to goods: noted when that agent promotes the goods and is not the shopper. */
export async function recordVisit(db: Db, services: ServerServices, userId: number, code: string, goodsId: number, now: number): Promise<{ recorded: boolean }> {
  const agent = await services.users.find(db, { invite: code.trim().toUpperCase() });
  if (!agent || agent.id === userId) return { recorded: false };
  const promotes = await db.selectFrom('team_agent_goods').select('id').where('user_id', '=', agent.id).where('goods_id', '=', goodsId).executeTakeFirst();
  if (!promotes) return { recorded: false };
  await db
    .insertInto('team_referral')
    .values({ user_id: userId, goods_id: goodsId, agent_id: agent.id, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doUpdateSet({ agent_id: agent.id, created_at: now }))
    .execute();
  return { recorded: true };
}

/** Who referred `userId` to each of `goodsIds` within the last `days` (goods id → agent id). */
export async function referralsOf(q: Db | Tx, userId: number, goodsIds: readonly number[], now: number, days: number): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const rows = await q
    .selectFrom('team_referral')
    .select(['goods_id', 'agent_id'])
    .where('user_id', '=', userId)
    .where('goods_id', 'in', [...goodsIds])
    .where('created_at', '>=', now - days * DAY)
    .execute();
  return new Map(rows.map((r) => [Number(r.goods_id), Number(r.agent_id)]));
}
