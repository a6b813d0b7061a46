import { describe, expect, it } from 'vitest';
import { at } from './fixtures';
import { actionsFor, invoiceStateKey, settlementSource, statusKey, tabOf, timestampsOf } from './rules';
import { STATUS } from './states';
import { dateTime } from '@kernel/core/time';

describe('the settlement source a query designates', () => {
  it('takes the cart selection, or one SKU with a quantity (1 unless a positive integer is given)', () => {
    expect(settlementSource({ from: 'cart' })).toEqual({ source: 'cart' });
    expect(settlementSource({ from: 'buy', goods_id: '7', sku_id: '2', num: '3' })).toEqual({ source: 'buy', goods_id: 7, sku_id: 2, num: 3 });
    expect(settlementSource({ from: 'buy', goods_id: '7', sku_id: '2' })).toMatchObject({ num: 1 });
    expect(settlementSource({ from: 'buy', goods_id: '7', sku_id: '2', num: '-2' })).toMatchObject({ num: 1 });
    expect(settlementSource({ from: 'buy', goods_id: '7', sku_id: '2', num: '1.5' })).toMatchObject({ num: 1 });
  });

  it("takes another plugin's source of one SKU by its id (a flash sale's)", () => {
    expect(settlementSource({ from: 'seckill', goods_id: '7', sku_id: '2', num: '2' })).toEqual({ source: 'seckill', goods_id: 7, sku_id: 2, num: 2 });
  });

  it('designates nothing without a source or without the SKU', () => {
    expect(settlementSource({})).toBeNull();
    expect(settlementSource({ from: 'elsewhere' })).toBeNull();
    expect(settlementSource({ from: 'Seckill!', goods_id: '7', sku_id: '2' })).toBeNull();
    expect(settlementSource({ from: 'buy', goods_id: '7' })).toBeNull();
    expect(settlementSource({ from: 'buy', goods_id: 'x', sku_id: '2' })).toBeNull();
  });
});

describe('tabs and states', () => {
  it('reads the tab from ?type=, else all', () => {
    expect(['all', 'unpaid', 'toship', 'shipping', 'received', 'cancelled'].map(tabOf)).toEqual(['all', 'unpaid', 'toship', 'shipping', 'received', 'cancelled']);
    expect(tabOf(undefined)).toBe('all');
    expect(tabOf('paid')).toBe('all');
  });

  it('names every state', () => {
    expect([-1, 1, 2, 3, 4, 5].map((s) => statusKey(s as never))).toEqual([
      'order:status.cancelled', 'order:status.placed', 'order:status.paid', 'order:status.shipped', 'order:status.received', 'order:status.completed',
    ]);
  });

  it("offers only the actions the server's transitions allow", () => {
    expect(actionsFor(STATUS.placed)).toEqual(['cancel', 'pay']);
    expect(actionsFor(STATUS.paid)).toEqual(['cancel']);
    expect(actionsFor(STATUS.shipped)).toEqual(['receive']);
    expect(actionsFor(STATUS.received)).toEqual([]);
    expect(actionsFor(STATUS.completed)).toEqual([]);
    expect(actionsFor(STATUS.cancelled)).toEqual([]);
  });

  it('names the invoice states 0, 1 and 2', () => {
    expect([0, 1, 2].map((s) => invoiceStateKey(s as 0 | 1 | 2))).toEqual(['order:invoice.state_0', 'order:invoice.state_1', 'order:invoice.state_2']);
  });
});

describe('timestamps', () => {
  const none = { createtime: at(2026, 3, 2, 10), paytime: null, shiptime: null, deliverytime: null, receivetime: null, completetime: null, canceltime: null, refundtime: null };

  it('lists those present, in the order they happen', () => {
    expect(timestampsOf(none).map(([label]) => label)).toEqual(['order:detail.created']);
    const all = { ...none, paytime: 1, shiptime: 2, deliverytime: 3, receivetime: 4, completetime: 5, canceltime: 6, refundtime: 7 };
    expect(timestampsOf(all).map(([label]) => label.split('.')[1])).toEqual(['created', 'paid', 'shipped', 'delivery', 'received', 'completed', 'cancelled', 'refunded']);
  });

  it('formats unix seconds as YYYY-MM-DD HH:mm:ss', () => {
    expect(dateTime(at(2026, 1, 5, 8, 3, 9))).toBe('2026-01-05 08:03:09');
  });
});
