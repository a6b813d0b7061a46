/**
 * A month of the sign-in calendar from what is stored: each day's state and the points it gave
 * or would give. Pure; ./calendar.ts reads the inputs. Projections assume the shopper signs
 * every day from today on; a missed day shows what filling it would give now. Days before the
 * account was made are neither missed nor fillable.
 */
import type { CalendarDay, DayState } from './contract';
import { addDays, daysBetween, daysOfMonth, monthOf } from './dates';
import { pointsFor, streakEnding, type PointRules } from './points';
import type { SignedDay } from './signed-days';

export interface MonthInput {
  /** `YYYY-MM`. */
  month: string;
  /** Today's business date. */
  today: string;
  /** The business date the account was made: days before it were never the shopper's to sign. */
  joined: string;
  /** The month's signed days. */
  signed: readonly SignedDay[];
  /** The streak that ended the day before the month's first day. */
  carried: number;
  /** The streak that ended yesterday. */
  streakToYesterday: number;
  signedToday: boolean;
  rules: PointRules;
  /** Retroactive sign-in may be used now (allowed, and some left this month). */
  canFill: boolean;
}

export interface MonthView {
  days: CalendarDay[];
  /** The current streak: up to today when signed, else up to yesterday (still unbroken). */
  streak: number;
}

export function monthView(input: MonthInput): MonthView {
  const { month, today, rules } = input;
  const byDate = new Map(input.signed.map((day) => [day.date, day]));
  const dates = new Set(byDate.keys());
  const known = { from: `${month}-01`, carried: input.carried };
  const streak = input.signedToday ? input.streakToYesterday + 1 : input.streakToYesterday;
  // Signing today (if not yet) and every day after makes day N ahead the (streak + N)th in a row.
  const throughToday = input.streakToYesterday + 1;

  const days = daysOfMonth(month).map((date): CalendarDay => {
    const stored = byDate.get(date);
    if (stored) return { date, state: stored.kind === 'fill' ? 'filled' : 'signed', points: stored.points, fillable: false };
    if (date === today) return { date, state: 'today', points: pointsFor(throughToday, rules), fillable: false };
    if (date > today) return { date, state: 'future', points: pointsFor(throughToday + daysBetween(today, date), rules), fillable: false };
    if (date < input.joined) return { date, state: 'before', points: 0, fillable: false };
    const state: DayState = 'missed';
    const points = pointsFor(streakEnding(dates, addDays(date, -1), known) + 1, rules);
    return { date, state, points, fillable: input.canFill && monthOf(date) === monthOf(today) };
  });
  return { days, streak };
}
