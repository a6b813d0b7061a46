import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { cartContract } from './contract';
import { seededSkus, setStock, storedLines, type SeededSku } from './fixtures';

let t: TestServer;
let skus: SeededSku[];
beforeAll(async () => {
  t = await createTestServer({ plugins: ['cart'], seed: true });
  skus = (await seededSkus(t.db)).withSpecs[0];
});
afterAll(() => t.close());

describe('concurrent cart changes', () => {
  it('30 adds of the same SKU at once never exceed the stock and end in one line', async () => {
    const ann = await t.createUser();
    await setStock(t.db, skus[0].skuId, 7);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => t.call(cartContract.add, { goods_id: skus[0].goodsId, sku_id: skus[0].skuId, num: 1 }, { token: ann.token })),
    );
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(7);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg.includes('已达库存上限'))).toBe(true);
    expect(await storedLines(t.db, ann.id)).toMatchObject([{ sku_id: skus[0].skuId, quantity: 7 }]);
    const cart = (await t.call(cartContract.reload, {}, { token: ann.token })).body.data.userInfo;
    expect(cart).toMatchObject({ cartNum: 7, cartList: [{ sale_num: 7 }] });
  });

  it('adds of several sizes racing with quantity changes keep the line within the stock, and cartNum the sum', async () => {
    const ann = await t.createUser();
    await setStock(t.db, skus[0].skuId, 20);
    await setStock(t.db, skus[1].skuId, 20);
    const first = (await t.call(cartContract.add, { goods_id: skus[1].goodsId, sku_id: skus[1].skuId, num: 1 }, { token: ann.token })).body.data;
    const line = first.cartList[0].id;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? t.call(cartContract.setNum, { id: line, num: 1 + (i % 7) }, { token: ann.token })
          : t.call(cartContract.add, { goods_id: skus[0].goodsId, sku_id: skus[0].skuId, num: 1 + (i % 4) }, { token: ann.token }),
      ),
    );
    const stored = await storedLines(t.db, ann.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((l) => l.quantity >= 1 && l.quantity <= 20)).toBe(true);
    const cart = (await t.call(cartContract.reload, {}, { token: ann.token })).body.data.userInfo;
    expect(cart.cartNum).toBe(stored.reduce((sum, l) => sum + l.quantity, 0));
  });

  it('two shoppers adding the same SKU at once each get their own line', async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    await setStock(t.db, skus[2].skuId, 3);
    await Promise.all(
      [ann, bob, ann, bob].map((user) => t.call(cartContract.add, { goods_id: skus[2].goodsId, sku_id: skus[2].skuId, num: 1 }, { token: user.token })),
    );
    expect(await storedLines(t.db, ann.id)).toMatchObject([{ quantity: 2 }]);
    expect(await storedLines(t.db, bob.id)).toMatchObject([{ quantity: 2 }]);
  });
});
