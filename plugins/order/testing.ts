/**
 * Test set-up for the order plugin's server tests: a seeded shop, shoppers with money and an
 * address, and a SKU with a known stock.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FakeProject } from '@kernel/server/fake-project';
import type { Db } from '@kernel/server/plugin';
import { createTestServer, REPO_ROOT, type TestServer, type TestUser } from '@kernel/server/testing';
import { setSkuStock } from '@plugins/goods/admin.service';

export interface OrderFixture {
  t: TestServer;
  shopper(money?: number): Promise<TestUser & { addressId: number }>;
  /** An on-sale SKU set to `stock`, with its goods id and price in fen. */
  sku(stock: number): Promise<{ goodsId: number; skuId: number; price: number }>;
}

/**
 * `plugins`: those a test needs besides order (and what they require), e.g. a plugin that adjusts
 * prices. `root`: a project of the test's own (./withRealPlugins) instead of this repository.
 */
export async function orderFixture(plugins: readonly string[] = ['order', 'cart'], options: { root?: string } = {}): Promise<OrderFixture> {
  const t = await createTestServer({ ...options, plugins: [...plugins], seed: true, now: new Date('2026-03-02T02:00:00Z') });
  let skuIndex = 0;
  return {
    t,
    async shopper(money = 100_000_000) {
      const user = await t.createUser({ money });
      const saved = await t.call<{ id: number }>(
        '/api/address/save',
        { name: '王小明', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1 },
        { token: user.token },
      );
      if (saved.body.code !== 1) throw new Error(`address: ${saved.body.msg}`);
      return { ...user, addressId: saved.body.data.id };
    },
    sku: (stock) => onSaleSku(t.db, skuIndex++, stock),
  };
}

/** The `index`th on-sale SKU of the seeded catalogue (wrapping round), its stock set to `stock`. */
export async function onSaleSku(db: Db, index: number, stock: number): Promise<{ goodsId: number; skuId: number; price: number }> {
  const rows = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods_goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 's.price'])
    .where('g.status', '=', 1)
    .orderBy('s.id')
    .execute();
  const row = rows[index % rows.length];
  await setSkuStock(db, row.id, stock);
  return { goodsId: row.goods_id, skuId: row.id, price: row.price };
}

/**
 * Copies every real plugin, and the test-only plugins in `fixtures` (folders of this repository by
 * id), into a fake project (kernel/server/fake-project.ts): the order plugin beside plugins that
 * only tests load. Returns the project's root.
 */
export function withRealPlugins(project: FakeProject, fixtures: Readonly<Record<string, string>> = {}): string {
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, 'plugins'), { withFileTypes: true })) {
    if (entry.isDirectory()) fs.cpSync(path.join(REPO_ROOT, 'plugins', entry.name), path.join(project.root, 'plugins', entry.name), { recursive: true });
  }
  for (const [id, folder] of Object.entries(fixtures)) fs.cpSync(path.join(REPO_ROOT, folder), path.join(project.root, 'plugins', id), { recursive: true });
  return project.root;
}
