/** Calendar replies for the page's tests: May 2025 seen on the 15th, as the server would answer. */
import type { CalendarDay, DayState, SigninCalendar } from './contract';
import { daysOfMonth } from './dates';

export interface MonthFixture {
  month?: string;
  today?: string;
  /** Day numbers by state; days not named are missed before today and ahead after it. */
  signed?: number[];
  filled?: number[];
  /** The day the account was made: days before it are `before`. */
  joined?: number;
  fillLeft?: number;
  fillAllowed?: boolean;
  signedToday?: boolean;
  streak?: number;
  score?: number;
}

export function calendarReply(fixture: MonthFixture = {}): SigninCalendar {
  const { month = '2025-05', today = '2025-05-15', signed = [], filled = [], joined = 0, fillLeft = 3, fillAllowed = true, signedToday = false, streak = 0, score = 100 } = fixture;
  const days = daysOfMonth(month).map((date): CalendarDay => {
    const n = Number(date.slice(8));
    const state: DayState = signed.includes(n) ? 'signed' : filled.includes(n) ? 'filled' : date === today ? 'today' : date > today ? 'future' : n < joined ? 'before' : 'missed';
    return { date, state, points: state === 'before' ? 0 : 10, fillable: state === 'missed' && fillAllowed && fillLeft > 0 && month === today.slice(0, 7) };
  });
  const count = days.filter((d) => d.state === 'signed' || d.state === 'filled').length;
  return {
    month,
    today,
    signed_today: signedToday,
    streak,
    today_points: 15,
    signed_days: count,
    days,
    points: 10,
    bonuses: [
      { days: 3, points: 5 },
      { days: 7, points: 20 },
    ],
    fill: { allowed: fillAllowed, cost: 20, limit: 3, left: fillLeft },
    score,
  };
}
