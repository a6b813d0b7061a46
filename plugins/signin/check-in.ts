/**
 * Signing today in. The day is a row unique per (shopper, business date), inserted with "on
 * conflict do nothing" in the transaction that credits its points through the kernel's ledger
 * (whose ref is the shopper and the date): of any number of requests racing on one day, one
 * inserts and credits; the others find the day taken and are refused, having changed nothing.
 */
import { BizError } from '@kernel/core/errors';
import { businessDate, unixSeconds } from '@kernel/server/clock';
import type { CallContext } from '@kernel/server/plugin';
import type { CheckedIn } from './contract';
import { pointsFor } from './points';
import type { SigninSettings } from './settings';
import { streakBefore } from './signed-days';
import type {} from './tables';

export const CHECKIN_REASON = 'signin:ledger.checkin';

/** The ledger ref of a shopper's day: a day is credited once, whichever way it was signed. */
export const dayRef = (userId: number, date: string) => `${userId}:${date}`;

export async function checkIn(ctx: CallContext<SigninSettings>): Promise<CheckedIn> {
  const { db, services, settings } = ctx;
  const userId = ctx.requireUser().id;
  const now = services.clock.now();
  const today = businessDate(now);
  return db.transaction().execute(async (tx) => {
    const streak = (await streakBefore(tx, userId, today)) + 1;
    const points = pointsFor(streak, settings);
    const signed = await tx
      .insertInto('signin_day')
      .values({ user_id: userId, date: today, kind: 'checkin', points, streak, created_at: unixSeconds(now) })
      .onConflict((oc) => oc.columns(['user_id', 'date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!signed) throw new BizError('signin:message.already');
    const score =
      points > 0
        ? await services.ledger.credit(tx, { userId, account: 'score', amount: points, reason: CHECKIN_REASON, ref: dayRef(userId, today), memo: today })
        : await services.ledger.balance(tx, userId, 'score');
    return { date: today, points, streak, score };
  });
}
