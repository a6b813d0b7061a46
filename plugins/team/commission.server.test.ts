import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { teamContract } from './contract';
import { commissionFixture, type CommissionFixture } from './testing';

let f: CommissionFixture;
beforeAll(async () => {
  f = await commissionFixture();
});
afterAll(() => f.t.close());

/** The commission page of `user`, logged in afresh (the clock has moved past their token's life). */
async function commission(user: TestUser, payload: { state?: 'frozen' | 'available' | 'reversed' | 'clawed' } = {}) {
  const { token } = await f.t.login(user.username, user.password);
  const reply = await f.t.call(teamContract.commission, payload, { token });
  expect(reply.body.code).toBe(1);
  return reply.body.data;
}

describe('commission on a paid order', () => {
  it('gives the inviter 10 % and theirs 5 % of what the order paid, frozen, then credits it 7 days after completion', async () => {
    const { grand, parent, buyers } = await f.team(1);
    const order = await f.buyAndPay(buyers[0]);
    await f.settle();
    const level1 = Math.floor(order.paid / 10);
    const level2 = Math.floor(order.paid / 20);
    expect(await f.rows(order.orderId)).toEqual([
      { user_id: parent.id, level: 1, amount: level1, rate: 1000, state: 'frozen' },
      { user_id: grand.id, level: 2, amount: level2, rate: 500, state: 'frozen' },
    ]);
    const before = await f.money(parent);
    await f.complete(buyers[0], order.orderNo);
    // Completed (after-sales window passed), still frozen: the freeze runs 7 days from completion.
    expect((await f.rows(order.orderId)).map((r) => r.state)).toEqual(['frozen', 'frozen']);
    f.t.clock.advance(7 * 86_400_000);
    await f.settle();
    expect((await f.rows(order.orderId)).map((r) => r.state)).toEqual(['available', 'available']);
    expect(await f.money(parent)).toBe(before + level1);
    const page = await commission(parent);
    expect(page.totals).toMatchObject({ frozen: '0.00', available: (level1 / 100).toFixed(2), paid_out: (level1 / 100).toFixed(2), owed: '0.00' });
    expect(page.list[0]).toMatchObject({ order_no: order.orderNo, level: 1, rate: '10%', state: 'available' });
  });

  it('keeps the rates in force when the order was paid, whatever the settings say later', async () => {
    const { parent, buyers } = await f.team(1);
    const order = await f.buyAndPay(buyers[0]);
    await f.settle();
    await f.t.editSite((file) => {
      file.plugins.team = { ...file.plugins.team, enabled: true, settings: { level1Rate: 3000 } };
    });
    await f.complete(buyers[0], order.orderNo);
    f.t.clock.advance(7 * 86_400_000);
    await f.settle();
    expect((await f.rows(order.orderId))[0]).toMatchObject({ user_id: parent.id, rate: 1000, amount: Math.floor(order.paid / 10), state: 'available' });
    await f.t.editSite((file) => {
      file.plugins.team = { ...file.plugins.team, enabled: true, settings: {} };
    });
  });

  it('reverses frozen commission when the order is refunded, and earns none for an order refunded before delivery', async () => {
    const { parent, buyers } = await f.team(1);
    const order = await f.buyAndPay(buyers[0]);
    await f.settle();
    await f.refund(order.orderNo);
    await f.settle();
    expect((await f.rows(order.orderId)).map((r) => r.state)).toEqual(['reversed', 'reversed']);
    const page = await commission(parent, { state: 'reversed' });
    expect(page.total).toBe(1);
  });

  it('claws credited commission back in full, leaving what the balance lacks owed, taken from the next commission', async () => {
    const { parent, buyers } = await f.team(2);
    const first = await f.buyAndPay(buyers[0]);
    await f.settle();
    await f.complete(buyers[0], first.orderNo);
    f.t.clock.advance(7 * 86_400_000);
    await f.settle();
    const earned = Math.floor(first.paid / 10);
    // The parent spends most of it: the clawback finds less than it takes.
    const spend = (await f.money(parent)) - 100;
    await f.t.db.transaction().execute((tx) => f.t.services.ledger.debit(tx, { userId: parent.id, account: 'money', amount: spend, reason: 'kernel:ledger.grant', ref: `spend-${parent.id}` }));
    await f.refund(first.orderNo);
    await f.settle();
    expect((await f.rows(first.orderId))[0].state).toBe('clawed');
    expect(await f.money(parent)).toBe(0);
    const owedPage = await commission(parent);
    expect(owedPage.totals.owed).toBe(((earned - 100) / 100).toFixed(2));
    // The next commission pays what is owed first.
    const second = await f.buyAndPay(buyers[1]);
    await f.settle();
    await f.complete(buyers[1], second.orderNo);
    f.t.clock.advance(7 * 86_400_000);
    await f.settle();
    const next = Math.floor(second.paid / 10);
    expect(await f.money(parent)).toBe(Math.max(0, next - (earned - 100)));
    expect(await f.t.violations()).toEqual([]);
  });
});
