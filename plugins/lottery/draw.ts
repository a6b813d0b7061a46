/**
 * One draw, in one hot transaction (READ COMMITTED on PostgreSQL: a crowd drawing at once queues on
 * the prize's row instead of aborting and retrying, so every decision below is a conditional
 * write): count it against today's limit (a conditional increment, so
 * concurrent draws cannot pass the limit together), pick a prize with crypto randomness and take
 * one from its stock (`stock > 0`; a lost race picks again without it), log the draw, debit its
 * cost from the shopper's points (conditional: never below zero) and credit the prize. Any
 * refusal rolls everything back. A coupon prize is granted through the coupon plugin's public
 * surface; one it can no longer grant (disabled, ended) is put back and the pick is made without it.
 */
import { randomInt } from 'node:crypto';
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import { businessDate } from '@kernel/server/clock';
import { hotTransaction } from '@kernel/server/hot-transaction';
import type { Db, ServerServices, Tx } from '@kernel/server/plugin';
import { grantCoupon } from '@plugins/coupon/public';
import type { DrawResult } from './contract';
import { pickPrize, type RandomInt } from './pick';
import { candidate, prizeLabel, wheelRows, worth } from './prizes';

type Prize = ReturnType<typeof candidate>;

export const DRAW_REASON = 'lottery:ledger.draw';
export const PRIZE_REASON = 'lottery:ledger.prize';
/** A coupon prize's grant is keyed `lottery:draw:<draw id>`: one copy per draw. */
export const COUPON_REF = 'lottery:draw:';

export interface DrawInput {
  userId: number;
  /** Points per draw (setting `drawCost`). */
  cost: number;
  /** Draws per business day (setting `dailyDraws`). */
  dailyDraws: number;
  random?: RandomInt;
}

export interface DrawDeps {
  db: Db;
  services: Pick<ServerServices, 'ledger' | 'clock'>;
  t: (key: string, params?: Record<string, string | number>) => string;
}

export async function draw({ db, services, t }: DrawDeps, input: DrawInput): Promise<DrawResult> {
  const { userId, cost, dailyDraws, random = randomInt } = input;
  const now = services.clock.now();
  const today = businessDate(now);
  return hotTransaction(db).execute(async (tx) => {
    const counted = await countToday(tx, userId, today, dailyDraws);
    const left = new Set<number>();
    for (;;) {
      const prize = await takePrize(tx, random, left);
      const logged = await tx
        .insertInto('lottery_draw')
        .values({
          user_id: userId,
          prize_id: prize.id,
          slot: prize.slot,
          kind: prize.kind,
          amount: prize.amount,
          coupon_id: prize.coupon_id,
          label: prize.label,
          cost,
          business_date: today,
          created_at: Math.floor(now / 1000),
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const ref = String(logged.id);
      if (prize.kind === 'coupon' && !(await grant(tx, { userId, prize, ref, now }))) {
        // The coupon cannot be given any more (disabled, ended): the prize goes back and is left out of this draw.
        await tx.deleteFrom('lottery_draw').where('id', '=', logged.id).execute();
        if (prize.stock !== null) await tx.updateTable('lottery_prize').set((eb) => ({ stock: eb('stock', '+', 1) })).where('id', '=', prize.id).execute();
        left.add(prize.id);
        continue;
      }
      // Paid before the prize is credited: points won never pay for the draw that won them.
      if (cost > 0) await payFor(tx, services, { userId, cost, ref });
      await credit(tx, services, userId, prize, ref);
      return {
        draw: { ...worth(prize.kind, prize.amount), id: logged.id, slot: prize.slot, label: prizeLabel(t, prize), cost, created_at: Number(logged.created_at) },
        drawsLeft: Math.max(0, dailyDraws - counted),
        score: await services.ledger.balance(tx, userId, 'score'),
        money: formatYuan(await services.ledger.balance(tx, userId, 'money')),
      };
    }
  });
}

/** Today's draws including this one; refused once the limit is reached. */
async function countToday(tx: Tx, userId: number, today: string, limit: number): Promise<number> {
  const row = await tx
    .insertInto('lottery_daily')
    .values({ user_id: userId, business_date: today, draws: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'business_date'])
        .doUpdateSet((eb) => ({ draws: eb('lottery_daily.draws', '+', 1) }))
        .where('lottery_daily.draws', '<', limit),
    )
    .returning('draws')
    .executeTakeFirst();
  if (!row) throw new BizError('lottery:message.daily_limit', { count: limit });
  return Number(row.draws);
}

/** Picks among what can be won and takes one from its stock; a prize that ran out meanwhile is left out and the pick redone. */
async function takePrize(tx: Tx, random: RandomInt, leftOut: ReadonlySet<number>): Promise<Prize> {
  let pool = (await wheelRows(tx)).map(candidate).filter((prize) => !leftOut.has(prize.id));
  for (;;) {
    const picked = pickPrize(pool, random);
    if (!picked) throw new BizError('lottery:message.nothing_left');
    if (picked.stock === null) return picked;
    const taken = await tx
      .updateTable('lottery_prize')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', picked.id)
      .where('stock', '>', 0)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return picked;
    pool = pool.filter((row) => row.id !== picked.id);
  }
}

async function payFor(tx: Tx, services: DrawDeps['services'], { userId, cost, ref }: { userId: number; cost: number; ref: string }): Promise<void> {
  try {
    await services.ledger.debit(tx, { userId, account: 'score', amount: cost, reason: DRAW_REASON, ref });
  } catch (failure) {
    if (failure instanceof BizError && failure.key === 'kernel:message.score_not_enough') throw new BizError('lottery:message.score_not_enough', { count: cost });
    throw failure;
  }
}

/** Grants a coupon prize through the coupon plugin, once per draw; false when the coupon can no longer be granted. */
async function grant(tx: Tx, { userId, prize, ref, now }: { userId: number; prize: Prize; ref: string; now: number }): Promise<boolean> {
  try {
    await grantCoupon(tx, { userId, couponId: Number(prize.coupon_id), ref: `${COUPON_REF}${ref}`, now: Math.floor(now / 1000) });
    return true;
  } catch (failure) {
    if (failure instanceof BizError) return false;
    throw failure;
  }
}

/** Credits a score or balance prize through the ledger (a coupon was granted already; thanks is nothing). */
async function credit(tx: Tx, services: DrawDeps['services'], userId: number, prize: Prize, ref: string): Promise<void> {
  if (prize.kind === 'score') await services.ledger.credit(tx, { userId, account: 'score', amount: prize.amount, reason: PRIZE_REASON, ref });
  if (prize.kind === 'balance') await services.ledger.credit(tx, { userId, account: 'money', amount: prize.amount, reason: PRIZE_REASON, ref });
}
