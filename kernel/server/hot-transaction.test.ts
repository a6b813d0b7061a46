import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { postgresOf } from './dialect';
import { afterCommit, hotTransaction, lastBeforeCommit, lockRows } from './hot-transaction';
import { runOnce } from './idempotency';
import { createTestServer, type TestServer } from './testing';

describe('hotTransaction', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t.close());

  it('runs at READ COMMITTED on PostgreSQL and as a plain transaction on SQLite', async () => {
    const onPostgres = postgresOf(t.db) !== null;
    const level = await hotTransaction(t.db).execute(async (tx) =>
      onPostgres ? (await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(tx)).rows[0].transaction_isolation : 'sqlite',
    );
    expect(level).toBe(onPostgres ? 'read committed' : 'sqlite');
  });

  it('keeps a conditional update exact when many change one row at once', async () => {
    const user = await t.createUser({ username: 'hot_row', money: 1000 });
    const debits = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        hotTransaction(t.db).execute(async (tx) => {
          await lockRows(tx, tx.selectFrom('kernel_user').select('id').where('id', '=', user.id)).execute();
          return t.services.ledger.debit(tx, { userId: user.id, account: 'money', amount: 100, reason: 'kernel:ledger.test', ref: `hot-${i}` });
        }),
      ),
    );
    expect(debits.filter((d) => d.status === 'fulfilled')).toHaveLength(10);
    expect(await t.services.ledger.balance(t.db, user.id, 'money')).toBe(0);
  });

  describe('lastBeforeCommit', () => {
    // kernel_rate_hit serves as a scratch table: a row per key.
    const rowKeyed = (key: string) => t.db.selectFrom('kernel_rate_hit').select('at').where('key', '=', key).executeTakeFirst();

    it('runs the queued work after the rest of the transaction, in the order queued, and commits it with the rest', async () => {
      const order: string[] = [];
      await hotTransaction(t.db).execute(async (tx) => {
        lastBeforeCommit(tx, async () => {
          order.push('first queued');
          await tx.insertInto('kernel_rate_hit').values({ key: 'last.work', at: 7 }).execute();
        });
        lastBeforeCommit(tx, async () => {
          order.push('second queued');
        });
        order.push('the rest');
      });
      expect(order).toEqual(['the rest', 'first queued', 'second queued']);
      expect((await rowKeyed('last.work'))?.at).toBe(7);
    });

    it('rolls the whole transaction back when the work throws', async () => {
      const refusal = hotTransaction(t.db).execute(async (tx) => {
        await tx.insertInto('kernel_rate_hit').values({ key: 'last.rolled', at: 1 }).execute();
        lastBeforeCommit(tx, async () => {
          throw new Error('sold out');
        });
      });
      await expect(refusal).rejects.toThrow('sold out');
      expect(await rowKeyed('last.rolled')).toBeUndefined();
    });

    it('refuses a transaction that would never run the work', async () => {
      await expect(t.db.transaction().execute(async (tx) => lastBeforeCommit(tx, async () => undefined))).rejects.toThrow(/hotTransaction/);
    });

    it('in an idempotent call, runs after the reply is stored, in the same transaction', async () => {
      const user = await t.createUser({ username: 'last_work' });
      let stored: string | null | undefined;
      const request = { userId: user.id, path: '/api/test/last', key: 'last-work-key', payload: { n: 1 }, now: t.services.clock.nowSeconds(), isolation: 'read committed' as const };
      const reply = await runOnce(t.db, request, (db) =>
        hotTransaction(db).execute(async (tx) => {
          lastBeforeCommit(tx, async () => {
            stored = (await tx.selectFrom('kernel_request').select('reply').where('request_key', '=', 'last-work-key').executeTakeFirst())?.reply;
          });
          return { placed: true };
        }),
      );
      expect(reply).toEqual({ placed: true });
      expect(stored).toBe('{"placed":true}');
    });
  });

  describe('afterCommit', () => {
    const count = (key: string) => t.db.selectFrom('kernel_rate_hit').select('at').where('key', '=', key).execute();

    it('runs once the transaction has committed (what it reads outside is there), and never after a rollback', async () => {
      const seen: number[] = [];
      let read: Promise<unknown> | null = null;
      await hotTransaction(t.db).execute(async (tx) => {
        await tx.insertInto('kernel_rate_hit').values({ key: 'after.commit', at: 1 }).execute();
        afterCommit(tx, () => {
          seen.push(1);
          read = count('after.commit');
        });
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual([1]);
      expect(await read).toHaveLength(1);
      await hotTransaction(t.db)
        .execute(async (tx) => {
          afterCommit(tx, () => seen.push(2));
          throw new Error('refused');
        })
        .catch(() => undefined);
      expect(seen).toEqual([1]);
    });

    it('in an idempotent call, runs after the claiming transaction commits', async () => {
      const user = await t.createUser({ username: 'after_commit' });
      let storedWhenRun: unknown = 'not run';
      const request = { userId: user.id, path: '/api/test/after', key: 'after-commit-key', payload: {}, now: t.services.clock.nowSeconds(), isolation: 'read committed' as const };
      await runOnce(t.db, request, (db) =>
        hotTransaction(db).execute(async (tx) => {
          afterCommit(tx, () => {
            storedWhenRun = 'run';
          });
          expect(storedWhenRun).toBe('not run');
          return { ok: true };
        }),
      );
      expect(storedWhenRun).toBe('run');
    });
  });
});

