import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCommand } from '@kernel/server/plugin';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { goodsContract } from './contract';
import goods from './server';

describe('storefront goods create', () => {
  let t: TestServer;
  let phones: number;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['goods'], seed: true, now: Date.UTC(2025, 4, 1) });
    phones = (await t.db.selectFrom('goods_category').select('id').where('name', '=', '手机').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const create = (options: Record<string, unknown>) =>
    runOperator(t.app, goods as never, goods.commands?.find((c) => c.command === 'goods create') as OperatorCommand, [], options);

  it('creates goods named in both languages, served to each language', async () => {
    const created = await create({
      category: String(phones), name: '极光 Nano 手机', nameEn: 'Aurora Nano Phone', subtitle: '小屏旗舰', subtitleEn: 'Small flagship', price: '1999', stock: '8',
    });
    const { id } = created.data as { id: number };
    expect(created.lines[0]).toBe(`goods ${id} in site \`test\`: "极光 Nano 手机" ("Aurora Nano Phone"), ¥1999.00, 8 in stock, on sale`);
    const en = (await t.call(goodsContract.detail, { id }, { lang: 'en' })).body.data;
    expect(en).toMatchObject({ name: 'Aurora Nano Phone', subtitle: 'Small flagship', price: '1999.00', stock: 8, unit: '件' });
    const zh = (await t.call(goodsContract.detail, { id })).body.data;
    expect(zh).toMatchObject({ name: '极光 Nano 手机', subtitle: '小屏旗舰' });
  });

  it('shows the Chinese to English readers when no English was given', async () => {
    const { id } = (await create({ category: String(phones), name: '极光 Pro 手机', price: '2999', stock: '1' })).data as { id: number };
    expect((await t.call(goodsContract.detail, { id }, { lang: 'en' })).body.data.name).toBe('极光 Pro 手机');
  });

  it('refuses bad options all at once, naming each, and an unknown category or brand', async () => {
    await expect(create({ name: '', price: 'cheap', stock: '-1', nameEn: 'x'.repeat(161) })).rejects.toThrow(
      /--category: Required[\s\S]*--name: Required[\s\S]*--name-en: At most 160 characters[\s\S]*--price: Please enter a correct amount[\s\S]*--stock: Must be at least 0/,
    );
    await expect(create({ category: '999', brand: '998', name: '手机', price: '1', stock: '1' })).rejects.toThrow(/category 999 does not exist[\s\S]*brand 998 does not exist/);
  });
});
