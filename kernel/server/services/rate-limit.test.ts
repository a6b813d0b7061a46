import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BizError } from '../../core/errors';
import { TestClock } from '../clock';
import { migrate } from '../migrate';
import type { Db } from '../plugin';
import { testDatabase, type TestDatabase } from '../test-database';
import { createRateLimit } from './rate-limit';

let dir: string;
let database: TestDatabase;
let db: Db;
let clock: TestClock;
let limit: ReturnType<typeof createRateLimit>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-rate-'));
  database = testDatabase(dir);
  db = database.open();
  await migrate(db, []);
  clock = new TestClock(0);
  limit = createRateLimit(db, clock);
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('rate limit', () => {
  it('refuses past the limit within the window and says how long to wait', async () => {
    await limit.hit('login:ann', 2, 60);
    clock.advance(10_000);
    await limit.hit('login:ann', 2, 60);
    const error = await refusal(limit.hit('login:ann', 2, 60));
    expect(error).toBeInstanceOf(BizError);
    expect((error as BizError).key).toBe('kernel:message.too_many');
    expect((error as BizError).params).toEqual({ seconds: 50 });
  });

  it('slides: an old hit leaves the window', async () => {
    await limit.hit('k', 1, 60);
    clock.advance(60_000);
    await expect(limit.hit('k', 1, 60)).resolves.toBeUndefined();
    await expect(limit.hit('other', 1, 60)).resolves.toBeUndefined();
  });

  it('forgets a key on reset', async () => {
    await limit.hit('k', 1, 60);
    await limit.reset('k');
    await expect(limit.hit('k', 1, 60)).resolves.toBeUndefined();
  });

  it('takes back only the newest attempt on undo', async () => {
    await limit.hit('k', 2, 60);
    await limit.hit('k', 2, 60);
    await limit.undo('k');
    await expect(limit.hit('k', 2, 60)).resolves.toBeUndefined();
    await expect(limit.hit('k', 2, 60)).rejects.toThrow(BizError);
    await expect(limit.undo('never-hit')).resolves.toBeUndefined();
  });

  it('survives a restart: a second service on the same database counts the same attempts', async () => {
    await limit.hit('k', 2, 60);
    const other = createRateLimit(db, clock);
    await other.hit('k', 2, 60);
    await expect(limit.hit('k', 2, 60)).rejects.toThrow(BizError);
  });

  it('lets exactly `limit` of many parallel attempts through', async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limit.hit('burst', 3, 60)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const rows = await db.selectFrom('kernel_rate_hit').select('id').where('key', '=', 'burst').execute();
    expect(rows).toHaveLength(3);
  });
});
