import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotTransaction } from '../hot-transaction';
import { createTestServer, type TestServer } from '../testing';

/** The ledger inside hot transactions: READ COMMITTED on PostgreSQL, where only its conditional update and unique index keep it exact. */
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

const atOnce = <T>(n: number, run: (i: number) => Promise<T>) => Promise.allSettled(Array.from({ length: n }, (_, i) => run(i)));
const rowsOf = (userId: number, reason: string) => t.db.selectFrom('kernel_ledger').selectAll().where('user_id', '=', userId).where('reason', '=', reason).execute();

describe('the ledger in hot transactions', () => {
  it('lets 40 debits of ¥1 race for ¥10: exactly 10 pass, the balance ends at 0 and equals its rows', async () => {
    const ann = await t.createUser({ money: 1000 });
    const debits = await atOnce(40, (i) =>
      hotTransaction(t.db).execute((tx) => t.services.ledger.debit(tx, { userId: ann.id, account: 'money', amount: 100, reason: 'test:hot-pay', ref: `ann-${i}` })),
    );
    expect(debits.filter((d) => d.status === 'fulfilled')).toHaveLength(10);
    const refused = debits.filter((d): d is PromiseRejectedResult => d.status === 'rejected');
    expect(new Set(refused.map((d) => (d.reason as { key?: string }).key))).toEqual(new Set(['kernel:message.balance_not_enough']));
    expect(await t.services.ledger.balance(t.db, ann.id, 'money')).toBe(0);
    expect(await rowsOf(ann.id, 'test:hot-pay')).toHaveLength(10);
    expect(await t.violations()).toEqual([]);
  });

  it('books one ref once when 20 bookings of it race: one row, one change, every booking answered with the same balance', async () => {
    const bob = await t.createUser({ money: 5000, score: 100 });
    const entry = { userId: bob.id, account: 'money' as const, amount: 700, reason: 'test:hot-once', ref: 'bob-order-1' };
    const debits = await atOnce(20, () => hotTransaction(t.db).execute((tx) => t.services.ledger.debit(tx, entry)));
    expect(debits.map((d) => (d.status === 'fulfilled' ? d.value : String(d.reason)))).toEqual(Array(20).fill(4300));
    const points = { userId: bob.id, account: 'score' as const, amount: 30, reason: 'test:hot-once', ref: 'bob-signin-1' };
    const credits = await atOnce(20, () => hotTransaction(t.db).execute((tx) => t.services.ledger.credit(tx, points)));
    expect(credits.map((c) => (c.status === 'fulfilled' ? c.value : String(c.reason)))).toEqual(Array(20).fill(130));
    expect((await rowsOf(bob.id, 'test:hot-once')).map((r) => [r.account, Number(r.amount), Number(r.balance_after)]).sort()).toEqual([
      ['money', -700, 4300],
      ['score', 30, 130],
    ]);
    expect(await t.services.ledger.balance(t.db, bob.id, 'money')).toBe(4300);
    expect(await t.services.ledger.balance(t.db, bob.id, 'score')).toBe(130);
    expect(await t.violations()).toEqual([]);
  });

  it('answers a repeated debit with the balance even when the balance no longer covers it', async () => {
    const cat = await t.createUser({ money: 500 });
    const entry = { userId: cat.id, account: 'money' as const, amount: 400, reason: 'test:hot-repeat', ref: 'cat-1' };
    expect(await hotTransaction(t.db).execute((tx) => t.services.ledger.debit(tx, entry))).toBe(100);
    expect(await hotTransaction(t.db).execute((tx) => t.services.ledger.debit(tx, entry))).toBe(100);
    expect(await rowsOf(cat.id, 'test:hot-repeat')).toHaveLength(1);
  });
});
