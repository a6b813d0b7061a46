/** Reading a shopper's signed days: a range of them, and the streak running up to a date. */
import type { Db, Tx } from '@kernel/server/plugin';
import { addDays } from './dates';
import type { SignedKind } from './tables';

export interface SignedDay {
  date: string;
  kind: SignedKind;
  points: number;
}

/** Signed days from `from` to `to`, both included, oldest first. */
export async function signedBetween(q: Db | Tx, userId: number, from: string, to: string): Promise<SignedDay[]> {
  const rows = await q
    .selectFrom('signin_day')
    .select(['date', 'kind', 'points'])
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
  return rows.map((row) => ({ ...row, points: Number(row.points) }));
}

const BATCH = 62;

/** Consecutive signed days ending the day before `date` (0 when that day is not signed), read back a batch at a time. */
export async function streakBefore(q: Db | Tx, userId: number, date: string): Promise<number> {
  let streak = 0;
  let expected = addDays(date, -1);
  for (;;) {
    const rows = await q
      .selectFrom('signin_day')
      .select('date')
      .where('user_id', '=', userId)
      .where('date', '<', addDays(expected, 1))
      .orderBy('date', 'desc')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      if (row.date !== expected) return streak;
      streak += 1;
      expected = addDays(expected, -1);
    }
    if (rows.length < BATCH) return streak;
  }
}
