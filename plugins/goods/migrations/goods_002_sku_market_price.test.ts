import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@kernel/server/db';
import { migrate } from '@kernel/server/migrate';
import type { Db } from '@kernel/server/plugin';
import plugin from '../server';
import { goods001Init } from './goods_001_init';

describe('goods_002: a "was" price per SKU', () => {
  let db: Db;
  let dir: string;
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives SKUs written before it the goods' discount, and none where the goods had no market price", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'goods-002-'));
    db = openDatabase(path.join(dir, 'test.sqlite'));
    await migrate(db, [{ ...plugin, migrations: [goods001Init] }]);
    const goods = (values: { name: string; price: number; market_price: number }) =>
      db.insertInto('goods_goods').values({ ...values, category_id: 1, brand_id: null, images: '[]', stock: 3, unit: '台', specs: '[]', created_at: 1 } as never).returning('id').executeTakeFirstOrThrow();
    const phone = await goods({ name: '手机', price: 299900, market_price: 329900 });
    const tee = await goods({ name: 'T 恤', price: 7900, market_price: 0 });
    const sku = (goodsId: number, key: string, price: number) =>
      db.insertInto('goods_sku').values({ goods_id: goodsId, spec: '{}', spec_key: key, price, stock: 1, image: '' } as never).execute();
    await sku(phone.id, 'a', 299900);
    await sku(phone.id, 'b', 379900);
    await sku(tee.id, 'c', 7900);

    await migrate(db, [plugin]);
    const rows = await db.selectFrom('goods_sku').select(['spec_key', 'market_price']).orderBy('spec_key').execute();
    expect(rows).toEqual([
      { spec_key: 'a', market_price: 329900 },
      { spec_key: 'b', market_price: 409900 },
      { spec_key: 'c', market_price: 0 },
    ]);
  });
});
