/**
 * What a signed day is worth: the site's points per sign-in, plus a bonus on the days a streak
 * reaches one of the `streakBonus` lengths (3rd day in a row, 7th …). Pure, for the server's
 * credits and the calendar's projections alike.
 */
import { addDays } from './dates';

export interface PointRules {
  points: number;
  /** Streak length → extra points on that day of the streak. */
  streakBonus: Readonly<Record<string, number>>;
}

export const bonusFor = (streak: number, rules: PointRules): number => rules.streakBonus[String(streak)] ?? 0;

/** Points of the day that makes the streak `streak` days long. */
export const pointsFor = (streak: number, rules: PointRules): number => rules.points + bonusFor(streak, rules);

/** The bonuses in order of their day, for the rules the page shows. */
export const bonusList = (rules: PointRules): { days: number; points: number }[] =>
  Object.entries(rules.streakBonus)
    .map(([days, points]) => ({ days: Number(days), points }))
    .filter((bonus) => bonus.points > 0)
    .sort((a, b) => a.days - b.days);

/**
 * Consecutive signed days ending on `date` (0 when `date` is not signed). When `signed` holds only
 * the days from `known.from` on, the streak that ended the day before counts as `known.carried`.
 */
export function streakEnding(signed: ReadonlySet<string>, date: string, known?: { from: string; carried: number }): number {
  let streak = 0;
  for (let day = date; ; day = addDays(day, -1)) {
    if (known && day < known.from) return streak + known.carried;
    if (!signed.has(day)) return streak;
    streak += 1;
  }
}
