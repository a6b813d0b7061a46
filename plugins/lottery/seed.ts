/**
 * The demo wheel: mostly small points, some "thanks for playing", a little balance, and one rare
 * big prize with a small stock. A draw's expected worth stays below its default cost of 10 points.
 */
import type { SeedContext } from '@kernel/server/plugin';
import { setSlot, type SlotPrize } from './prizes';

const prize = (kind: SlotPrize['kind'], amount: number, weight: number, stock: number | null): SlotPrize => ({ kind, amount, couponId: null, label: null, weight, stock, enabled: true });

/** Slots 0 … 7, clockwise from the top. Balance amounts are fen. */
export const DEMO_WHEEL: SlotPrize[] = [
  prize('score', 20, 30, 1000),
  prize('thanks', 0, 25, null),
  prize('balance', 100, 10, 200),
  prize('score', 50, 12, 300),
  prize('thanks', 0, 25, null),
  prize('balance', 500, 2, 50),
  prize('score', 100, 5, 100),
  prize('score', 500, 1, 10),
];

export async function seedLottery({ db }: SeedContext): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const [slot, slotPrize] of DEMO_WHEEL.entries()) await setSlot(tx, slot, slotPrize);
  });
}
