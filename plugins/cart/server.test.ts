import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { cartContract, type CartView } from './contract';
import { seededSkus, setOnSale, setPrice, setStock, storedLines, type SeededSku } from './fixtures';

let t: TestServer;
let phone: SeededSku[];
let single: SeededSku[];

beforeAll(async () => {
  t = await createTestServer({ plugins: ['cart'], seed: true, now: Date.UTC(2025, 4, 1) });
  const skus = await seededSkus(t.db);
  phone = skus.withSpecs[0];
  single = skus.single;
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each test starts from known stock and prices.
  for (const sku of [...phone, ...single.slice(0, 2)]) {
    await setStock(t.db, sku.skuId, 10);
    await setPrice(t.db, sku.skuId, sku.price);
    await setOnSale(t.db, sku.goodsId, true);
  }
});

const yuan = (fen: number) => (fen / 100).toFixed(2);
const add = (user: TestUser, sku: SeededSku, num: number | string, lang?: string) =>
  t.call(cartContract.add, { goods_id: sku.goodsId, sku_id: sku.skuId, num }, { token: user.token, lang });
const reload = async (user: TestUser): Promise<CartView> => (await t.call(cartContract.reload, { user_id: user.id }, { token: user.token })).body.data.userInfo;

describe('POST /api/user/reloadUserCart', () => {
  it('answers data.userInfo with cartNum and cartList, empty for a new shopper', async () => {
    const ann = await t.createUser();
    const { status, body } = await t.call(cartContract.reload, { user_id: ann.id }, { token: ann.token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, data: { userInfo: { cartNum: 0, cartList: [] } } });
  });

  it("needs a login, and refuses to read another shopper's cart", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    await add(bob, phone[0], 2);
    expect((await t.call(cartContract.reload, { user_id: ann.id })).status).toBe(401);
    const { status, body } = await t.call(cartContract.reload, { user_id: bob.id }, { token: ann.token });
    expect(status).toBe(403);
    expect(body.data).toBeNull();
  });

  it('prices every line from its SKU now, with line totals of two decimals and cartNum the sum of quantities', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 2);
    await add(ann, single[0], 3);
    await setPrice(t.db, phone[0].skuId, 12345);
    const cart = await reload(ann);
    expect(cart.cartNum).toBe(5);
    expect(cart.cartList.map((l) => [l.sku_id, l.sale_num, l.sale_price, l.total])).toEqual([
      [single[0].skuId, 3, yuan(single[0].price), yuan(single[0].price * 3)],
      [phone[0].skuId, 2, '123.45', '246.90'],
    ]);
  });
});

describe('cart lines in the request language', () => {
  it('names the goods and its spec values in English for an English request, in Chinese otherwise', async () => {
    const ann = await t.createUser();
    const added = await add(ann, phone[0], 1, 'en');
    expect(added.body.data.cartList[0]).toMatchObject({ name: 'Aurora X5 5G Smartphone', spec: 'Obsidian Black / 8GB+128GB' });
    const en = (await t.call(cartContract.reload, { user_id: ann.id }, { token: ann.token, lang: 'en' })).body.data.userInfo;
    expect(en.cartList[0]).toMatchObject({ name: 'Aurora X5 5G Smartphone', spec: 'Obsidian Black / 8GB+128GB' });
    const zh = await reload(ann);
    expect(zh.cartList[0]).toMatchObject({ name: '极光 X5 5G 智能手机', spec: '曜石黑 / 8GB+128GB' });
  });

  it("refuses in the shopper's language, naming the goods in it", async () => {
    const ann = await t.createUser();
    await setStock(t.db, phone[0].skuId, 0);
    const refused = await add(ann, phone[0], 1, 'en');
    expect(refused.body).toMatchObject({ code: 0, msg: expect.stringContaining('Aurora X5 5G Smartphone') });
  });
});

describe('POST /api/cart/add', () => {
  it('adds the chosen SKU as a selected line, and answers the whole cart', async () => {
    const ann = await t.createUser();
    const { body } = await add(ann, phone[0], 2);
    expect(body.code).toBe(1);
    expect(body.data.cartNum).toBe(2);
    expect(body.data.cartList).toEqual([
      {
        id: expect.any(Number),
        goods_id: phone[0].goodsId,
        sku_id: phone[0].skuId,
        name: phone[0].name,
        image: expect.stringMatching(/^\/uploads\//),
        spec: expect.stringMatching(/\S/),
        sale_num: 2,
        sale_price: yuan(phone[0].price),
        total: yuan(phone[0].price * 2),
        stock: 10,
        selected: true,
        on_sale: true,
        valid: true,
      },
    ]);
    expect(body.data).toEqual(await reload(ann));
  });

  it('merges a second add of the same SKU into its line; another SKU gets its own line', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 2);
    await add(ann, phone[1], 1);
    const { body } = await add(ann, phone[0], '3');
    expect(body.data.cartNum).toBe(6);
    expect(body.data.cartList.map((l) => [l.sku_id, l.sale_num])).toEqual([
      [phone[1].skuId, 1],
      [phone[0].skuId, 5],
    ]);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['fractional text', '1.5'],
    ['huge', 1e12],
    ['above the line limit', 10_000],
    ['non-numeric', 'abc'],
    ['empty', ''],
    ['a boolean', true],
    ['null', null],
    ['missing', undefined],
  ])('refuses a %s quantity, naming the field, and changes nothing', async (_name, num) => {
    const ann = await t.createUser();
    await add(ann, phone[0], 1);
    const { status, body } = await t.call('/api/cart/add', { goods_id: phone[0].goodsId, sku_id: phone[0].skuId, num }, { token: ann.token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: '数量须为 1-9999 的整数', data: { field: 'num' } });
    expect(await storedLines(t.db, ann.id)).toMatchObject([{ sku_id: phone[0].skuId, quantity: 1 }]);
  });

  it('says the quantity rule in English too', async () => {
    const ann = await t.createUser();
    expect((await add(ann, phone[0], 0, 'en')).body.msg).toBe('The quantity must be a whole number from 1 to 9999');
  });

  it('refuses a goods that is gone, off sale, or a SKU of another goods, and changes nothing', async () => {
    const ann = await t.createUser();
    const gone = await add(ann, { ...phone[0], skuId: 999_999 }, 1);
    expect(gone.body).toMatchObject({ code: 0, msg: '商品不存在或已删除' });

    const wrongSku = await add(ann, { ...phone[0], skuId: single[0].skuId }, 1, 'en');
    expect(wrongSku.body).toMatchObject({ code: 0, msg: 'The goods has no such option' });
    expect((await add(ann, { ...phone[0], goodsId: 999_999 }, 1)).body).toMatchObject({ code: 0, msg: '所选商品没有这个规格' });

    await setOnSale(t.db, phone[0].goodsId, false);
    const offSale = await add(ann, phone[0], 1);
    expect(offSale.body).toMatchObject({ code: 0, msg: `商品“${phone[0].name}”已下架` });
    expect(await storedLines(t.db, ann.id)).toEqual([]);
  });

  it('keeps a line whose goods was deleted from the catalogue, shown as invalid, and refuses to change its quantity', async () => {
    const ann = await t.createUser();
    const deleted = single[single.length - 1];
    const line = (await add(ann, deleted, 2)).body.data.cartList[0];
    await t.db.deleteFrom('goods_sku').where('goods_id', '=', deleted.goodsId).execute();
    await t.db.deleteFrom('goods_goods').where('id', '=', deleted.goodsId).execute();
    expect((await reload(ann)).cartList).toMatchObject([{ id: line.id, name: '', sale_num: 2, total: '0.00', on_sale: false, valid: false, selected: false }]);
    expect((await t.call(cartContract.setNum, { id: line.id, num: 1 }, { token: ann.token })).body).toMatchObject({ code: 0, msg: '商品不存在或已删除' });
    expect((await add(ann, deleted, 1)).body).toMatchObject({ code: 0, msg: '商品不存在或已删除' });
  });

  it('refuses more than the stock, counting what the cart already holds', async () => {
    const ann = await t.createUser();
    await setStock(t.db, phone[0].skuId, 5);
    expect((await add(ann, phone[0], 6)).body).toMatchObject({ code: 0, msg: `商品“${phone[0].name}”库存不足，最多还能加入 5 件` });
    await add(ann, phone[0], 4);
    expect((await add(ann, phone[0], 2, 'en')).body).toMatchObject({ code: 0, msg: `Not enough stock of "Aurora X5 5G Smartphone": you can add at most 1 more` });
    await add(ann, phone[0], 1);
    expect((await add(ann, phone[0], 1)).body).toMatchObject({ code: 0, msg: `购物车中已有 5 件“${phone[0].name}”，已达库存上限` });
    await setStock(t.db, phone[1].skuId, 0);
    expect((await add(ann, phone[1], 1)).body).toMatchObject({ code: 0, msg: `商品“${phone[0].name}”已售罄` });
    expect(await storedLines(t.db, ann.id)).toMatchObject([{ sku_id: phone[0].skuId, quantity: 5 }]);
  });

  it("refuses a new line past the site's `maxLines` setting, while more of a line already there is fine", async () => {
    const ann = await t.createUser();
    await t.editSite((file) => {
      file.plugins.cart = { enabled: true, settings: { maxLines: 2 } };
    });
    try {
      await add(ann, phone[0], 1);
      await add(ann, phone[1], 1);
      expect((await add(ann, single[0], 1, 'en')).body).toMatchObject({ code: 0, msg: 'Your cart is full: at most 2 different items' });
      expect((await add(ann, phone[0], 1)).body.code).toBe(1);
    } finally {
      await t.editSite((file) => {
        file.plugins.cart = { enabled: true };
      });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(cartContract.add, { goods_id: phone[0].goodsId, sku_id: phone[0].skuId, num: 1 })).status).toBe(401);
  });
});

describe('POST /api/cart/setNum', () => {
  it('sets the quantity: the line total and cartNum follow', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 1);
    const { body } = await add(ann, single[0], 1);
    const line = body.data.cartList.find((l) => l.sku_id === phone[0].skuId)!;
    const set = await t.call(cartContract.setNum, { id: line.id, num: 4 }, { token: ann.token });
    expect(set.body.code).toBe(1);
    expect(set.body.data.cartNum).toBe(5);
    expect(set.body.data.cartList.find((l) => l.id === line.id)).toMatchObject({ sale_num: 4, total: yuan(phone[0].price * 4) });
  });

  it('refuses a quantity above the stock, or that is not a positive whole number', async () => {
    const ann = await t.createUser();
    const line = (await add(ann, phone[0], 2)).body.data.cartList[0];
    await setStock(t.db, phone[0].skuId, 3);
    const over = await t.call(cartContract.setNum, { id: line.id, num: 4 }, { token: ann.token });
    expect(over.body).toMatchObject({ code: 0, msg: `商品“${phone[0].name}”库存仅剩 3 件` });
    for (const num of [0, -2, 2.5, 'x', 1e9]) {
      expect((await t.call('/api/cart/setNum', { id: line.id, num }, { token: ann.token })).body).toMatchObject({ code: 0, msg: '数量须为 1-9999 的整数', data: { field: 'num' } });
    }
    expect(await storedLines(t.db, ann.id)).toMatchObject([{ quantity: 2 }]);
  });

  it("refuses another shopper's line, which stays as it was", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobs = (await add(bob, phone[0], 2)).body.data.cartList[0];
    const { body } = await t.call(cartContract.setNum, { id: bobs.id, num: 1 }, { token: ann.token });
    expect(body).toMatchObject({ code: 0, msg: '购物车中没有这件商品' });
    expect(await storedLines(t.db, bob.id)).toMatchObject([{ id: bobs.id, quantity: 2 }]);
  });

  it('refuses to change a line whose goods went off sale', async () => {
    const ann = await t.createUser();
    const line = (await add(ann, phone[0], 2)).body.data.cartList[0];
    await setOnSale(t.db, phone[0].goodsId, false);
    expect((await t.call(cartContract.setNum, { id: line.id, num: 1 }, { token: ann.token })).body).toMatchObject({ code: 0, msg: `商品“${phone[0].name}”已下架` });
  });
});

describe('POST /api/cart/select', () => {
  it('selects and unselects lines, or all of them', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 1);
    const lines = (await add(ann, phone[1], 1)).body.data.cartList;
    const one = await t.call(cartContract.select, { ids: [lines[0].id], selected: false }, { token: ann.token });
    expect(one.body.data.cartList.map((l) => l.selected)).toEqual([false, true]);
    const none = await t.call(cartContract.select, { all: true, selected: 0 }, { token: ann.token });
    expect(none.body.data.cartList.map((l) => l.selected)).toEqual([false, false]);
    const every = await t.call(cartContract.select, { all: 1, selected: 1 }, { token: ann.token });
    expect(every.body.data.cartList.map((l) => l.selected)).toEqual([true, true]);
  });

  it("leaves another shopper's lines alone, even with their ids or `all`", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobs = (await add(bob, phone[0], 1)).body.data.cartList[0];
    await add(ann, phone[0], 1);
    const { body } = await t.call(cartContract.select, { ids: [bobs.id], selected: false }, { token: ann.token });
    expect(body.data.cartList.map((l) => l.selected)).toEqual([true]);
    await t.call(cartContract.select, { all: true, selected: false }, { token: ann.token });
    expect(await storedLines(t.db, bob.id)).toMatchObject([{ selected: 1 }]);
  });

  it('refuses a selection naming no lines', async () => {
    const ann = await t.createUser();
    expect((await t.call(cartContract.select, { ids: [], selected: true }, { token: ann.token })).body).toMatchObject({ code: 0, msg: '请选择要操作的商品' });
  });

  it('shows a line that cannot be bought (off sale, sold out) as invalid and unselected', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 1);
    await add(ann, phone[1], 1);
    await add(ann, single[0], 1);
    await setStock(t.db, phone[1].skuId, 0);
    await setOnSale(t.db, single[0].goodsId, false);
    const cart = await reload(ann);
    expect(cart.cartList.map((l) => [l.sku_id, l.on_sale, l.valid, l.selected])).toEqual([
      [single[0].skuId, false, false, false],
      [phone[1].skuId, true, false, false],
      [phone[0].skuId, true, true, true],
    ]);
    expect(cart.cartNum).toBe(3);
  });
});

describe('POST /api/cart/delete', () => {
  it('removes the given lines and recounts; ids of another shopper change nothing', async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobs = (await add(bob, phone[0], 2)).body.data.cartList[0];
    await add(ann, phone[0], 2);
    const lines = (await add(ann, phone[1], 3)).body.data.cartList;
    const { body } = await t.call(cartContract.delete, { ids: [lines[0].id, bobs.id] }, { token: ann.token });
    expect(body.code).toBe(1);
    expect(body.data.cartNum).toBe(2);
    expect(body.data.cartList.map((l) => l.sku_id)).toEqual([phone[0].skuId]);
    expect(await storedLines(t.db, bob.id)).toMatchObject([{ id: bobs.id, quantity: 2 }]);
  });

  it('refuses an empty or malformed list of ids', async () => {
    const ann = await t.createUser();
    await add(ann, phone[0], 1);
    expect((await t.call(cartContract.delete, { ids: [] }, { token: ann.token })).body).toMatchObject({ code: 0, msg: '请选择要操作的商品' });
    expect((await t.call('/api/cart/delete', { ids: ['x'] }, { token: ann.token })).body.code).toBe(0);
    expect(await storedLines(t.db, ann.id)).toHaveLength(1);
  });
});

describe('a site without the cart', () => {
  it('answers "plugin disabled"', async () => {
    const ann = await t.createUser();
    await t.setPlugins({ cart: false });
    try {
      const { body } = await t.call(cartContract.reload, {}, { token: ann.token });
      expect(body).toMatchObject({ code: 0, msg: '本站未开启此功能（cart）' });
    } finally {
      await t.setPlugins({ cart: true });
    }
  });
});
