/** A month of the shopper's sign-in calendar (default: this month), with today's state, the streak and what is left to fill. */
import { businessDate } from '@kernel/server/clock';
import type { CallContext } from '@kernel/server/plugin';
import type { SigninCalendar } from './contract';
import { daysOfMonth, monthOf } from './dates';
import { joinedOn, usedInMonth } from './fill';
import { monthView } from './month-view';
import { bonusList, pointsFor } from './points';
import type { SigninSettings } from './settings';
import { signedBetween, streakBefore } from './signed-days';

export async function monthCalendar(ctx: CallContext<SigninSettings>, month?: string): Promise<SigninCalendar> {
  const { db, services, settings } = ctx;
  const userId = ctx.requireUser().id;
  const today = businessDate(services.clock.now());
  const shown = month ?? monthOf(today);
  const dates = daysOfMonth(shown);
  const [signed, carried, streakToYesterday, todayRow, used, score, joined] = await Promise.all([
    signedBetween(db, userId, dates[0], dates[dates.length - 1]),
    streakBefore(db, userId, dates[0]),
    streakBefore(db, userId, today),
    signedBetween(db, userId, today, today),
    usedInMonth(db, userId, monthOf(today)),
    services.ledger.balance(db, userId, 'score'),
    joinedOn(ctx, userId),
  ]);
  const limit = settings.retroactiveMonthlyLimit;
  const allowed = settings.retroactive && limit > 0;
  const left = Math.max(0, limit - used);
  const view = monthView({
    month: shown,
    today,
    joined,
    signed,
    carried,
    streakToYesterday,
    signedToday: todayRow.length > 0,
    rules: settings,
    canFill: allowed && left > 0,
  });
  return {
    month: shown,
    today,
    signed_today: todayRow.length > 0,
    streak: view.streak,
    today_points: todayRow[0]?.points ?? pointsFor(streakToYesterday + 1, settings),
    signed_days: signed.length,
    days: view.days,
    points: settings.points,
    bonuses: bonusList(settings),
    fill: { allowed, cost: settings.retroactiveCost, limit, left },
    score,
  };
}
