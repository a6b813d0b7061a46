import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db';
import type { Db, Tx } from './plugin';
import { createGroupCommit } from './sqlite-group-commit';

let dir: string;
let db: Db;
/** Another connection to the file: it sees only what is committed. */
let outside: SQLite.Database;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  const file = path.join(dir, 'shop.sqlite');
  db = openDatabase(file);
  await sql`create table note (id integer primary key, text text not null)`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (id integer primary key, parent_id integer not null references parent (id) deferrable initially deferred)`.execute(db);
  outside = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  outside.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const write = (text: string) => async (tx: Tx) => {
  await sql`insert into note (text) values (${text})`.execute(tx);
  return text;
};
const committedNotes = () => (outside.prepare('select text from note order by id').all() as { text: string }[]).map((row) => row.text);

describe('group commit on SQLite', () => {
  it('commits the members that arrive in one turn of the event loop in one transaction', async () => {
    const group = createGroupCommit(db);
    const begun = vi.spyOn(db, 'transaction');
    const texts = Array.from({ length: 10 }, (_, i) => `note ${i}`);
    expect(await Promise.all(texts.map((text) => group.execute(write(text))))).toEqual(texts);
    expect(begun).toHaveBeenCalledTimes(1);
    expect(committedNotes()).toEqual(texts);
  });

  it('waits a turn of the event loop before committing, so requests read meanwhile join the group', async () => {
    const group = createGroupCommit(db);
    const begun = vi.spyOn(db, 'transaction');
    const first = group.execute(write('first'));
    // As a request the loop reads from its socket after the first one began.
    const second = new Promise((resolve) => setImmediate(() => resolve(group.execute(write('second')))));
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(begun).toHaveBeenCalledTimes(1);
  });

  it('tells no member anything before the commit, a refusal neither; a member that throws is undone alone', async () => {
    const group = createGroupCommit(db);
    const seen: string[][] = [];
    const told = (outcome: Promise<unknown>) => outcome.finally(() => seen.push(committedNotes()));
    const refusal = new Error('sold out');
    const outcomes = await Promise.allSettled([
      told(group.execute(write('a'))),
      told(
        group.execute(async (tx) => {
          await write('b')(tx);
          throw refusal;
        }),
      ),
      told(group.execute(write('c'))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(refusal);
    expect(committedNotes()).toEqual(['a', 'c']);
    // Each was told with the whole group already on disk.
    expect(seen).toEqual([
      ['a', 'c'],
      ['a', 'c'],
      ['a', 'c'],
    ]);
  });

  it('lets a read from outside the group in only after the commit, so it never sees work that may not be kept', async () => {
    const group = createGroupCommit(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let committed = false;
    const member = group
      .execute(async (tx) => {
        await write('held')(tx);
        await held;
      })
      .then(() => (committed = true));
    const read = sql<{ text: string }>`select text from note`.execute(db).then((r) => ({ rows: r.rows.map((row) => row.text), committed }));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await member;
    expect(await read).toEqual({ rows: ['held'], committed: true });
  });

  it('fails every member and keeps nothing when the commit fails', async () => {
    const group = createGroupCommit(db);
    const outcomes = await Promise.allSettled([
      group.execute(write('kept?')),
      // Checked at the commit: a child without its parent.
      group.execute(async (tx) => void (await sql`insert into child (parent_id) values (42)`.execute(tx))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedNotes()).toEqual([]);
    // The connection is fit for the next group.
    await group.execute(write('next'));
    expect(committedNotes()).toEqual(['next']);
  });

  it('fails the group whose transaction a member ended, and runs the next group as usual', async () => {
    const group = createGroupCommit(db, 2);
    const outcomes = await Promise.allSettled([
      group.execute(write('first')),
      group.execute(async (tx) => void (await sql`rollback`.execute(tx))),
      group.execute(write('third')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(committedNotes()).toEqual(['third']);
  });

  it('takes a bounded number of members a group', async () => {
    const group = createGroupCommit(db, 3);
    const begun = vi.spyOn(db, 'transaction');
    await Promise.all(Array.from({ length: 7 }, (_, i) => group.execute(write(`n${i}`))));
    expect(begun).toHaveBeenCalledTimes(3);
    expect(committedNotes()).toHaveLength(7);
  });

  it('fails those waiting when no transaction can begin, rather than trying again forever', async () => {
    const group = createGroupCommit(db);
    await db.destroy();
    const outcomes = await Promise.allSettled([group.execute(write('x')), group.execute(write('y'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    db = openDatabase(path.join(dir, 'shop.sqlite'));
  });
});
