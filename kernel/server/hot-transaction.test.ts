import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { postgresOf } from './dialect';
import { hotTransaction, lockRows } from './hot-transaction';
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
});
