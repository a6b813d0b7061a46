import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { cartContract } from './contract';
import { seededSkus, setOnSale, setStock, storedLines, type SeededSku } from './fixtures';
import { removeLines, selectedLines } from './public';
import cart from './server';
import { runCommand } from '@kernel/server/operator-options';

let t: TestServer;
let phone: SeededSku[];
let single: SeededSku[];
beforeAll(async () => {
  t = await createTestServer({ plugins: ['cart'], seed: true });
  ({ withSpecs: [phone], single } = await seededSkus(t.db));
  for (const sku of [...phone, single[0]]) await setStock(t.db, sku.skuId, 10);
});
afterAll(() => t.close());

const add = async (user: TestUser, sku: SeededSku, num: number) =>
  (await t.call(cartContract.add, { goods_id: sku.goodsId, sku_id: sku.skuId, num }, { token: user.token })).body.data;

describe("the cart's public surface (plugins/cart/public.ts)", () => {
  it('selectedLines gives the selected lines that can be bought now, newest first', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 2);
    await add(ann, phone[1], 1);
    await add(ann, phone[2], 4);
    const view = await add(ann, single[0], 3);
    const [singleLine, third, second, first] = view.cartList.map((l) => l.id);
    await t.call(cartContract.select, { ids: [second], selected: false }, { token: ann.token });
    await setOnSale(t.db, single[0].goodsId, false);
    try {
      const lines = await t.db.transaction().execute((tx) => selectedLines(tx, ann.id));
      expect(lines).toEqual([
        { lineId: third, goodsId: phone[2].goodsId, skuId: phone[2].skuId, quantity: 4 },
        { lineId: first, goodsId: phone[0].goodsId, skuId: phone[0].skuId, quantity: 2 },
      ]);
      expect(lines.map((l) => l.lineId)).not.toContain(singleLine);
      await setStock(t.db, phone[2].skuId, 0);
      expect((await selectedLines(t.db, ann.id)).map((l) => l.lineId)).toEqual([first]);
    } finally {
      await setOnSale(t.db, single[0].goodsId, true);
      await setStock(t.db, phone[2].skuId, 10);
    }
  });

  it("removeLines removes the shopper's own lines only, inside the caller's transaction", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobs = (await add(bob, phone[0], 1)).cartList[0].id;
    const anns = (await add(ann, phone[1], 1)).cartList[0].id;
    await add(ann, phone[0], 1);
    expect(await t.db.transaction().execute((tx) => removeLines(tx, ann.id, [anns, bobs]))).toBe(1);
    expect((await storedLines(t.db, ann.id)).map((l) => l.sku_id)).toEqual([phone[0].skuId]);
    expect(await storedLines(t.db, bob.id)).toHaveLength(1);
    expect(await removeLines(t.db, ann.id, [])).toBe(0);

    // Rolled back with the caller's transaction: an order that fails keeps the cart.
    await expect(
      t.db.transaction().execute(async (tx) => {
        await removeLines(tx, ann.id, (await selectedLines(tx, ann.id)).map((l) => l.lineId));
        throw new Error('order refused');
      }),
    ).rejects.toThrow('order refused');
    expect(await storedLines(t.db, ann.id)).toHaveLength(1);
  });
});

describe('storefront cart show', () => {
  const show = cart.commands?.find((c) => c.command.startsWith('cart show'));
  const run = (args: string[]) =>
    runCommand(show!, { args, options: {}, ctx: { db: t.db, services: t.services, settings: { maxLines: 100 }, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string) => key } });

  it("lists a shopper's lines priced now, or says the cart is empty or the shopper unknown", async () => {
    const cat = await t.createUser({ username: 'cat' });
    expect((await run(['cat'])).lines).toEqual(['the cart of `cat` is empty']);
    await add(cat, phone[0], 2);
    const result = await run(['cat']);
    expect(result.lines[0]).toMatch(new RegExp(`^\\d+  ${phone[0].name} \\(.+\\)  ×2  ¥\\d+\\.\\d{2}  \\[selected\\]$`));
    expect(result.lines[1]).toBe('2 item(s) in 1 line(s)');
    expect(result.data).toMatchObject({ cartNum: 2 });
    await expect(run(['nobody'])).rejects.toThrow('no shopper `nobody` in site `test`');
  });
});
