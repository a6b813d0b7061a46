/**
 * The wheel's prizes: reading the eight slots, what each is worth on the wire, its label in the
 * shopper's language, and setting a slot (the operator's command and the demo seed).
 */
import { formatYuan } from '@kernel/core/money';
import type { Db, Tx } from '@kernel/server/plugin';
import type { Selectable } from 'kysely';
import type { PrizeKind, PrizeWorth, WheelPrize } from './contract';
import { drawable } from './pick';
import type { LotteryPrizeTable } from './tables';

export type PrizeRow = Selectable<LotteryPrizeTable>;
type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The eight slots in order; PostgreSQL answers bigint columns as strings, so numbers are made numbers. */
export async function wheelRows(q: Db | Tx): Promise<PrizeRow[]> {
  const rows = await q.selectFrom('lottery_prize').selectAll().orderBy('slot').execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount), stock: row.stock === null ? null : Number(row.stock) }));
}

export const candidate = (row: PrizeRow) => ({ ...row, enabled: row.enabled === 1 });

/** "5.00" → "5", "0.50" → "0.5": a wheel's label is short. */
const shortYuan = (fen: number) => formatYuan(fen).replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');

/** What a prize (or a logged draw) is worth, as the wire carries it. */
export function worth(kind: PrizeKind, amount: number): PrizeWorth {
  switch (kind) {
    case 'score':
      return { kind, amount };
    case 'balance':
      return { kind, amount: formatYuan(amount) };
    case 'coupon':
    case 'thanks':
      return { kind, amount: 0 };
  }
}

/** The operator's label, else the kind and amount in words. */
export function prizeLabel(t: Translate, prize: { kind: PrizeKind; amount: number; label: string | null }): string {
  if (prize.label) return prize.label;
  switch (prize.kind) {
    case 'score':
      return t('lottery:prize.score', { count: prize.amount });
    case 'balance':
      return t('lottery:prize.balance', { amount: shortYuan(prize.amount) });
    case 'coupon':
      return t('lottery:prize.coupon');
    case 'thanks':
      return t('lottery:prize.thanks');
  }
}

/** The wheel as the shopper sees it: no weights, no stock, only whether a prize can still be won. */
export async function shopperWheel(db: Db, t: Translate): Promise<WheelPrize[]> {
  return (await wheelRows(db)).map((row) => ({
    ...worth(row.kind, row.amount),
    slot: row.slot,
    label: prizeLabel(t, row),
    available: drawable(candidate(row)),
  }));
}

/** A slot's new prize, checked already (./prize-options.ts). */
export interface SlotPrize {
  kind: PrizeKind;
  amount: number;
  couponId: number | null;
  label: string | null;
  weight: number;
  stock: number | null;
  enabled: boolean;
}

/** Replaces the prize in one slot. Draws already logged keep what they won. */
export async function setSlot(q: Db | Tx, slot: number, prize: SlotPrize): Promise<void> {
  const values = {
    kind: prize.kind,
    amount: prize.amount,
    coupon_id: prize.couponId,
    label: prize.label,
    weight: prize.weight,
    stock: prize.stock,
    enabled: prize.enabled ? 1 : 0,
  };
  const updated = await q.updateTable('lottery_prize').set(values).where('slot', '=', slot).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await q.insertInto('lottery_prize').values({ slot, ...values }).execute();
}
