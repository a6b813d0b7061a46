/**
 * The flash sale as the browser reads it: the server's clock, the button an item shows, its
 * sold share, and a push (`{type:'seckill', …}`) applied to the items on screen. Types only from
 * the contract, so nothing here loads zod.
 */
import type { SeckillItem, SeckillPush, SeckillSession } from './contract';

/** What an item's button says (spec §4): 未开始 / 已抢光 / 立即抢购 / 已结束. */
export type BuyButton = 'not_started' | 'sold_out' | 'buy' | 'ended';

export function buttonOf(session: Pick<SeckillSession, 'state'>, item: Pick<SeckillItem, 'left'>): BuyButton {
  if (session.state === 3) return 'ended';
  if (session.state !== 2) return 'not_started';
  return item.left > 0 ? 'buy' : 'sold_out';
}

/** The share sold, in whole percent: 100 only once nothing is left. */
export function soldPercent(item: Pick<SeckillItem, 'stock' | 'left'>): number {
  if (item.stock <= 0) return 100;
  const sold = Math.min(item.stock, Math.max(0, item.stock - item.left));
  return Math.floor((sold * 100) / item.stock);
}

/**
 * A clock on the server's time: `serverTime` (unix seconds) was the server's now when the reply
 * was read at `readAt` (ms, the device's clock); the offset between the two is kept.
 */
export function serverClock(serverTime: number, readAt: number = Date.now()): () => number {
  const offset = serverTime * 1000 - readAt;
  return () => Date.now() + offset;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A socket message is a flash-sale push we can apply (the wire is parsed, not validated). */
export function isSeckillPush(message: unknown): message is SeckillPush {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return m.type === 'seckill' && (m.event === 'buy' || m.event === 'release') && isCount(m.item_id) && isCount(m.left);
}

/** The items with the pushed item's `left` (and `sold`) replaced; the same array when the push is about none of them. */
export function applyPush<T extends Pick<SeckillItem, 'id' | 'stock' | 'sold' | 'left'>>(items: readonly T[], push: SeckillPush): T[] {
  const index = items.findIndex((item) => item.id === push.item_id);
  if (index < 0) return items as T[];
  const item = items[index];
  const left = Math.min(item.stock, push.left);
  if (left === item.left) return items as T[];
  const next = [...items];
  next[index] = { ...item, left, sold: item.stock - left };
  return next;
}

/** The most the shopper may still put in one order of the item (0: quota reached or nothing left). */
export const quantityLeft = (item: Pick<SeckillItem, 'quota' | 'bought' | 'left'>): number =>
  Math.max(0, Math.min(item.quota - item.bought, item.left));
