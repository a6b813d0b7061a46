import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../core/errors';
import { createTestServer, type TestServer } from '../testing';

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
});
