import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCommand } from '@kernel/server/plugin';
import { createTestServer, REPO_ROOT, type TestServer } from '@kernel/server/testing';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { runOperator } from '../../cli/commands/operator';
import { goodsContract } from './contract';
import goods from './server';

const SAMPLE = path.join(REPO_ROOT, 'config/sample-goods.csv');

describe('storefront goods import config/sample-goods.csv', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['goods'], now: Date.UTC(2025, 4, 1) });
  });
  afterAll(() => t.close());
  const command = (name: string) => goods.commands?.find((c) => c.command.startsWith(name)) as OperatorCommand;
  const importFile = (file: string) => runOperator(t.app, goods as never, command('goods import'), [file], {});

  it('imports the sample cleanly into an empty shop: its categories, brands, goods, SKUs, English and pictures', async () => {
    const result = await importFile(SAMPLE);
    expect(result.lines).toEqual([
      `imported "${SAMPLE}" into site \`test\`: 12 goods added, 0 updated, 0 unchanged`,
      'categories added: 数码, 数码/手机, 数码/耳机, 服饰, 服饰/男装, 服饰/女装, 食品, 食品/茶叶, 食品/零食, 家居, 家居/厨具, 美妆, 美妆/护肤',
      'brands added: 极光, 声悦, 山川, 云栖, 青禾, 木本',
    ]);
    const tree = (await t.call(goodsContract.categoryTree, {}, { lang: 'en' })).body.data;
    expect(tree.map((c) => [c.categoryName, c.initails, c.children.map((k) => k.categoryName)])).toEqual([
      ['Digital', 'S', ['Phones', 'Headphones']], ['Apparel', 'F', ['Men', 'Women']], ['Food', 'S', ['Tea', 'Snacks']],
      ['Home', 'J', ['Kitchen']], ['Beauty', 'M', ['Skincare']],
    ]);
    const list = (await t.call(goodsContract.goodsList, { keyword: '极光', page: 1, limit: 10 })).body.data;
    const x5 = list.list.find((g) => g.name === '极光 X5 5G 手机');
    expect(x5).toMatchObject({ price: '2999.00', market_price: '3299.00', stock: 107, unit: '台', brand_name: '极光' });
    const detail = (await t.call(goodsContract.detail, { id: x5?.id as number }, { lang: 'en' })).body.data;
    expect(detail).toMatchObject({ name: 'Aurora X5 5G Phone', subtitle: '6.7" 120 Hz screen | 5000 mAh battery', model: 'JG-X5' });
    expect(detail.specs.map((d) => [d.label, d.values.map((v) => d.valueLabels?.[v] ?? v)])).toEqual([
      ['Colour', ['Obsidian Black', 'Glacier White']], ['Storage', ['128GB', '256GB']],
    ]);
    expect(detail.images).toEqual([expect.stringMatching(/^\/uploads\/goods\/[0-9a-f]{32}\.svg$/)]);
    expect(existsSync(path.join(t.app.storefront.uploadsDir, detail.images[0].slice('/uploads/'.length)))).toBe(true);
  });

  it('changes nothing when the sample is imported again', async () => {
    expect((await importFile(SAMPLE)).lines).toEqual([`imported "${SAMPLE}" into site \`test\`: 0 goods added, 0 updated, 12 unchanged`]);
  });

  it('refuses a file it cannot read, naming it', async () => {
    await expect(importFile('/nowhere/goods.csv')).rejects.toThrow('cannot read "/nowhere/goods.csv" (ENOENT)');
  });
});
