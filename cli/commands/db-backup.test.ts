import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../tests/cli/in-process';
import { REPO_ROOT } from '../../tests/cli/run';

const LONG = { timeout: 120_000 };
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-db-backup-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const storefront = (...args: string[]) => runInProcess(args, { root: REPO_ROOT, env: { DATABASE_URL: undefined } });
const counts = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return ['kernel_user', 'goods_goods', 'kernel_ledger', 'article_post'].map((table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);
  } finally {
    db.close();
  }
};

describe('storefront db backup', () => {
  it('copies a SQLite shop while another connection writes to it, and the copy restores as a working shop', LONG, async () => {
    const shop = path.join(dir, 'shop');
    expect((await storefront('seed', '--data-dir', shop)).code).toBe(0);
    const live = path.join(shop, 'default.sqlite');
    // The shop keeps running: a connection holds the file and writes before the backup.
    const writer = new Database(live);
    writer.prepare("UPDATE kernel_user SET motto = 'written while running' WHERE username = 'demo'").run();
    const backup = await storefront('db', 'backup', path.join(dir, 'backups', 'one.sqlite'), '--data-dir', shop, '--json');
    writer.close();
    expect(backup.code).toBe(0);
    const result = JSON.parse(backup.stdout) as { kind: string; file: string; bytes: number };
    expect(result).toMatchObject({ kind: 'sqlite', file: path.join(dir, 'backups', 'one.sqlite') });
    expect(result.bytes).toBe(fs.statSync(result.file).size);
    expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual(['one.sqlite']);

    // Restored: the file as another data folder's database.
    const restored = path.join(dir, 'restored');
    fs.mkdirSync(restored);
    fs.copyFileSync(result.file, path.join(restored, 'default.sqlite'));
    const status = await storefront('db', 'status', '--data-dir', restored, '--json');
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ ok: true, pending: 0 });
    expect(counts(path.join(restored, 'default.sqlite'))).toEqual(counts(live));
    expect(counts(live)[0]).toBeGreaterThan(0);
    const copy = new Database(path.join(restored, 'default.sqlite'), { readonly: true });
    expect(copy.prepare("SELECT motto FROM kernel_user WHERE username = 'demo'").get()).toEqual({ motto: 'written while running' });
    copy.close();
  });

  it('refuses to overwrite a file (unless --force), the database itself, or a database that is not there', LONG, async () => {
    const shop = path.join(dir, 'shop');
    const file = path.join(dir, 'backups', 'one.sqlite');
    const again = await storefront('db', 'backup', file, '--data-dir', shop);
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('already exists')]);
    expect((await storefront('db', 'backup', file, '--data-dir', shop, '--force')).code).toBe(0);
    const itself = await storefront('db', 'backup', path.join(shop, 'default.sqlite'), '--data-dir', shop);
    expect([itself.code, itself.stderr]).toEqual([2, expect.stringContaining('would overwrite the database itself')]);
    const none = await storefront('db', 'backup', path.join(dir, 'x.sqlite'), '--data-dir', path.join(dir, 'empty'));
    expect([none.code, none.stderr]).toEqual([1, expect.stringContaining('there is no database at')]);
    expect(fs.existsSync(path.join(dir, 'x.sqlite'))).toBe(false);
  });

  it('prints the pg_dump and pg_restore commands for PostgreSQL, without the password', async () => {
    const result = await storefront('db', 'backup', 'shop.dump', '--database-url', 'postgres://shop:s3cret@db.internal:5432/shop', '--json');
    expect(result.code).toBe(0);
    const { commands } = JSON.parse(result.stdout) as { commands: string[] };
    expect(commands[0]).toMatch(/^pg_dump --format=custom --no-owner --file ".*shop\.dump" "postgres:\/\/shop:\*+@db\.internal:5432\/shop"$/);
    expect(commands[1]).toMatch(/^pg_restore --clean --if-exists --no-owner --dbname /);
    expect(result.stdout + result.stderr).not.toContain('s3cret');
  });
});
