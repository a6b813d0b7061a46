import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statement } from './db-statement';
import { migrate } from './migrate';
import type { Db } from './plugin';
import { testDatabase, type TestDatabase } from './test-database';

const insertEvent = statement((db, a: { name: string; payload: string; now: number }) =>
  db.insertInto('kernel_event').values({ name: a.name, payload: a.payload, created_at: a.now }).returning('id'),
);
const eventsNamed = statement((db, a: { name: string }) => db.selectFrom('kernel_event').select(['name', 'payload', 'created_at']).where('name', '=', a.name).orderBy('id'));

describe('statement (compiled once, run with new values)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-statement-'));
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = testDatabase(dir);
    db = database.open();
    await migrate(db, []);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs with each call’s own values', async () => {
    const first = await insertEvent(db, { name: 'test.one', payload: '{"n":1}', now: 100 });
    const second = await insertEvent(db, { name: 'test.two', payload: '{"n":2}', now: 200 });
    expect(second.rows[0].id).toBeGreaterThan(first.rows[0].id);
    expect((await eventsNamed(db, { name: 'test.one' })).rows).toEqual([{ name: 'test.one', payload: '{"n":1}', created_at: 100 }]);
    expect((await eventsNamed(db, { name: 'test.two' })).rows).toEqual([{ name: 'test.two', payload: '{"n":2}', created_at: 200 }]);
  });

  it('keeps the constants of the build beside the arguments', async () => {
    const staffNamed = statement((d, a: { name: string }) => d.selectFrom('kernel_event').select('name').where('name', '=', a.name).where('created_at', '=', 300));
    await insertEvent(db, { name: 'test.three', payload: 'null', now: 300 });
    await insertEvent(db, { name: 'test.three', payload: 'null', now: 301 });
    expect((await staffNamed(db, { name: 'test.three' })).rows).toEqual([{ name: 'test.three' }]);
  });

  it('runs in the transaction it is given, and goes with its rollback', async () => {
    await expect(
      db.transaction().execute(async (tx) => {
        await insertEvent(tx, { name: 'test.rolled-back', payload: 'null', now: 1 });
        expect((await eventsNamed(tx, { name: 'test.rolled-back' })).rows).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await eventsNamed(db, { name: 'test.rolled-back' })).rows).toEqual([]);
  });

  it('refuses a build an argument never reaches', async () => {
    const shaped = statement((d, a: { name: string; limit: number }) => d.selectFrom('kernel_event').select('name').where('name', '=', a.name));
    await expect(shaped(db, { name: 'x', limit: 2 })).rejects.toThrow(/the argument\(s\) limit never reach the SQL/);
  });
});
