/**
 * Where a test keeps its data. By default a SQLite file in the test's own folder; with
 * `STOREFRONT_TEST_DATABASE_URL=postgres://…` a fresh schema on that PostgreSQL, dropped when the
 * test is done. The same tests run on both databases (`npm run test:pg`).
 */
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from './db';
import { parsePostgresUrl } from './db-postgres';
import type { Db } from './plugin';

export interface TestDatabase {
  /** What `openDatabase` and `createApp({ databaseUrl })` take. */
  target: string;
  /** The PostgreSQL URL, or undefined on SQLite. */
  url: string | undefined;
  open(): Db;
  /** Drops the PostgreSQL schema; the SQLite file goes with the test's folder. */
  drop(): Promise<void>;
}

export const testPostgresUrl = (): string | undefined => process.env.STOREFRONT_TEST_DATABASE_URL || undefined;

let counter = 0;

export function testDatabase(dir: string, file = 'test.sqlite'): TestDatabase {
  const base = testPostgresUrl();
  if (!base) {
    const target = path.join(dir, file);
    return { target, url: undefined, open: () => openDatabase(target), drop: async () => {} };
  }
  const schema = `t_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  url.searchParams.set('pool', url.searchParams.get('pool') ?? '6');
  const target = url.toString();
  return {
    target,
    url: target,
    open: () => openDatabase(target),
    drop: () => dropSchema(base, schema),
  };
}

async function dropSchema(base: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: parsePostgresUrl(base).connectionString });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
