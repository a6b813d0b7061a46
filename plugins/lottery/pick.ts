/**
 * Choosing a prize: weighted by `weight` among the prizes that can still be won (switched on, with
 * stock left or unlimited, weight above zero). Pure: the random source is passed in, so the draw
 * uses `crypto.randomInt` and the tests a scripted one.
 */

export interface Candidate {
  id: number;
  weight: number;
  /** null: unlimited. */
  stock: number | null;
  enabled: boolean;
}

/** A whole number in [0, max), uniformly (`randomInt` from node:crypto). */
export type RandomInt = (max: number) => number;

/** Can this prize be drawn at all? */
export const drawable = (prize: Candidate): boolean => prize.enabled && prize.weight > 0 && (prize.stock === null || prize.stock > 0);

/** The prize picked, or null when nothing can be drawn. */
export function pickPrize<P extends Candidate>(prizes: readonly P[], random: RandomInt): P | null {
  const pool = prizes.filter(drawable);
  const total = pool.reduce((sum, prize) => sum + prize.weight, 0);
  if (total === 0) return null;
  let ticket = random(total);
  for (const prize of pool) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  throw new RangeError(`random source answered outside [0, ${total})`);
}
