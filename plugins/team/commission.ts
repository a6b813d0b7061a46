/**
 * Commission on the order hub's events (never inside the payment's transaction): each runs in its
 * delivery's transaction, so its writes happen once per event.
 * - `order.paid`: the buyer's inviter earns `level1Rate` and theirs `level2Rate` of what the order
 *   paid after discounts, frozen, with the rates in force snapshotted on the row. One row per
 *   order and level (a unique index): the same event delivered twice earns once. A flash-sale
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
import { orderProgress, STATUS, type OrderEvent } from '@plugins/order/public';
import { clawBack } from './clawback';
import type { TeamSettings } from './settings';
import type {} from './tables';

const DAY = 86_400;
const BASIS = 10_000;

/** The commission of `amount` at `rate` basis points, in whole fen, rounded down. */
export const commissionOf = (amount: number, rate: number): number => Math.floor((amount * rate) / BASIS);

export async function earnCommission(paid: OrderEvent, ctx: SubscriberContext<TeamSettings>): Promise<void> {
  if (paid.source === 'seckill' && ctx.settingsOf('seckill').teamCommission !== 1) return;
  const progress = await orderProgress(ctx.tx, paid.orderId);
  // Delivered late: an order refunded meanwhile earns nothing.
  if (!progress || progress.status === STATUS.cancelled || progress.status === STATUS.refunded) return;
  const { level1Rate, level2Rate, freezeDays } = ctx.settings;
  const inviters = await invitersOf(ctx.tx, paid.userId, 2);
  const now = ctx.clock.nowSeconds();
  const releaseAt = progress.completedAt === null ? null : progress.completedAt + freezeDays * DAY;
  for (const [index, userId] of inviters.entries()) {
    const rate = index === 0 ? level1Rate : level2Rate;
    const amount = commissionOf(paid.payAmount, rate);
    if (amount <= 0) continue;
    await ctx.tx
      .insertInto('team_commission')
      .values({ order_id: paid.orderId, order_no: paid.orderNo, buyer_id: paid.userId, user_id: userId, level: index + 1, base: paid.payAmount, rate, amount, state: 'frozen', release_at: releaseAt, created_at: now, released_at: null, reversed_at: null, clawed_at: null })
      .onConflict((oc) => oc.columns(['order_id', 'level']).doNothing())
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
