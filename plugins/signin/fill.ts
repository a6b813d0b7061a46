/**
 * Retroactive sign-in: a missed earlier day of the current month, signed afterwards for a score
 * cost. In one transaction: the day's row (unique per shopper and date), one more of the month's
 * allowance (a conditional `used < limit` update of the month's row), the cost debited (the
 * ledger's conditional debit) and the day's points credited. Any refusal rolls all of it back.
 * A day before the account was made is no missed day: it cannot be filled.
 */
import { BizError } from '@kernel/core/errors';
import { businessDate, unixSeconds } from '@kernel/server/clock';
import type { CallContext, Db, Tx } from '@kernel/server/plugin';
import { dayRef } from './check-in';
import type { Filled } from './contract';
import { monthOf } from './dates';
import { pointsFor } from './points';
import type { SigninSettings } from './settings';
import { streakBefore } from './signed-days';
import type {} from './tables';

export const FILL_REASON = 'signin:ledger.fill';
export const FILL_COST_REASON = 'signin:ledger.fill_cost';

export async function fillDay(ctx: CallContext<SigninSettings>, date: string): Promise<Filled> {
  const { db, services, settings } = ctx;
  const userId = ctx.requireUser().id;
  // A limit of 0 a month is the same as not allowing it.
  if (!settings.retroactive || settings.retroactiveMonthlyLimit === 0) throw new BizError('signin:message.fill_off');
  const now = services.clock.now();
  const today = businessDate(now);
  const month = monthOf(today);
  if (!(date < today && monthOf(date) === month)) throw new BizError('signin:message.fill_range');
  if (date < (await joinedOn(ctx, userId))) throw new BizError('signin:message.fill_before_joined', { date });

  const { retroactiveCost: cost, retroactiveMonthlyLimit: limit } = settings;
  return db.transaction().execute(async (tx) => {
    const streak = (await streakBefore(tx, userId, date)) + 1;
    const points = pointsFor(streak, settings);
    const signed = await tx
      .insertInto('signin_day')
      .values({ user_id: userId, date, kind: 'fill', points, streak, created_at: unixSeconds(now) })
      .onConflict((oc) => oc.columns(['user_id', 'date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!signed) throw new BizError('signin:message.fill_signed', { date });
    const used = await takeOneOfMonth(tx, userId, month, limit);
    const ref = dayRef(userId, date);
    if (cost > 0) await payCost(ctx, tx, { userId, cost, ref, date });
    const score =
      points > 0
        ? await services.ledger.credit(tx, { userId, account: 'score', amount: points, reason: FILL_REASON, ref, memo: date })
        : await services.ledger.balance(tx, userId, 'score');
    return { date, points, cost, left: limit - used, score };
  });
}

/** Counts one retroactive sign-in against the month; how many are used now. Refuses past the limit. */
async function takeOneOfMonth(tx: Tx, userId: number, month: string, limit: number): Promise<number> {
  await tx
    .insertInto('signin_fill_month')
    .values({ user_id: userId, month, used: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .execute();
  const row = await tx
    .updateTable('signin_fill_month')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where('used', '<', limit)
    .returning('used')
    .executeTakeFirst();
  if (!row) throw new BizError('signin:message.fill_limit', { limit });
  return Number(row.used);
}

/** Debits the cost; a short score is refused in the sign-in's own words, naming the cost and the score. */
async function payCost(ctx: CallContext<SigninSettings>, tx: Tx, input: { userId: number; cost: number; ref: string; date: string }) {
  const { ledger } = ctx.services;
  try {
    await ledger.debit(tx, { userId: input.userId, account: 'score', amount: input.cost, reason: FILL_COST_REASON, ref: input.ref, memo: input.date });
  } catch (failure) {
    if (!(failure instanceof BizError) || failure.key !== 'kernel:message.score_not_enough') throw failure;
    const score = await ledger.balance(tx, input.userId, 'score');
    throw new BizError('signin:message.score_not_enough', { cost: input.cost, score });
  }
}

/** The business date the account was made (a day before it was never the shopper's to miss). */
export async function joinedOn(ctx: Pick<CallContext, 'services'>, userId: number): Promise<string> {
  const { jointime } = await ctx.services.users.info(userId);
  return businessDate(jointime * 1000);
}

/** Retroactive sign-ins the shopper has used in `month`. */
export async function usedInMonth(q: Db | Tx, userId: number, month: string): Promise<number> {
  const row = await q.selectFrom('signin_fill_month').select('used').where('user_id', '=', userId).where('month', '=', month).executeTakeFirst();
  return row ? Number(row.used) : 0;
}
