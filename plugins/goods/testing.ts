/**
 * A small catalogue on a real SQLite file for the goods plugin's tests. It covers the cases the
 * list must tell apart: a parent with two children, an off-sale goods, LIKE wildcards in names,
 * a goods without brand, SKUs with and without specs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabase } from '@kernel/server/test-database';
import { migrate } from '@kernel/server/migrate';
import type { Db } from '@kernel/server/plugin';
import { createBrand, createCategory, createGoods, type NewGoods } from './admin.service';
import plugin from './server';

export const NOW = 1_750_000_000;
const DAY = 86_400;

export interface Catalogue {
  db: Db;
  cat: { digital: number; phone: number; audio: number; apparel: number; men: number };
  brand: { aurora: number; sonic: number; idle: number };
  goods: { x5: number; case: number; pods: number; oldPods: number; tee: number; podsx: number };
  close(): Promise<void>;
}

export async function openCatalogue(): Promise<Catalogue> {
  const dir = mkdtempSync(path.join(tmpdir(), 'goods-'));
  const database = testDatabase(dir);
  const db = database.open();
  await migrate(db, [plugin]);

  const digital = await createCategory(db, { parentId: 0, name: '数码', initials: 's', sort: 1 });
  const apparel = await createCategory(db, { parentId: 0, name: '服饰', initials: 'f', sort: 2 });
  const phone = await createCategory(db, { parentId: digital, name: '手机', initials: 's', sort: 1 });
  const audio = await createCategory(db, { parentId: digital, name: '耳机', initials: 'e', sort: 2 });
  const men = await createCategory(db, { parentId: apparel, name: '男装', initials: 'n' });
  const aurora = await createBrand(db, { name: '极光', initials: 'j', sort: 1 });
  const sonic = await createBrand(db, { name: '声悦', initials: 's', sort: 2 });
  const idle = await createBrand(db, { name: '闲置', initials: 'x', sort: 3 });

  const base = { marketPrice: 0, unit: '件', specs: [], detailHtml: '<p>详情</p>' } satisfies Partial<NewGoods>;
  const single = (yuan: number, stock = 10) => [{ spec: {}, price: yuan * 100, stock }];
  const x5 = await createGoods(db, {
    ...base, categoryId: phone, brandId: aurora, name: '极光 X5 手机', subtitle: '高刷屏', unit: '台', model: 'JG-X5',
    packingList: '手机 ×1', marketPrice: 329900, sales: 100, recommend: true, createdAt: NOW - 3 * DAY,
    images: ['/x5-1.svg', '/x5-2.svg'],
    specs: [{ name: '颜色', values: ['黑', '白'] }, { name: '存储', values: ['128G', '256G'] }],
    skus: [
      { spec: { 颜色: '黑', 存储: '128G' }, price: 299900, stock: 5, image: '/x5-black.svg' },
      { spec: { 颜色: '黑', 存储: '256G' }, price: 329900, stock: 0 },
      { spec: { 颜色: '白', 存储: '128G' }, price: 299900, stock: 2 },
      { spec: { 颜色: '白', 存储: '256G' }, price: 329900, stock: 1 },
    ],
    detailHtml: '<p>屏幕<script>alert(1)</script></p><img src="javascript:alert(1)" onerror="x()">',
  });
  const phoneCase = await createGoods(db, { ...base, categoryId: phone, brandId: aurora, name: '100% 硅胶手机壳', sales: 500, createdAt: NOW - 2 * DAY, skus: single(29) });
  const pods = await createGoods(db, { ...base, categoryId: audio, brandId: sonic, name: '声悦 Pods_Pro 耳机', subtitle: '主动降噪', sales: 300, createdAt: NOW - 5 * DAY, skus: single(499) });
  const oldPods = await createGoods(db, { ...base, categoryId: audio, brandId: sonic, name: '声悦 旧款耳机', sales: 9000, onSale: false, createdAt: NOW - 9 * DAY, skus: single(99) });
  const tee = await createGoods(db, { ...base, categoryId: men, brandId: null, name: '纯棉 T 恤', subtitle: '透气舒适', sales: 50, createdAt: NOW, skus: single(79) });
  const podsx = await createGoods(db, { ...base, categoryId: audio, brandId: sonic, name: '声悦 PodsXPro 耳机', sales: 10, createdAt: NOW - DAY, skus: single(599) });

  return {
    db,
    cat: { digital, phone, audio, apparel, men },
    brand: { aurora, sonic, idle },
    goods: { x5, case: phoneCase, pods, oldPods, tee, podsx },
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
