import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '@kernel/server/migrate';
import type { Db } from '@kernel/server/plugin';
import { testDatabase, type TestDatabase } from '@kernel/server/test-database';
import plugin from '../server';
import { goodsDetail } from '../service';
import { goods001Init } from './goods_001_init';
import { goods002SkuMarketPrice } from './goods_002_sku_market_price';
import { goods003EnglishNames } from './goods_003_english_names';
import { goods004EnglishText } from './goods_004_english_text';

// Runs on SQLite, and on PostgreSQL under `npm run test:pg`.
describe("goods_005: a goods' stock is its SKUs'", () => {
  let db: Db;
  let dir: string;
  let database: TestDatabase;
  afterEach(async () => {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("drops the goods' own stock column, keeping its rows and CHECK on the SKUs; the goods then serves the sum", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'goods-005-'));
    database = testDatabase(dir);
    db = database.open();
    await migrate(db, [{ ...plugin, migrations: [goods001Init, goods002SkuMarketPrice, goods003EnglishNames, goods004EnglishText] }]);
    // Written before: a goods' stock that had drifted from its SKUs' (7 ≠ 2 + 3).
    const goods = await db
      .insertInto('goods_goods')
      .values({ name: '手机', price: 299900, market_price: 0, category_id: 1, brand_id: null, images: '[]', stock: 7, unit: '台', specs: '[]', created_at: 1 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const sku = (key: string, stock: number) =>
      db.insertInto('goods_sku').values({ goods_id: goods.id, spec: '{}', spec_key: key, price: 299900, stock, image: '' } as never).execute();
    await sku('a', 2);
    await sku('b', 3);

    await migrate(db, [plugin]);
    const row = (await db.selectFrom('goods_goods').selectAll().where('id', '=', goods.id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(row).not.toHaveProperty('stock');
    expect(row).toMatchObject({ name: '手机', price: 299900, unit: '台' });
    expect((await goodsDetail(db, goods.id)).stock).toBe(5);
    // The SKUs keep theirs, CHECK included.
    await expect(sql`update goods_sku set stock = -1 where spec_key = 'a'`.execute(db)).rejects.toThrow();
  });
});
