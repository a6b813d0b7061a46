/**
 * Commission on the order hub's events (never inside the payment's transaction): each runs in its
 * delivery's transaction, so its writes happen once per event.
 * - `order.paid`: the buyer's inviter earns `level1Rate` and theirs `level2Rate` of what the order
 *   paid after discounts, frozen, with the rates in force snapshotted on the row; an agent whose
 *   goods link the buyer followed earns level 1 on those goods' share instead. One row per order,
 *   level and earner (a unique index): the same event delivered twice earns once. A flash-sale
 *   order earns only when the flash-sale setting `teamCommission` is 1.
 * - `order.completed`: the freeze ends `freezeDays` after it (`release_at`); the release job
 *   (./release.ts) credits it then.
 * - `order.refunded` (a paid order cancelled or refunded): frozen rows are reversed; credited
 *   ones are clawed back in full (./clawback.ts).
 * Every change of state is a conditional update on the state it leaves, so the release job and a
 * refund racing on one row end in exactly one of "reversed" or "released, then clawed back".
 */
import type { SubscriberContext } from '@kernel/server/events';
import { invitersOf } from '@kernel/server/invite-tree';
import { orderLines, orderProgress, STATUS, type OrderEvent } from '@plugins/order/public';
import { referralsOf } from './agent';
import { clawBack } from './clawback';
import type { TeamSettings } from './settings';
import type {} from './tables';

const DAY = 86_400;
const BASIS = 10_000;

/** The commission of `amount` at `rate` basis points, in whole fen, rounded down. */
export const commissionOf = (amount: number, rate: number): number => Math.floor((amount * rate) / BASIS);

/** One row to write: who earns on which level, on what base, and how. */
interface Earning {
  userId: number;
  level: 1 | 2;
  base: number;
  via: 'invite' | 'agent';
}

/**
 * Who earns what of an order paying `payAmount`: the agents whose links the buyer followed to some
 * of its goods (./agent.ts), on those goods' share of it, with their inviters on level 2; the
 * buyer's inviters on the rest. One earning per level and earner (an inviter who is also the agent
 * earns on both shares in one row).
 */
async function earningsOf(ctx: SubscriberContext<TeamSettings>, paid: OrderEvent): Promise<Earning[]> {
  const lines = await orderLines(ctx.tx, paid.orderId);
  const goodsTotal = lines.reduce((sum, line) => sum + line.total, 0);
  const referrals = await referralsOf(ctx.tx, paid.userId, [...new Set(lines.map((l) => l.goodsId))], ctx.event.emittedAt, ctx.settings.referralDays);
  const byAgent = new Map<number, number>();
  for (const line of lines) {
    const agent = referrals.get(line.goodsId);
    if (agent !== undefined && agent !== paid.userId) byAgent.set(agent, (byAgent.get(agent) ?? 0) + line.total);
  }
  const earnings = new Map<string, Earning>();
  const add = (userId: number, level: 1 | 2, base: number, via: Earning['via']) => {
    const key = `${level}:${userId}`;
    const known = earnings.get(key);
    earnings.set(key, known ? { ...known, base: known.base + base } : { userId, level, base, via });
  };
  let rest = paid.payAmount;
  for (const [agent, total] of byAgent) {
    const base = goodsTotal > 0 ? Math.floor((paid.payAmount * total) / goodsTotal) : 0;
    rest -= base;
    add(agent, 1, base, 'agent');
    const [agentsInviter] = await invitersOf(ctx.tx, agent, 1);
    if (agentsInviter !== undefined && agentsInviter !== paid.userId) add(agentsInviter, 2, base, 'agent');
  }
  const inviters = await invitersOf(ctx.tx, paid.userId, 2);
  for (const [index, userId] of inviters.entries()) add(userId, index === 0 ? 1 : 2, rest, 'invite');
  return [...earnings.values()];
}

export async function earnCommission(paid: OrderEvent, ctx: SubscriberContext<TeamSettings>): Promise<void> {
  if (paid.source === 'seckill' && ctx.settingsOf('seckill').teamCommission !== 1) return;
  const progress = await orderProgress(ctx.tx, paid.orderId);
  // Delivered late: an order refunded meanwhile earns nothing.
  if (!progress || progress.status === STATUS.cancelled || progress.status === STATUS.refunded) return;
  const { level1Rate, level2Rate, freezeDays } = ctx.settings;
  const now = ctx.clock.nowSeconds();
  const releaseAt = progress.completedAt === null ? null : progress.completedAt + freezeDays * DAY;
  for (const { userId, level, base, via } of await earningsOf(ctx, paid)) {
    const rate = level === 1 ? level1Rate : level2Rate;
    const amount = commissionOf(base, rate);
    if (amount <= 0) continue;
    await ctx.tx
      .insertInto('team_commission')
      .values({ order_id: paid.orderId, order_no: paid.orderNo, buyer_id: paid.userId, user_id: userId, level, base, rate, amount, state: 'frozen', release_at: releaseAt, created_at: now, released_at: null, reversed_at: null, clawed_at: null, via })
      .onConflict((oc) => oc.columns(['order_id', 'level', 'user_id']).doNothing())
      .execute();
  }
}

/** The order completed: its frozen commission is credited `freezeDays` later. */
export async function dateRelease(completed: OrderEvent, ctx: SubscriberContext<TeamSettings>): Promise<void> {
  const progress = await orderProgress(ctx.tx, completed.orderId);
  if (progress?.completedAt === null || progress?.completedAt === undefined) return;
  await ctx.tx
    .updateTable('team_commission')
    .set({ release_at: progress.completedAt + ctx.settings.freezeDays * DAY })
    .where('order_id', '=', completed.orderId)
    .where('state', '=', 'frozen')
    .where('release_at', 'is', null)
    .execute();
}

/** The order's money went back: frozen commission is reversed, credited commission clawed back. */
export async function takeBack(refunded: OrderEvent, ctx: SubscriberContext<TeamSettings>): Promise<void> {
  const now = ctx.clock.nowSeconds();
  const rows = await ctx.tx.selectFrom('team_commission').select('id').where('order_id', '=', refunded.orderId).orderBy('id').execute();
  for (const { id } of rows) {
    const reversed = await ctx.tx.updateTable('team_commission').set({ state: 'reversed', reversed_at: now }).where('id', '=', id).where('state', '=', 'frozen').executeTakeFirst();
    if (Number(reversed.numUpdatedRows) === 1) continue;
    await clawBack(ctx.tx, ctx.services, Number(id), now);
  }
}
