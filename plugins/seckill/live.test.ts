import { describe, expect, it } from 'vitest';
import { item, push } from './client-fixtures';
import { applyPush, buttonOf, isSeckillPush, quantityLeft, serverClock, soldPercent } from './live';

describe('the flash sale in the browser', () => {
  it('names the button by the session state and what is left (spec §4)', () => {
    expect(buttonOf({ state: 0 }, { left: 5 })).toBe('not_started');
    expect(buttonOf({ state: 1 }, { left: 5 })).toBe('not_started');
    expect(buttonOf({ state: 2 }, { left: 5 })).toBe('buy');
    expect(buttonOf({ state: 2 }, { left: 0 })).toBe('sold_out');
    expect(buttonOf({ state: 3 }, { left: 5 })).toBe('ended');
    expect(buttonOf({ state: 3 }, { left: 0 })).toBe('ended');
  });

  it('says 100 % sold only once nothing is left', () => {
    expect(soldPercent({ stock: 1000, left: 1 })).toBe(99);
    expect(soldPercent({ stock: 20, left: 0 })).toBe(100);
    expect(soldPercent({ stock: 20, left: 20 })).toBe(0);
    expect(soldPercent({ stock: 20, left: 25 })).toBe(0);
    expect(soldPercent({ stock: 0, left: 0 })).toBe(100);
  });

  it("keeps the server's clock from the offset at the reply", () => {
    const clock = serverClock(1_000, Date.now() - 5_000);
    expect(Math.round((clock() - 1_005_000) / 1000)).toBe(0);
  });

  it('applies a push to the item it names, and only a well-formed one', () => {
    const items = [item(1, { stock: 20, left: 10 }), item(2)];
    const next = applyPush(items, push({ item_id: 1, left: 7 }));
    expect(next[0]).toMatchObject({ left: 7, sold: 13 });
    expect(next[1]).toBe(items[1]);
    expect(applyPush(items, push({ item_id: 9, left: 0 }))).toBe(items);
    expect(applyPush(items, push({ item_id: 1, left: 10 }))).toBe(items);
    expect(isSeckillPush(push({ item_id: 1, left: 0 }))).toBe(true);
    expect(isSeckillPush({ type: 'seckill', event: 'buy', item_id: 1, left: -1 })).toBe(false);
    expect(isSeckillPush({ type: 'seckill', event: 'other', item_id: 1, left: 1 })).toBe(false);
    expect(isSeckillPush({ type: 'chat', event: 'buy', item_id: 1, left: 1 })).toBe(false);
    expect(isSeckillPush(null)).toBe(false);
  });

  it('lets the shopper buy no more than the quota still allows, nor more than is left', () => {
    expect(quantityLeft({ quota: 3, bought: 1, left: 10 })).toBe(2);
    expect(quantityLeft({ quota: 3, bought: 1, left: 1 })).toBe(1);
    expect(quantityLeft({ quota: 2, bought: 2, left: 10 })).toBe(0);
  });
});
