import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointers, openDatabase } from './db';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-checkpoints-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SQLite checkpoints in the background', () => {
  it('copies the WAL into the database on a worker, and the WAL starts over after it', async () => {
    const db = openDatabase(path.join(dir, 'shop.sqlite'), { backgroundCheckpoints: true });
    const checkpointer = checkpointers.get(db)!;
    expect(checkpointer).toBeDefined();
    // The server's own connection no longer checkpoints in its commits.
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint).toBe(0);

    await sql`create table note (id integer primary key, body text not null)`.execute(db);
    for (let i = 0; i < 200; i++) await db.transaction().execute((tx) => sql`insert into note (body) values (${'x'.repeat(500)})`.execute(tx));
    let round = await checkpointer.next();
    while (round.checkpointed < round.log) round = await checkpointer.next();
    const grown = round.log;
    expect(grown).toBeGreaterThan(50);

    // Everything was copied: the next commit writes from the start of the WAL again.
    await sql`insert into note (body) values ('after')`.execute(db);
    const after = await checkpointer.next();
    expect(after.log).toBeLessThan(grown);
    expect((await sql<{ n: number }>`select count(*) as n from note`.execute(db)).rows[0].n).toBe(201);
    await db.destroy();
  });

  it('is not started for a database in memory, nor unless asked', async () => {
    const memory = openDatabase(':memory:', { backgroundCheckpoints: true });
    const plain = openDatabase(path.join(dir, 'tool.sqlite'));
    expect(checkpointers.get(memory)).toBeUndefined();
    expect(checkpointers.get(plain)).toBeUndefined();
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(plain)).rows[0].wal_autocheckpoint).toBe(1000);
    await Promise.all([memory.destroy(), plain.destroy()]);
  });
});
