import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../core/errors';
import { createTestServer, type TestServer } from '../testing';
import { ledgerRows } from './ledger-reads';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

const sumOfRows = async (userId: number, account: 'money' | 'score') => {
  const row = await t.db
    .selectFrom('kernel_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
};
const balanceOf = async (userId: number) =>
  t.db.selectFrom('kernel_user').select(['money', 'score']).where('id', '=', userId).executeTakeFirstOrThrow();

describe('ledger', () => {
  it('never lets 50 concurrent debits take a balance below zero, and the balance equals the sum of the rows', async () => {
    const ann = await t.createUser({ money: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.db.transaction().execute((tx) =>
          t.services.ledger.debit(tx, { userId: ann.id, account: 'money', amount: 70, reason: 'test:pay', ref: `order-${i}` }),
        ),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(paid).toBe(14); // 14 × 70 = 980 ≤ 1000 < 15 × 70
    expect(refused.every((r) => r.reason instanceof BizError && r.reason.key === 'kernel:message.balance_not_enough')).toBe(true);
    const { money } = await balanceOf(ann.id);
    expect(money).toBe(20);
    expect(await sumOfRows(ann.id, 'money')).toBe(money);
  });

  it('books each ref once: a repeated ref returns the balance without booking again', async () => {
    const bob = await t.createUser({ score: 100 });
    const entry = { userId: bob.id, account: 'score' as const, amount: 30, reason: 'test:signin', ref: '2025-01-15' };
    const first = await t.db.transaction().execute((tx) => t.services.ledger.credit(tx, entry));
    const second = await t.db.transaction().execute((tx) => t.services.ledger.credit(tx, entry));
    expect(first).toBe(130);
    expect(second).toBe(130);
    const rows = await t.db.selectFrom('kernel_ledger').selectAll().where('user_id', '=', bob.id).where('reason', '=', 'test:signin').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 30, balance_after: 130, account: 'score' });
    expect(await sumOfRows(bob.id, 'score')).toBe(130);
  });

  it('refuses a points debit beyond the points held with its own message', async () => {
    const cat = await t.createUser({ score: 10 });
    const error = await t.db
      .transaction()
      .execute((tx) => t.services.ledger.debit(tx, { userId: cat.id, account: 'score', amount: 11, reason: 'test:draw', ref: 'd1' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BizError);
    expect((error as BizError).key).toBe('kernel:message.score_not_enough');
    expect((await balanceOf(cat.id)).score).toBe(10);
  });

  it("rolls the booking back with the caller's transaction", async () => {
    const dan = await t.createUser({ money: 500 });
    await expect(
      t.db.transaction().execute(async (tx) => {
        await t.services.ledger.debit(tx, { userId: dan.id, account: 'money', amount: 200, reason: 'test:pay', ref: 'o1' });
        throw new Error('stock ran out');
      }),
    ).rejects.toThrow('stock ran out');
    expect((await balanceOf(dan.id)).money).toBe(500);
    expect(await sumOfRows(dan.id, 'money')).toBe(500);
  });

  it('rejects amounts that are not positive integers', async () => {
    const eve = await t.createUser({ money: 500 });
    for (const amount of [0, -5, 1.5]) {
      await expect(
        t.db.transaction().execute((tx) => t.services.ledger.credit(tx, { userId: eve.id, account: 'money', amount, reason: 'test:x', ref: `a${amount}` })),
      ).rejects.toThrow(RangeError);
    }
  });

  it('reads the balance of each account, inside a transaction as well as outside', async () => {
    const fay = await t.createUser({ money: 1234, score: 56 });
    expect(await t.services.ledger.balance(t.db, fay.id, 'money')).toBe(1234);
    expect(await t.services.ledger.balance(t.db, fay.id, 'score')).toBe(56);
    const inside = await t.db.transaction().execute(async (tx) => {
      await t.services.ledger.debit(tx, { userId: fay.id, account: 'money', amount: 234, reason: 'test:pay', ref: 'fay-1' });
      return t.services.ledger.balance(tx, fay.id, 'money');
    });
    expect(inside).toBe(1000);
    await expect(t.services.ledger.balance(t.db, 999_999, 'money')).rejects.toThrow('ledger: user 999999 does not exist');
  });

  it('keeps the balance equal to the sum of the rows while 40 credits and debits of money and points race', async () => {
    const gil = await t.createUser({ money: 300, score: 300 });
    const moves = Array.from({ length: 40 }, (_, i) => {
      const account = i % 2 === 0 ? ('money' as const) : ('score' as const);
      const entry = { userId: gil.id, account, amount: 25 + i, reason: 'test:race', ref: `race-${i}` };
      return t.db.transaction().execute((tx) => (i % 4 < 2 ? t.services.ledger.debit(tx, entry) : t.services.ledger.credit(tx, entry)));
    });
    await Promise.allSettled(moves);
    for (const account of ['money', 'score'] as const) {
      const balance = await t.services.ledger.balance(t.db, gil.id, account);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(await sumOfRows(gil.id, account));
    }
    expect(await t.violations()).toEqual([]);
  });

  it('pages through a user’s rows newest first, all or only credits or debits', async () => {
    const hana = await t.createUser({ money: 100 });
    await t.db.transaction().execute(async (tx) => {
      for (let i = 1; i <= 4; i++) {
        t.clock.advance(1000);
        await t.services.ledger.debit(tx, { userId: hana.id, account: 'money', amount: i, reason: 'test:buy', ref: `hana-${i}`, memo: `#${i}` });
      }
    });
    const all = await t.services.ledger.history(t.db, { userId: hana.id, account: 'money', page: 1, limit: 2 });
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => [r.amount, r.balanceAfter, r.memo])).toEqual([
      [-4, 90, '#4'],
      [-3, 94, '#3'],
    ]);
    expect(all.rows[0]).toMatchObject({ userId: hana.id, account: 'money', reason: 'test:buy', ref: 'hana-4' });
    expect(all.rows[0].createdAt).toBeGreaterThan(all.rows[1].createdAt);
    const third = await t.services.ledger.history(t.db, { userId: hana.id, account: 'money', page: 3, limit: 2 });
    expect(third.rows.map((r) => r.amount)).toEqual([100]);
    const credits = await t.services.ledger.history(t.db, { userId: hana.id, account: 'money', direction: 'in', page: 1, limit: 10 });
    expect([credits.total, credits.rows.map((r) => r.amount)]).toEqual([1, [100]]);
    const debits = await t.services.ledger.history(t.db, { userId: hana.id, account: 'money', direction: 'out', page: 1, limit: 10 });
    expect(debits.total).toBe(4);
    const points = await t.services.ledger.history(t.db, { userId: hana.id, account: 'score', page: 1, limit: 10 });
    expect(points).toEqual({ rows: [], total: 0 });
  });

  it('hands invariants every row of some reasons, oldest first', async () => {
    const ida = await t.createUser({ money: 100, score: 10 });
    await t.db.transaction().execute(async (tx) => {
      await t.services.ledger.debit(tx, { userId: ida.id, account: 'money', amount: 5, reason: 'test:rows-a', ref: 'r1' });
      await t.services.ledger.credit(tx, { userId: ida.id, account: 'score', amount: 6, reason: 'test:rows-a', ref: 'r2' });
      await t.services.ledger.credit(tx, { userId: ida.id, account: 'money', amount: 7, reason: 'test:rows-b', ref: 'r3' });
    });
    const both = await ledgerRows(t.db, { reasons: ['test:rows-a', 'test:rows-b'] });
    expect(both.map((r) => [r.ref, r.account, r.amount])).toEqual([
      ['r1', 'money', -5],
      ['r2', 'score', 6],
      ['r3', 'money', 7],
    ]);
    expect((await ledgerRows(t.db, { reasons: ['test:rows-a'], account: 'money' })).map((r) => r.ref)).toEqual(['r1']);
    expect(await ledgerRows(t.db, { reasons: [] })).toEqual([]);
  });
});
