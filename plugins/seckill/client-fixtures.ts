/**
 * Replies of the flash-sale calls for the browser tests (pages, home section), and a stand-in for
 * the socket's public subscription that lets a test push `{type:'seckill', …}` by hand.
 */
import type { Kernel } from '@kernel/client/kernel';
import type { SocketMessage } from '@kernel/core/socket';
import type { SeckillHome, SeckillIndex, SeckillItem, SeckillOffer, SeckillPush, SeckillSession } from './contract';

/** The device's clock now, unix seconds. */
export const deviceNow = () => Math.floor(Date.now() / 1000);

export function session(id: number, fields: Partial<SeckillSession> = {}): SeckillSession {
  const start = deviceNow() - 600;
  return { id, title: '10:00', start_at: start, end_at: start + 7200, state: 2, later_day: false, ...fields };
}

export function item(id: number, fields: Partial<SeckillItem> = {}): SeckillItem {
  const stock = fields.stock ?? 20;
  const left = fields.left ?? stock;
  return {
    id,
    seckill_id: 1,
    goods_id: 100 + id,
    sku_id: 200 + id,
    name: `秒杀商品${id}`,
    image: `/uploads/seckill-${id}.jpg`,
    spec: '',
    price: '9.90',
    original_price: '59.00',
    stock,
    sold: stock - left,
    left,
    quota: 2,
    bought: 0,
    ...fields,
  };
}

export function saleIndex(fields: Partial<SeckillIndex> = {}): SeckillIndex {
  return { server_time: deviceNow(), sessions: [session(1)], session_id: 1, goods: [item(1), item(2)], ...fields };
}

export const saleHome = (fields: Partial<SeckillHome> = {}): SeckillHome => ({ server_time: deviceNow(), session: session(1), goods: [item(1), item(2)], ...fields });

export const saleOffer = (fields: Partial<SeckillOffer> = {}): SeckillOffer => ({ server_time: deviceNow(), session: session(1), item: item(1), pay_minutes: 15, ...fields });

export const push = (fields: Partial<SeckillPush> & Pick<SeckillPush, 'item_id' | 'left'>): SeckillPush => ({
  type: 'seckill',
  event: 'buy',
  seckill_id: 1,
  goods_id: 100 + fields.item_id,
  buy_num: 1,
  ...fields,
});

/**
 * Replaces `kernel.socket.onPublic` with a recorder: `send(message)` calls the handlers of its
 * type; `count(type)` tells how many subscribers are left (0 after every page unmounted).
 */
export function publicMessages(kernel: Kernel) {
  const handlers = new Map<string, Set<(message: SocketMessage) => void>>();
  const socket = kernel.socket as unknown as { onPublic: (type: string, handler: (message: SocketMessage) => void) => () => void };
  socket.onPublic = (type, handler) => {
    const set = handlers.get(type) ?? new Set();
    handlers.set(type, set.add(handler));
    return () => void set.delete(handler);
  };
  return {
    send: (message: SeckillPush | SocketMessage) => handlers.get(String(message.type))?.forEach((handler) => handler(message as SocketMessage)),
    count: (type = 'seckill') => handlers.get(type)?.size ?? 0,
  };
}
