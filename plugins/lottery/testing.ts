/** Test helpers of the lottery plugin: set the whole wheel in one go. */
import type { Db } from '@kernel/server/plugin';
import { SLOT_COUNT } from './contract';
import { setSlot, type SlotPrize } from './prizes';

export const thanks = (weight = 1): SlotPrize => ({ kind: 'thanks', amount: 0, couponId: null, label: null, weight, stock: null, enabled: true });
export const points = (amount: number, weight: number, stock: number | null = null): SlotPrize => ({ ...thanks(weight), kind: 'score', amount, stock });
export const balance = (fen: number, weight: number, stock: number | null = null): SlotPrize => ({ ...thanks(weight), kind: 'balance', amount: fen, stock });

/** Puts these prizes in slots 0, 1, …; the remaining slots get "thanks for playing" of `rest` weight. */
export async function setWheel(db: Db, prizes: SlotPrize[], rest = thanks(0)): Promise<void> {
  for (let slot = 0; slot < SLOT_COUNT; slot++) await setSlot(db, slot, prizes[slot] ?? rest);
}
