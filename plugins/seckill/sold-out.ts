/**
 * This node's memory of the flash-sale goods it saw sold out, kept a moment (`HINT_MS`), so the
 * late crowd is refused before any transaction or write (OrderSourceDef.refuseEarly): 1,900 of a
 * 2,000-strong crowd on a stock of 100 cost one read each instead of a transaction.
 * Only a committed state is remembered: a read that found nothing left, or a purchase that took
 * the last one, once it committed. A release on this node forgets it at once; on another node the
 * memory lapses within `HINT_MS`, so a returned item is refused there a moment at most, never
 * sold twice: `lines` and the conditional updates still decide every purchase.
 * Kept per app (by its services), and only within the session it was seen in.
 */
import type { ServerServices } from '@kernel/server/plugin';

export const HINT_MS = 1_000;

interface Seen {
  /** performance.now() past which it is forgotten: a cache's age is wall time, not the shop's clock. */
  until: number;
  /** The session's window, unix seconds: another session of the same SKU is not sold out by it. */
  startAt: number;
  endAt: number;
}

const memories = new WeakMap<ServerServices, Map<string, Seen>>();
const keyOf = (goodsId: number, skuId: number) => `${goodsId}:${skuId}`;

function memoryOf(services: ServerServices): Map<string, Seen> {
  let memory = memories.get(services);
  if (!memory) memories.set(services, (memory = new Map()));
  return memory;
}

export function rememberSoldOut(services: ServerServices, goodsId: number, skuId: number, session: { start_at: number; end_at: number }): void {
  memoryOf(services).set(keyOf(goodsId, skuId), { until: performance.now() + HINT_MS, startAt: session.start_at, endAt: session.end_at });
}

export function forgetSoldOut(services: ServerServices, goodsId: number, skuId: number): void {
  memories.get(services)?.delete(keyOf(goodsId, skuId));
}

/** Whether this node saw the goods sold out a moment ago, in the session running at `now`. */
export function seenSoldOut(services: ServerServices, goodsId: number, skuId: number, now: number): boolean {
  const memory = memories.get(services);
  const seen = memory?.get(keyOf(goodsId, skuId));
  if (!seen) return false;
  if (performance.now() < seen.until && seen.startAt <= now && now < seen.endAt) return true;
  memory?.delete(keyOf(goodsId, skuId));
  return false;
}
